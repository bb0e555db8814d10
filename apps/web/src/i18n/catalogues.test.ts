import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { catalogueKeys } from '@bec/contracts';
import { describe, expect, it } from 'vitest';
import { compileCatalogue } from '../../build/lingui-catalogues';
import { appSources, catalogues, SHARED_AREA, SRC } from './catalogue-files';
import { LOCALES } from './locale';

const all = catalogues();

/** The `{placeholders}` a message uses, plural and select arguments included. */
const placeholders = (message: string) =>
  [...message.matchAll(/\{\s*([A-Za-z0-9_]+)\s*[,}]/g)].map((match) => match[1]).sort();

describe('the catalogues', () => {
  it('exist for each area in every language', () => {
    expect(all.map(({ area }) => area)).toEqual(expect.arrayContaining(['app', SHARED_AREA]));
  });

  it.each(all)('$area: every key exists in every language, none empty', ({ messages }) => {
    const english = Object.keys(messages.en).sort();
    for (const locale of LOCALES) {
      expect(Object.keys(messages[locale]).sort(), `keys of ${locale}`).toEqual(english);
      const empty = Object.entries(messages[locale]).filter(([, text]) => text.trim() === '');
      expect(empty, `empty ${locale} messages`).toEqual([]);
    }
  });

  it.each(all)(
    '$area: each message compiles, with the same placeholders in every language',
    ({ area, messages }) => {
      for (const locale of LOCALES) compileCatalogue(messages[locale], `${area}/${locale}`);
      const mismatched = Object.keys(messages.en).filter((key) =>
        LOCALES.some(
          (locale) =>
            placeholders(messages[locale][key] ?? '').join() !==
            placeholders(messages.en[key] ?? '').join(),
        ),
      );
      expect(mismatched).toEqual([]);
    },
  );

  it('no key is defined by two areas', () => {
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const { area, messages } of all) {
      for (const key of Object.keys(messages.en)) {
        if (seen.has(key)) twice.push(`${key} (${seen.get(key)} and ${area})`);
        seen.set(key, area);
      }
    }
    expect(twice).toEqual([]);
  });

  it('every key is used by the app, written out whole (no keys built from parts)', () => {
    const code = appSources()
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    const unused = all
      .filter(({ area }) => area !== SHARED_AREA)
      .flatMap(({ area, messages }) =>
        Object.keys(messages.en)
          .filter((key) => !code.includes(`'${key}'`) && !code.includes(`"${key}"`))
          .map((key) => `${area}: ${key}`),
      );
    expect(unused).toEqual([]);
  });

  it('the shared catalogue has exactly the keys the contracts name: rules, fields, codes, failures', () => {
    // Its keys are used where the contracts' checks name a rule, in the API and in lib/: each
    // comes from a closed set of @bec/contracts, so one missing or left over is found here.
    const shared = all.find(({ area }) => area === SHARED_AREA);
    expect(Object.keys(shared?.messages.en ?? {}).sort()).toEqual(catalogueKeys().sort());
  });

  it('every area is part of the MessageId type', () => {
    const types = readFileSync(join(SRC, 'i18n', 'message-id.ts'), 'utf8');
    const missing = all.map(({ importPath }) => importPath).filter((path) => !types.includes(path));
    expect(missing).toEqual([]);
  });
});
