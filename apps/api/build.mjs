// Compiles the API to plain JavaScript in dist/ (ADR 020): the server and the command-line tools,
// with their dependencies bundled. Resolving and reading node_modules' files cost the server CPU
// at every start (ADR 020); a few packages stay installed because they read files of
// their own at run time. Runs in well under a second, so the CLI scripts build before they run.
import { cp, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(here, 'dist');

// Entry points become dist/<name>.js, all in one folder: modules find files next to themselves
// through import.meta.url (the migrations, the built web app), so every entry and every shared
// chunk must sit at the same depth as the source tree's src/<folder>/ files expect.
const entryPoints = {
  server: path.join(here, 'src/start.ts'),
  users: path.join(here, 'src/cli/users.ts'),
  'seed-demo': path.join(here, 'src/cli/seed-demo.ts'),
  backup: path.join(here, 'src/cli/backup.ts'),
  restore: path.join(here, 'src/cli/restore.ts'),
  // The listing reader's worker thread, loaded by its pool from beside the server (ADR 058).
  'listing-reader.worker': path.join(here, 'src/modules/listing-import/listing-reader.worker.ts'),
};

/** Packages that load files beside their own code (WASM, native addons, static assets, views). */
const INSTALLED = [
  '@electric-sql/pglite',
  '@fastify/swagger-ui',
  'heic-decode',
  'oidc-provider',
  // Its threads start from its own worker.js, found beside its code.
  'piscina',
  'sharp',
  // pg's optional native driver, never installed.
  'pg-native',
];

const result = await build({
  entryPoints,
  outdir: dist,
  bundle: true,
  splitting: true,
  chunkNames: 'chunk-[hash]',
  format: 'esm',
  platform: 'node',
  target: 'node24',
  sourcemap: 'linked',
  external: INSTALLED,
  // Bundled CommonJS packages call require(); an ES module has none of its own.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  metafile: true,
  logLevel: 'warning',
});
// Files of earlier builds go only after this one is written: a server running from dist/ keeps
// finding the chunks it loads lazily while a command-line tool rebuilds beside it.
const written = new Set(Object.keys(result.metafile.outputs).map((file) => path.resolve(file)));
for (const file of await readdir(dist)) {
  const full = path.join(dist, file);
  if (/\.js(\.map)?$/.test(file) && !written.has(full)) await rm(full);
}
// The migrator reads its SQL files from a folder beside the module that runs it.
await cp(path.join(here, 'src/db/migrations'), path.join(dist, 'migrations'), { recursive: true });
// `npm run users --silent` and the like print only what the tool itself prints.
if (process.env.npm_config_loglevel !== 'silent') {
  process.stdout.write(
    `API built into ${path.relative(process.cwd(), dist)}/ (${Object.keys(entryPoints).join(', ')})\n`,
  );
}
