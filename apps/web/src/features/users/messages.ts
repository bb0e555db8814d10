import { registerCatalogue } from '@/i18n/i18n';
import en from './locales/en.json';
import esCL from './locales/es-CL.json';

// The users screen's texts (the members table, role changes, deletions), loaded with its page.
registerCatalogue({ 'es-CL': esCL, en });
