import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dist = path.join(root, 'apps/web/dist');
const assets = path.join(dist, 'assets');
const ROUTER = path.join(root, 'apps/web/src/app/router.tsx');
/** Level 9 (gzip -9): the .gz files the build writes beside each asset, which the server sends. */
const GZIP_LEVEL = 9;

/**
 * The first screen's budget, in gzip bytes (kB = 1,000 B): what a phone on a slow network fetches
 * before BEC can paint, in at most one render-blocking stylesheet. `npm test` fails past it
 * (scripts/size-check.ts) and the bench reports it. 140 kB since ADR 052 (150 before).
 */
export const FIRST_LOAD_BUDGET = { js: 140_000, css: 30_000, stylesheets: 1 };
/** No route's own chunk above this, minified (ADR 052): a page's code, not a library's. */
export const ROUTE_CHUNK_BUDGET = 300_000;
/** Vite warns about any chunk above this (`build.chunkSizeWarningLimit`, 500 kB of minified JS). */
const CHUNK_WARNING_BYTES = 500_000;

type ChunkSize = { name: string; file: string; bytes: number; gzip: number };
export type BundleReport = {
  /** The entry chunk and what index.html makes the browser fetch with it. */
  firstLoad: ChunkSize[];
  firstLoadGzip: number;
  firstLoadCss: number;
  /** The stylesheets `index.html` links: each blocks the first paint. */
  firstLoadStylesheets: string[];
  /** The largest JS chunk of the whole build, minified (not compressed). */
  largestChunk: { file: string; bytes: number };
  /** Each lazily loaded route: its own chunk, plus chunks it imports that the first load lacks. */
  routes: { route: string; chunk: ChunkSize | null; extraGzip: number; extraFiles: string[] }[];
};

/** `npm run build` (vite build into apps/web/dist); answers its log tail on failure. */
export function buildWeb(logFile: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => {
      output += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      output += d.toString();
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      writeFileSync(logFile, output);
      if (code === 0) resolve();
      else
        reject(
          new Error(
            `npm run build failed (exit ${code}):\n${output.trimEnd().split('\n').slice(-20).join('\n')}`,
          ),
        );
    });
  });
}

/** `index-BdF3x_9a.js` → `index`: Vite names chunks `<name>-<8-char hash>.js`. */
const chunkName = (file: string) => file.replace(/-[\w-]{8}\.js$/, '').replace(/\.js$/, '');

const size = (file: string): ChunkSize => {
  const bytes = readFileSync(path.join(assets, file));
  return {
    name: chunkName(file),
    file,
    bytes: bytes.length,
    gzip: gzipSync(bytes, { level: GZIP_LEVEL }).length,
  };
};

/** Static imports of a built chunk (`import … from"./x.js"`, `import"./x.js"`), not dynamic ones. */
const staticImports = (file: string) => {
  const code = readFileSync(path.join(assets, file), 'utf8');
  const found = new Set<string>();
  for (const match of code.matchAll(/(?:\bfrom|\bimport)\s*["']\.\/([^"']+\.js)["']/g)) {
    if (match[1]) found.add(match[1]);
  }
  return [...found];
};

const closure = (start: string[]) => {
  const seen = new Set<string>();
  const queue = [...start];
  while (queue.length) {
    const file = queue.shift();
    if (!file || seen.has(file) || !existsSync(path.join(assets, file))) continue;
    seen.add(file);
    queue.push(...staticImports(file));
  }
  return seen;
};

