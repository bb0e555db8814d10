/**
 * `npm run lighthouse`: the first screen on a phone, measured. Builds the web app, starts the
 * server as `npm start` does (PGlite, the development sign-in, the demo data) on a fresh data
 * folder, gives a few properties real photos, and runs Lighthouse's default mobile profile on
 * /home signed out, then /properties and a property's page signed in (signed in through the
 * development sign-in, in the same Chromium). Prints scores and metrics against the goals (ADR 013),
 * and what Lighthouse flags; exits with 1 if a goal is missed.
 *
 *   --url http://localhost:3000   measure a running server instead (its development sign-in and
 *                                 its data: nothing is built, started or changed)
 *   --no-build                    use apps/web/dist as it is
 *   --runs 3                      Lighthouse runs per page; the median one is reported
 *
 * The signed-in pages are measured twice: as a returning visit (the service worker installed with
 * the build precached, photos in the HTTP cache), judged by its own goal (performance ≥ 98),
 * and as the first visit after a deploy (no worker, empty caches: every file is new), reported
 * beside it. /home signed out is judged by ADR 013's goals (performance ≥ 95).
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { LaunchedChrome } from 'chrome-launcher';
import { type DemoServer, startDemoServer } from '../common/demo-server.js';
import { elapsedSeconds, progress } from '../common/progress.js';
import { buildWeb } from '../web/bundle-size.js';
import {
  assertChromium,
  browserVersion,
  forgetAppFiles,
  launchChromium,
  MissingBrowserError,
  primeReturningVisit,
  signIn,
} from './chromium-session.js';
import { type DemoPhoto, givePhotos, makeDemoPhotos, propertyWithPhotos } from './demo-photos.js';
import { type MeasuredPage, misses, printFindings, printTable } from './lighthouse-report.js';
import { runLighthouse } from './lighthouse-run.js';
import { startTileServer, type TileServer } from './tile-server.js';

/** An editor: the seeded account a team member signs in with (viewers see the same pages). */
const MEMBER = 'editor@bec.local';
/** Properties given photos: the first ones of the grid, more than a phone shows at once. */
const WITH_PHOTOS = 6;

const { values: args } = parseArgs({
  options: {
    url: { type: 'string' },
    'no-build': { type: 'boolean', default: false },
    runs: { type: 'string', default: '3' },
  },
});
const external = args.url?.replace(/\/+$/, '');
const runs = Number(args.runs);
if (!Number.isInteger(runs) || runs < 1) {
  console.error(`npm run lighthouse: --runs must be a whole number ≥ 1, not ${args.runs}`);
  process.exit(2);
}

// Other work on the two cores moves the figures: the 1-minute load average is printed with them.
const loadAtStart = os.loadavg()[0] ?? 0;
const workDir = mkdtempSync(path.join(os.tmpdir(), 'bec-lighthouse-'));
// Kept after the run (unless empty): the reports are what a developer opens next.
let reportsDir: string | undefined;
let chrome: LaunchedChrome | undefined;
let server: DemoServer | undefined;
let tiles: TileServer | undefined;

