// In the web app `zod` itself resolves to this module (vite.config.ts), so this runs before any
// schema is built, in whichever chunk comes first. Zod decides whether to compile object parsers
// with `new Function` when a schema is constructed, probing for eval; the page's CSP forbids eval
// (no 'unsafe-eval'), so the probe alone reported a violation.
import { z } from 'zod/v4';

z.config({ jitless: true });

export * from 'zod/v4';
export { default } from 'zod/v4';
