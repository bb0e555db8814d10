import { registerCatalogue } from '@/i18n/i18n';
import en from './locales/en.json';
import esCL from './locales/es-CL.json';

// The Data section's texts (statistics, comparables on the detail page), loaded with the pages
// that show them, in both languages.
registerCatalogue({ 'es-CL': esCL, en });
