import { registerCatalogue } from '@/i18n/i18n';
import en from './locales/en.json';
import esCL from './locales/es-CL.json';

// The saved searches' texts (the grid's "Guardar búsqueda" dialog, the sidebar's list), loaded
// with them after the first screen.
registerCatalogue({ 'es-CL': esCL, en });
