import { registerCatalogue } from '@/i18n/i18n';
import en from './locales/en.json';
import esCL from './locales/es-CL.json';

// The UF settings screen's texts, with its chunk.
registerCatalogue({ 'es-CL': esCL, en });
