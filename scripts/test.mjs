#!/usr/bin/env node
// `npm test`: every check of the project, in order. A failing step does not stop the run, so one
// run reports every problem. Test counts come from the runners' JSON reports; a failing lint,
// typecheck, dependency or build step counts as one failed test. The last line printed is always
// `N passed, N failed, N skipped`, and the exit code is non-zero when anything failed.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = mkdtempSync(path.join(os.tmpdir(), 'bec-test-'));
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** @typedef {{ passed: number, failed: number, skipped: number, note?: string }} Counts */
/** @type {{ title: string, counts: Counts, seconds: number }[]} */
const results = [];

function header(index, total, title, command) {
  const text = ` [${index}/${total}] ${title}: ${command} `;
  console.log(`\n${'━'.repeat(4)}${text}${'━'.repeat(Math.max(4, 96 - text.length))}`);
}

/** Runs a command with the output going straight to the terminal; answers its exit code. */
function run(command, args, env = {}) {
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, ...env },
  });
  if (result.error) {
    console.error(`Could not run ${command}: ${result.error.message}`);
    return 1;
  }
  if (result.signal) {
    console.error(`${command} was stopped by ${result.signal}`);
    return 1;
  }
  return result.status ?? 1;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** A check without test counts of its own: it passes or it counts as one failed test. */
const checkStep = (command, args) => () =>
  run(command, args) === 0
    ? { passed: 0, failed: 0, skipped: 0 }
    : { passed: 0, failed: 1, skipped: 0 };

/**
 * Makes sure a failed exit never reads as success: when the runner failed without naming a
 * failed test (a file that did not load, an unhandled error, a server that did not start), that
 * failure counts as one failed test.
 */
function settle(counts, exitCode, what) {
  if (exitCode !== 0 && counts.failed === 0) {
    return { ...counts, failed: 1, note: `${what} exited with code ${exitCode}` };
  }
  return counts;
}

function vitestStep() {
  const file = path.join(reports, 'vitest.json');
  const code = run(bin('vitest'), [
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${file}`,
  ]);
  const report = readJson(file);
  const counts = { passed: 0, failed: 0, skipped: 0 };
  for (const suite of report?.testResults ?? []) {
    const tests = suite.assertionResults ?? [];
    for (const test of tests) {
      if (test.status === 'passed') counts.passed += 1;
      else if (test.status === 'failed') counts.failed += 1;
      else counts.skipped += 1;
    }
    // A test file that fails to load reports no tests at all; it still is a failure.
    if (suite.status === 'failed' && !tests.some((test) => test.status === 'failed')) {
      counts.failed += 1;
    }
  }
  return settle(counts, code, 'vitest');
}

/** As packages/testkit/src/browser.ts finds the browser: CHROMIUM_PATH, else Debian's builds. */
function chromiumProblem() {
  const candidates = process.env.CHROMIUM_PATH
    ? [process.env.CHROMIUM_PATH]
    : ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'];
  const found = candidates.some((file) => {
    try {
      accessSync(file, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
  return found
    ? undefined
    : `no Chromium at ${candidates.join(' or ')} (apt-get install -y chromium-headless-shell, or set CHROMIUM_PATH)`;
}

function playwrightStep() {
  // Without a browser, playwright.config.ts skips every journey, or fails when E2E=required.
  const problem = chromiumProblem();
  const file = path.join(reports, 'playwright.json');
  const code = run(bin('playwright'), ['test', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_FILE: file,
  });
  const stats = readJson(file)?.stats;
  const counts = {
    passed: (stats?.expected ?? 0) + (stats?.flaky ?? 0),
    failed: stats?.unexpected ?? 0,
    skipped: stats?.skipped ?? 0,
  };
  if (stats?.flaky) counts.note = `${stats.flaky} passed only on retry`;
  const settled = settle(counts, code, 'playwright');
  if (problem) {
    settled.note =
      process.env.E2E === 'required'
        ? `E2E=required but ${problem}`
        : `SKIPPED, ${problem}; E2E=required fails instead`;
  }
  return settled;
}

const hasDepcruiseConfig = existsSync(path.join(root, '.dependency-cruiser.cjs'));

const steps = [
  {
    title: 'Lint and format',
    command: 'biome check .',
    action: checkStep(bin('biome'), ['check', '.']),
  },
  { title: 'Typecheck', command: 'tsc -b', action: checkStep(bin('tsc'), ['-b']) },
  {
    title: 'Dependency rules',
    command: 'npm run deps:check',
    action: hasDepcruiseConfig
      ? checkStep(npm, ['run', '--silent', 'deps:check'])
      : () => ({ passed: 0, failed: 0, skipped: 0, note: 'skipped: no .dependency-cruiser.cjs' }),
  },
  {
    title: 'Unused files, exports, deps',
    command: 'npm run knip',
    action: checkStep(npm, ['run', '--silent', 'knip']),
  },
  {
    title: 'Build (web app, API)',
    command: 'npm run build',
    action: checkStep(npm, ['run', 'build']),
  },
  {
    title: 'First-load budget',
    command: 'npm run size',
    action: checkStep(npm, ['run', '--silent', 'size']),
  },
  { title: 'Unit and integration tests', command: 'vitest run', action: vitestStep },
  { title: 'Browser journeys', command: 'playwright test', action: playwrightStep },
];

// npm puts node_modules/.bin first on PATH: the Node 24 of the `node` dev dependency (ADR 020).
console.log(`Node ${process.version} (${process.execPath})`);
if (process.env.DATABASE_URL) {
  let where = 'the database in DATABASE_URL';
  try {
    const url = new URL(process.env.DATABASE_URL);
    where = `${url.host}${url.pathname}`;
  } catch {}
  console.log(
    `DATABASE_URL is set: the API suite runs on PGlite and again on PostgreSQL (${where}).`,
  );
} else {
  console.log('DATABASE_URL is not set: the API suite runs on PGlite only.');
}

const started = Date.now();
steps.forEach((step, index) => {
  header(index + 1, steps.length, step.title, step.command);
  const t0 = Date.now();
  const counts = step.action();
  results.push({ title: step.title, counts, seconds: (Date.now() - t0) / 1000 });
});
rmSync(reports, { recursive: true, force: true });

const total = { passed: 0, failed: 0, skipped: 0 };
console.log(`\n${'━'.repeat(4)} Summary ${'━'.repeat(87)}`);
for (const { title, counts, seconds } of results) {
  total.passed += counts.passed;
  total.failed += counts.failed;
  total.skipped += counts.skipped;
  const tally =
    counts.passed + counts.failed + counts.skipped > 0
      ? `${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`
      : '';
  const status = counts.failed > 0 ? 'FAIL' : 'ok  ';
  const note = counts.note ? ` (${counts.note})` : '';
  console.log(
    `${status} ${title.padEnd(28)} ${`${seconds.toFixed(1)}s`.padStart(7)}  ${tally}${note}`,
  );
}
console.log(
  `     ${'Total time'.padEnd(28)} ${`${((Date.now() - started) / 1000).toFixed(1)}s`.padStart(7)}`,
);
console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exitCode = total.failed > 0 ? 1 : 0;