export function measureBundle(): BundleReport {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const referenced = (pattern: RegExp) =>
    [...html.matchAll(pattern)].map((m) => path.basename(m[1] ?? '')).filter(Boolean);
  // What the browser fetches before anything renders: module scripts and their modulepreloads,
  // plus anything those import statically that the HTML forgot to preload.
  const entry = referenced(/<script[^>]*type="module"[^>]*src="([^"]+\.js)"/g);
  const preloads = referenced(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+\.js)"/g);
  const firstLoadFiles = closure([...entry, ...preloads]);
  const firstLoad = [...firstLoadFiles].map(size).sort((a, b) => b.gzip - a.gzip);
  const css = referenced(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+\.css)"/g);
  const firstLoadCss = css.reduce(
    (sum, file) =>
      sum + gzipSync(readFileSync(path.join(assets, file)), { level: GZIP_LEVEL }).length,
    0,
  );

  // Route modules are whatever router.tsx lazy-imports from @/app/routes.
  const routeNames = [
    ...readFileSync(ROUTER, 'utf8').matchAll(/import\(\s*['"]@\/app\/routes\/([\w-]+)['"]\s*\)/g),
  ].map((m) => m[1] ?? '');
  const files = readdirSync(assets).filter((f) => f.endsWith('.js'));
  const routes = routeNames.map((route) => {
    const file = files.find((f) => chunkName(f) === route && !firstLoadFiles.has(f));
    if (!file) return { route, chunk: null, extraGzip: 0, extraFiles: [] };
    const extra = [...closure([file])].filter((f) => f !== file && !firstLoadFiles.has(f));
    return {
      route,
      chunk: size(file),
      extraGzip: extra.reduce((sum, f) => sum + size(f).gzip, 0),
      extraFiles: extra.map(chunkName),
    };
  });
  const largestChunk = files
    .map((file) => ({ file, bytes: statSync(path.join(assets, file)).size }))
    .reduce((a, b) => (b.bytes > a.bytes ? b : a), { file: '', bytes: 0 });
  return {
    firstLoad,
    firstLoadGzip: firstLoad.reduce((sum, c) => sum + c.gzip, 0),
    firstLoadCss,
    firstLoadStylesheets: css,
    largestChunk,
    routes,
  };
}

/**
 * The built JS and CSS files the service worker's precache does not name (ADR 044: every chunk of
 * a build, so a page served from the cache never asks for one the server no longer has).
 */
export function unprecachedAssets(): string[] {
  const worker = readFileSync(path.join(dist, 'sw.js'), 'utf8');
  const precached = new Set(
    [...worker.matchAll(/["']?url["']?\s*:\s*["']assets\/([^"']+)["']/g)].map((m) => m[1]),
  );
  return readdirSync(assets).filter((f) => /\.(js|css)$/.test(f) && !precached.has(f));
}

/** The route whose own chunk is the largest, minified. */
export function largestRouteChunk(
  report: BundleReport,
): { route: string; chunk: ChunkSize } | null {
  let largest: { route: string; chunk: ChunkSize } | null = null;
  for (const { route, chunk } of report.routes)
    if (chunk !== null && (largest === null || chunk.bytes > largest.chunk.bytes))
      largest = { route, chunk };
  return largest;
}

/** What is over budget, one line each; empty when the build is within it. */
export function overBudget(report: BundleReport): string[] {
  const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
  const over: string[] = [];
  if (report.firstLoadGzip > FIRST_LOAD_BUDGET.js)
    over.push(
      `first-load JS is ${kb(report.firstLoadGzip)} gzip, over the ${kb(FIRST_LOAD_BUDGET.js)} budget (${report.firstLoad.map((c) => `${c.name} ${kb(c.gzip)}`).join(' + ')})`,
    );
  if (report.firstLoadCss > FIRST_LOAD_BUDGET.css)
    over.push(
      `first-load CSS is ${kb(report.firstLoadCss)} gzip, over the ${kb(FIRST_LOAD_BUDGET.css)} budget`,
    );
  if (report.firstLoadStylesheets.length > FIRST_LOAD_BUDGET.stylesheets)
    over.push(
      `the first screen waits for ${report.firstLoadStylesheets.length} stylesheets (${report.firstLoadStylesheets.join(', ')}), over the budget of ${FIRST_LOAD_BUDGET.stylesheets}`,
    );
  for (const { route, chunk } of report.routes) {
    if (chunk !== null && chunk.bytes > ROUTE_CHUNK_BUDGET)
      over.push(
        `route ${route}'s chunk ${chunk.file} is ${kb(chunk.bytes)} minified, over the ${kb(ROUTE_CHUNK_BUDGET)} budget`,
      );
  }
  if (report.largestChunk.bytes > CHUNK_WARNING_BYTES)
    over.push(
      `${report.largestChunk.file} is ${kb(report.largestChunk.bytes)} minified: Vite warns above ${kb(CHUNK_WARNING_BYTES)}`,
    );
  return over;
}
