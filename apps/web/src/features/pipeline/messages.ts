import { registerCatalogue } from '@/i18n/i18n';
import en from './locales/en.json';
import esCL from './locales/es-CL.json';

// The board's texts, loaded with its page, in both languages.
registerCatalogue({ 'es-CL': esCL, en });
