import { registerCatalogue } from '@/i18n/i18n';
import en from './locales/en.json';
import esCL from './locales/es-CL.json';

// The brokers' texts (the Brokers screen, a broker's page, the broker form), loaded with them.
registerCatalogue({ 'es-CL': esCL, en });
