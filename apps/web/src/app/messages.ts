import { registerCatalogue } from '@/i18n/i18n';
import esCL from './locales/es-CL.json';

// The shell's texts (layout, navigation, sign-in, Home): Spanish in the first load, English
// fetched when it is the language shown.
registerCatalogue({ 'es-CL': esCL, en: () => import('./locales/en.json') });
