import { registerCatalogue } from '@/i18n/i18n';
import en from './locales/en.json';
import esCL from './locales/es-CL.json';

// The upload pipeline's own texts (a PUT's failure), with the code that uploads.
registerCatalogue({ 'es-CL': esCL, en });
