import { registerCatalogue } from '@/i18n/i18n';
import en from './locales/en.json';
import esCL from './locales/es-CL.json';

// The shared form controls' texts (the number field), with the forms that use them.
registerCatalogue({ 'es-CL': esCL, en });
