import { registerCatalogue } from '@/i18n/i18n';
import en from './locales/en.json';
import esCL from './locales/es-CL.json';

// The properties screens' texts (grid, filters, detail, add and edit forms, photos), loaded with
// their pages, in both languages.
registerCatalogue({ 'es-CL': esCL, en });
