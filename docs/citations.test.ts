import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

// Comments and configuration cite only files in the repository (ADR 032): never the design
// documents kept outside it, which whoever carries the code on cannot open.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE_FOLDERS = ['apps', 'packages', 'e2e', 'bench', 'scripts', '.ci'];
const ROOT_FILES = [
  '.dependency-cruiser.cjs',
  '.env.example',
  'biome.json',
  'playwright.config.ts',
  'vitest.config.ts',
];
const SKIPPED = new Set(['node_modules', 'dist', '.git']);
const SOURCE = /\.(ts|tsx|js|mjs|cjs|css|json|sql|sh)$|^run$/;
/** The outside documents by name (a repository path such as docs/architecture.md is fine). */
const OUTSIDE_FILE = /(?<![\w/.-])(STYLE|ARCHITECTURE|SPEC|STACK-NOTES)\.md\b/;
/** The original specification cited by section or quoted as "the spec's". */
const OUTSIDE_SPEC = /\bspec §|\bspec section\b|\bthe spec(ification)?'s\b/i;
const citesOutside = (line: string) => OUTSIDE_FILE.test(line) || OUTSIDE_SPEC.test(line);
/**
 * An issue of the tracker, which lives outside the repository: "issue 32", "Issue #32's",
 * "(issue 34, ADR 053)". The ADR that records the decision is cited instead (ADR 063). Counts of
 * validation issues ("at most 20 issues") put the number first and pass.
 */
const ISSUE_NUMBER = /\bissues?\s+#?\d/i;

const sourceLines = () =>
  [...SOURCE_FOLDERS.flatMap(sourceFiles), ...ROOT_FILES].flatMap((file) =>
    readFileSync(path.join(ROOT, file), 'utf8')
      .split('\n')
      .map((line, index) => ({ where: `${file}:${index + 1}`, line: line.trim() })),
  );

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(folder, entry.name);
    if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : sourceFiles(relative);
    return SOURCE.test(entry.name) ? [relative] : [];
  });
}

it('no comment or setting cites a document outside the repository', () => {
  const citing = sourceLines()
    .filter(({ line }) => citesOutside(line))
    .map(({ where, line }) => `${where}: ${line}`);
  expect(citing).toEqual([]);
});

it('no comment, test title or message cites an issue number', () => {
  const citing = sourceLines()
    .filter(({ line }) => ISSUE_NUMBER.test(line))
    .map(({ where, line }) => `${where}: ${line}`);
  expect(citing).toEqual([]);
});

it('tells an issue number from a count of issues', () => {
  for (const cited of ['// issue 32', 'Issue #32 asks', '(issue 34, ADR 053)', "issues 30's"])
    expect(cited).toMatch(ISSUE_NUMBER);
  for (const count of ['at most 20 issues', 'issues_omitted', 'issues: 3', 'error.issues[0]'])
    expect(count).not.toMatch(ISSUE_NUMBER);
});
