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

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(folder, entry.name);
    if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : sourceFiles(relative);
    return SOURCE.test(entry.name) ? [relative] : [];
  });
}

it('no comment or setting cites a document outside the repository', () => {
  const citing = [...SOURCE_FOLDERS.flatMap(sourceFiles), ...ROOT_FILES].flatMap((file) =>
    readFileSync(path.join(ROOT, file), 'utf8')
      .split('\n')
      .flatMap((line, index) =>
        citesOutside(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [],
      ),
  );
  expect(citing).toEqual([]);
});
