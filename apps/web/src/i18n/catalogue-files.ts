import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { LOCALES, type Locale } from './locale';

// Test helpers: the catalogues and sources on disk, for the guard-rail tests.

export const SRC = join(import.meta.dirname, '..');

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

const sourceFiles = () => walk(SRC);

/** Files that ship: TypeScript outside tests and test helpers. */
export const appSources = () =>
  sourceFiles().filter(
    (file) =>
      /\.tsx?$/.test(file) &&
      !/\.test\.tsx?$/.test(file) &&
      !/[\\/](testing|i18n[\\/]catalogue-files)/.test(file) &&
      !/[\\/]testing[\\/]/.test(file),
  );

export type Catalogue = {
  area: string;
  /** How the app imports its English file (the MessageId type must name each). */
  importPath: string;
  messages: Record<Locale, Record<string, string>>;
};

/** The messages API and web share (ADR 016): rules, field labels, error codes, client failures. */
export const SHARED_AREA = 'contracts';
const SHARED_DIR = join(SRC, '..', '..', '..', 'packages', 'contracts', 'src');

const read = (dir: string, locale: Locale) =>
  JSON.parse(readFileSync(join(dir, 'locales', `${locale}.json`), 'utf8'));

const catalogueIn = (area: string, dir: string, importPath: string): Catalogue => ({
  area,
  importPath,
  messages: Object.fromEntries(LOCALES.map((locale) => [locale, read(dir, locale)])) as Record<
    Locale,
    Record<string, string>
  >,
});

/** Every `<area>/locales/<locale>.json`, grouped by area, and the shared one of the contracts. */
export function catalogues(): Catalogue[] {
  const areas = [
    ...new Set(
      sourceFiles()
        .filter((file) => /[\\/]locales[\\/][^\\/]+\.json$/.test(file))
        .map((file) => relative(SRC, join(file, '..', '..'))),
    ),
  ];
  return [
    ...areas.map((area) => catalogueIn(area, join(SRC, area), `@/${area}/locales/en.json`)),
    catalogueIn(SHARED_AREA, SHARED_DIR, '@bec/contracts/locales/en.json'),
  ];
}
