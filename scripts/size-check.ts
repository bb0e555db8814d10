/**
 * `npm run size`: the first-load budget of the built web app (apps/web/dist), as `npm test` checks
 * it after the build. Exits 1 when the first screen's JS or CSS is over budget, or a chunk is big
 * enough for Vite to warn.
 */
import { FIRST_LOAD_BUDGET, measureBundle, overBudget } from '../bench/web/bundle-size.js';

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

const report = measureBundle();
console.log(
  `First-load JS ${kb(report.firstLoadGzip)} gzip (budget ${kb(FIRST_LOAD_BUDGET.js)}): ${report.firstLoad.map((c) => `${c.name} ${kb(c.gzip)}`).join(' + ')}`,
);
console.log(
  `First-load CSS ${kb(report.firstLoadCss)} gzip (budget ${kb(FIRST_LOAD_BUDGET.css)}); largest chunk ${report.largestChunk.file} ${kb(report.largestChunk.bytes)} minified`,
);
const over = overBudget(report);
for (const line of over) console.log(`Over budget: ${line}`);
process.exitCode = over.length > 0 ? 1 : 0;
