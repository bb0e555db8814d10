import en from '@bec/contracts/locales/en.json';
import esCL from '@bec/contracts/locales/es-CL.json';
import { registerCatalogue } from '@/i18n/i18n';

// The messages API and web share (packages/contracts/src/locales, ADR 016): validation rules,
// field labels, error codes, this side's failures and the stages' names (ADR 029). Loaded with
// the API client or with the first stage name shown, after the first screen.
registerCatalogue({ 'es-CL': esCL, en });
