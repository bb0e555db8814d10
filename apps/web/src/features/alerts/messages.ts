import { registerCatalogue } from '@/i18n/i18n';
import en from './locales/en.json';
import esCL from './locales/es-CL.json';

// The alerts' texts (the header's bell and its list), loaded with the bell after the first screen.
registerCatalogue({ 'es-CL': esCL, en });
