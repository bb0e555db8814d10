/**
 * `npm run bench:import`: the listing text reader's accuracy table alone, without the database
 * and server the rest of `npm run bench` needs (which prints the same table in its summary).
 * Exits with 1 if a target is missed.
 */
import { listingAccuracy } from './listing-accuracy.js';

const { lines, targets } = listingAccuracy();
console.log(lines.join('\n'));
for (const t of targets) console.log(`${t.pass ? 'PASS' : 'FAIL'}  ${t.name}: ${t.detail}`);
process.exitCode = targets.every((t) => t.pass) ? 0 : 1;
