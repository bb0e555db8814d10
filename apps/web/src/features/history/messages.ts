import { registerCatalogue } from '@/i18n/i18n';
import en from './locales/en.json';
import esCL from './locales/es-CL.json';

// The history's texts (a property's timeline, the admins' audit), loaded with the pages showing them.
registerCatalogue({ 'es-CL': esCL, en });