/** Synchronous, so it also runs from 'exit' (the server kills itself there: demo-server.ts). */
function cleanUp() {
  chrome?.kill();
  chrome = undefined;
  rmSync(workDir, { recursive: true, force: true, maxRetries: 3 });
  if (reportsDir && readdirSync(reportsDir).length === 0) rmSync(reportsDir, { recursive: true });
}
process.once('exit', cleanUp);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the browser and the server.`);
    process.exit(130);
  });
}

async function measure(): Promise<{ pages: MeasuredPage[]; returningPages: MeasuredPage[] }> {
  assertChromium();
  let base = external;
  let photos: DemoPhoto[] | undefined;
  if (!base) {
    if (args['no-build']) progress('Using apps/web/dist as it is (--no-build)');
    else {
      progress('Building the web app (npm run build)…');
      await buildWeb(path.join(workDir, 'build.log'));
    }
    progress('Starting the server (PGlite, development sign-in, demo data)…');
    // The map's tiles from a local server, as a team's server reaches OpenStreetMap's.
    tiles = await startTileServer();
    [server, photos] = await Promise.all([
      startDemoServer(workDir, { MAP_TILES_URL: tiles.url }),
      makeDemoPhotos(),
    ]);
    base = server.base;
    progress(`Server ready at ${base}; ${photos.length} photos of 2000×1500 made`);
  }

  chrome = await launchChromium(path.join(workDir, 'profile'));
  const { port } = chrome;
  progress(`${await browserVersion(port)} on CDP port ${port}, fresh profile`);

  const outDir = mkdtempSync(path.join(os.tmpdir(), 'bec-lighthouse-reports-'));
  reportsDir = outDir;
  const pages: MeasuredPage[] = [];
  const returningPages: MeasuredPage[] = [];
  /** `returning`: the app's files cached by an earlier visit of this build. */
  const measurePage = async (
    label: string,
    pathname: string,
    signedIn: boolean,
    returning = false,
  ) => {
    progress(`Lighthouse: ${label} (${runs} run${runs === 1 ? '' : 's'})…`);
    const url = `${base}${pathname}`;
    const result = await runLighthouse({
      label,
      url,
      port,
      runs,
      keepStorage: signedIn,
      // Lighthouse resets storage and cache itself, but keeps both when told to keep storage.
      beforeEach: !signedIn
        ? undefined
        : returning
          ? () => primeReturningVisit(port, url)
          : () => forgetAppFiles(port, url),
      outDir,
      fileName: label.replace(/[^\w]+/g, '-').replace(/^-|-$/g, ''),
    });
    server?.assertAlive();
    const performanceGoal = !signedIn ? 95 : returning ? 98 : null;
    (returning ? returningPages : pages).push({ ...result, performanceGoal });
  };

  // Signed out first, on the untouched profile.
  await measurePage('/home signed out', '/home', false);

  progress(`Signing in as ${MEMBER} through the development sign-in…`);
  // Its access tokens last an hour (dev-identity.ts), longer than a run.
  const token = await signIn(port, base, MEMBER);
  let detailId: number;
  if (photos) {
    const ids = await givePhotos(base, token, photos, WITH_PHOTOS);
    progress(`Photos given to properties ${ids.join(', ')} (${photos.length} each)`);
    if (ids[0] === undefined) throw new Error('the server has no demo properties');
    detailId = ids[0];
  } else detailId = await propertyWithPhotos(base, token);

  await measurePage('/properties signed in', '/properties', true);
  await measurePage(`/properties/${detailId} signed in`, `/properties/${detailId}`, true);
  // A member has been here before (to sign in, at least): the same pages with the app's files
  // cached by the service worker, as on every visit but the first after a deploy.
  await measurePage('/properties returning', '/properties', true, true);
  await measurePage(`/properties/${detailId} returning`, `/properties/${detailId}`, true, true);
  return { pages, returningPages };
}

try {
  const { pages, returningPages } = await measure();
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  const indexes = pages.map((p) => Math.round(p.environment.benchmarkIndex)).join(', ');
  console.log(
    `\nLighthouse ${pages[0]?.environment.lighthouse}, mobile profile (simulated slow 4G, 4× CPU slowdown), on ${cpu}, ${os.cpus().length} cores; load average ${loadAtStart.toFixed(2)} at start; benchmarkIndex ${indexes}\n`,
  );
  printTable(pages);
  console.log(
    '\nReturning visit (signed in, the service worker in control with this build precached):\n',
  );
  printTable(returningPages);
  for (const page of pages) printFindings(page);
  const missed = [...misses(pages), ...misses(returningPages)];
  console.log(
    missed.length
      ? `FAIL: ${missed.length} goal(s) missed: ${missed.map((m) => `${m.page} ${m.goal}`).join('; ')}`
      : 'PASS: every goal met on every page.',
  );
  console.log(`Reports in ${reportsDir}. Took ${Math.round(elapsedSeconds())} s.`);
  process.exitCode = missed.length ? 1 : 0;
} catch (error) {
  if (error instanceof MissingBrowserError) console.error(`npm run lighthouse: ${error.message}`);
  else console.error('npm run lighthouse failed:', error);
  if (reportsDir && readdirSync(reportsDir).length)
    console.error(`Reports written so far are in ${reportsDir}.`);
  process.exitCode = 1;
} finally {
  chrome?.kill();
  chrome = undefined;
  await server?.stop();
  await tiles?.close();
}
// Playwright's and Lighthouse's connections may hold the event loop open.
process.exit();
