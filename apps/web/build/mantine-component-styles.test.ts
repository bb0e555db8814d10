import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, it } from 'vitest';
import { mantineComponentStyles } from './mantine-component-styles.ts';

// The package's folder, from its styles.css (its exports do not include package.json).
const core = path.dirname(createRequire(import.meta.url).resolve('@mantine/core/styles.css'));
const GLOBAL_STYLES = ['baseline.css', 'default-css-variables.css', 'global.css'];

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  );

const transform = (id: string) => {
  const hook = mantineComponentStyles().transform as (code: string, id: string) => unknown;
  return hook('export default {};', id) as { code: string } | null;
};

it("maps every Mantine component's class names to its stylesheet, and every stylesheet to a component", () => {
  // A Mantine upgrade that renames either side would leave components unstyled in the build.
  const imported = new Set<string>();
  for (const file of filesUnder(path.join(core, 'esm'))) {
    const result = transform(file);
    if (!result) continue;
    const sheet = /^import '@mantine\/core\/styles\/(\w+\.css)';/.exec(result.code)?.[1];
    expect(sheet, file).toBeDefined();
    imported.add(sheet ?? '');
  }
  const sheets = readdirSync(path.join(core, 'styles')).filter(
    (name) =>
      name.endsWith('.css') && !name.endsWith('.layer.css') && !GLOBAL_STYLES.includes(name),
  );
  expect([...imported].sort()).toEqual(sheets.sort());
});

it('leaves every other module alone', () => {
  expect(transform(path.join(core, 'esm/components/Button/Button.mjs'))).toBeNull();
  expect(transform('/work/app/src/features/x/card.module.css')).toBeNull();
});
