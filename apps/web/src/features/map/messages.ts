import { registerCatalogue } from '@/i18n/i18n';
import en from './locales/en.json';
import esCL from './locales/es-CL.json';

// The maps' texts (the Data section's map, a property's position), with their chunks.
registerCatalogue({ 'es-CL': esCL, en });
