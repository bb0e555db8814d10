import { registerCatalogue } from '@/i18n/i18n';
import en from './locales/en.json';
import esCL from './locales/es-CL.json';

// The shared components' texts (the number field, "needs a connection"), with the screens that
// use them.
registerCatalogue({ 'es-CL': esCL, en });
