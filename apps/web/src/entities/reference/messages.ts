import { registerCatalogue } from '@/i18n/i18n';
import en from './locales/en.json';
import esCL from './locales/es-CL.json';

// The reference selects' own texts (loading, the prompt, no match), with the selects.
registerCatalogue({ 'es-CL': esCL, en });
