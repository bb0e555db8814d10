import { registerCatalogue } from '@/i18n/i18n';
import en from './locales/en.json';
import esCL from './locales/es-CL.json';

// The update banner's and the offline notice's texts, with their chunk (loaded after the first
// screen): both languages are a few words.
registerCatalogue({ 'es-CL': esCL, en });
