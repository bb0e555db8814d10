import { registerCatalogue } from '@/i18n/i18n';
import en from './locales/en.json';
import esCL from './locales/es-CL.json';

// The queue's own words ("saved on this device"), with the queue's chunk.
registerCatalogue({ 'es-CL': esCL, en });
