import { registerCatalogue } from '@/i18n/i18n';
import en from './locales/en.json';
import esCL from './locales/es-CL.json';

// The waitlist screen's texts (access requests: grant, delete), loaded with its page.
registerCatalogue({ 'es-CL': esCL, en });
