import { z } from 'zod';

// Zod probes whether it may compile parsers with `new Function`; the CSP forbids eval (no
// 'unsafe-eval'), so each page load reported a violation. Imported first by main.tsx: the probe
// runs at the first parse.
z.config({ jitless: true });
