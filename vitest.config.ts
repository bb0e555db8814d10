import { globSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * A file by its absolute path: knip reads setupFiles and globalSetup from the repository's root,
 * not the project's root.
 */
const repoFile = (file: string) => fileURLToPath(new URL(`./${file}`, import.meta.url));

/**
 * Test files run in one module graph per worker (`isolate: false`, ADR 049): importing the API or
 * the web app again for every file cost more than the tests themselves (ADR 049 has the figures).
 * A file that replaces a module (`vi.mock`) needs its own graph, so it runs in a twin project,
 * named `<project>-isolated`, that isolates each file.
 */
function shareModules(project: TestProjectInlineConfiguration): TestProjectInlineConfiguration[] {
  const test = project.test ?? {};
  const root = path.resolve(fileURLToPath(new URL('.', import.meta.url)), test.root ?? '.');
  const mocking = globSync(test.include ?? [], { cwd: root, exclude: test.exclude ?? [] }).filter(
    (file) => readFileSync(path.join(root, file), 'utf8').includes('vi.mock('),
  );
  const shared = {
    ...project,
    test: { ...test, isolate: false, exclude: [...(test.exclude ?? []), ...mocking] },
  };
  if (mocking.length === 0) return [shared];
  return [
    shared,
    { ...project, test: { ...test, name: `${test.name}-isolated`, include: mocking } },
  ];
}

// The API suite runs on a fresh PGlite per test file, and again on PostgreSQL when
// DATABASE_URL is set (CI sets it), each file then in its own fresh database.
const apiProject = (db: 'pglite' | 'postgres'): TestProjectInlineConfiguration => ({
  test: {
    name: `api-${db}`,
    root: './apps/api',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The CLI and config tests do not touch TEST_DB's database: once is enough.
    exclude: db === 'postgres' ? ['src/cli/**', 'src/config.test.ts'] : [],
    environment: 'node',
    env: { TEST_DB: db },
    // One migrated database per run, copied by each file's setupApp (test/migrated-template.ts).
    globalSetup: [repoFile('apps/api/test/migrated-template.ts')],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // Vitest's default is one worker less than there are cores: one on a 2-core machine, where
    // the API suites spend much of their time waiting on PostgreSQL, child servers and sockets.
    // Two workers there take the whole run from ~14 to ~4 minutes.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'contracts',
          root: './packages/contracts',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        // Every relative link in README.md and docs/ resolves (ADR 032); no database, no browser.
        test: { name: 'docs', root: '.', include: ['docs/**/*.test.ts'], environment: 'node' },
      },
      apiProject('pglite'),
      ...(process.env.DATABASE_URL ? [apiProject('postgres')] : []),
      {
        // The web app's own Vite config: the React plugin and the `@/` alias.
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
          environment: 'jsdom',
          setupFiles: [
            repoFile('apps/web/src/app/all-catalogues.ts'),
            repoFile('apps/web/src/testing/setup.ts'),
          ],
          // A form test types into a dozen fields: ~3 s on an idle 2-core machine, twice that while
          // the two API suites run beside it in CI; Vitest's default of 5 s failed there.
          testTimeout: 20_000,
        },
      },
    ].flatMap(shareModules),
  },
});
