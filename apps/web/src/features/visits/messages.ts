import { registerCatalogue } from '@/i18n/i18n';
import en from './locales/en.json';
import esCL from './locales/es-CL.json';

// The visits' texts (a property's visit log and form, Home's upcoming visits), loaded with them.
registerCatalogue({ 'es-CL': esCL, en });
