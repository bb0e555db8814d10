/**
 * `npm run size`: the first-load budget of the built web app (apps/web/dist), as `npm test` checks
 * it after the build. Exits 1 when the first screen's JS or CSS is over budget, it needs more than
 * one stylesheet, a route's own chunk is over its budget, a chunk is big enough for Vite to warn,
 * or the service worker does not precache every JS and CSS file of the build.
 */
import {
  FIRST_LOAD_BUDGET,
  largestRouteChunk,
  measureBundle,
  overBudget,
  ROUTE_CHUNK_BUDGET,
  unprecachedAssets,
} from '../bench/web/bundle-size.js';

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

const report = measureBundle();
console.log(
  `First-load JS ${kb(report.firstLoadGzip)} gzip (budget ${kb(FIRST_LOAD_BUDGET.js)}): ${report.firstLoad.map((c) => `${c.name} ${kb(c.gzip)}`).join(' + ')}`,
);
console.log(
  `First-load CSS ${kb(report.firstLoadCss)} gzip in ${report.firstLoadStylesheets.length} stylesheet(s) (budget ${kb(FIRST_LOAD_BUDGET.css)} in ${FIRST_LOAD_BUDGET.stylesheets})`,
);
const route = largestRouteChunk(report);
console.log(
  `Largest route chunk ${route ? `${route.route} ${kb(route.chunk.bytes)}` : 'none'} minified (budget ${kb(ROUTE_CHUNK_BUDGET)} each); largest chunk ${report.largestChunk.file} ${kb(report.largestChunk.bytes)} minified`,
);
const unprecached = unprecachedAssets();
console.log(
  unprecached.length === 0
    ? 'Service worker precache: every JS and CSS file of the build'
    : `Service worker precache lacks: ${unprecached.join(', ')}`,
);
const over = overBudget(report);
if (unprecached.length > 0) over.push(`${unprecached.length} built file(s) not precached`);
for (const line of over) console.log(`Over budget: ${line}`);
process.exitCode = over.length > 0 ? 1 : 0;
