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

export const sourceFiles = () => walk(SRC);

/** Files that ship: TypeScript outside tests and test helpers. */
export const appSources = () =>
  sourceFiles().filter(
    (file) =>
      /\.tsx?$/.test(file) &&
      !/\.test\.tsx?$/.test(file) &&
      !/[\\/](testing|i18n[\\/]catalogue-files)/.test(file) &&
      !/[\\/]testing[\\/]/.test(file),
  );

export type Catalogue = { area: string; messages: Record<Locale, Record<string, string>> };

/** Every `<area>/locales/<locale>.json`, grouped by area. */
export function catalogues(): Catalogue[] {
  const areas = [
    ...new Set(
      sourceFiles()
        .filter((file) => /[\\/]locales[\\/][^\\/]+\.json$/.test(file))
        .map((file) => relative(SRC, join(file, '..', '..'))),
    ),
  ];
  return areas.map((area) => ({
    area,
    messages: Object.fromEntries(
      LOCALES.map((locale) => [
        locale,
        JSON.parse(readFileSync(join(SRC, area, 'locales', `${locale}.json`), 'utf8')),
      ]),
    ) as Record<Locale, Record<string, string>>,
  }));
}
