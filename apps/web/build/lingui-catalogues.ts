import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

/** A catalogue: `locales/<locale>.json` beside the code whose texts it holds. */
const CATALOGUE_FILE = /[\\/]locales[\\/](?:es-CL|en)\.json$/;

/**
 * Compiles each message of a catalogue (ICU MessageFormat: `{count, plural, one {…} other {…}}`)
 * into Lingui's compiled form when it is imported, in the build, the dev server and the tests.
 * The page then ships no message parser: Lingui's runtime only interpolates. The output is JSON
 * again, so Vite's own JSON handling turns it into a module as usual. A malformed message fails
 * the build, naming its file and key.
 */
export function linguiCatalogues(): Plugin {
  return {
    name: 'bec:lingui-catalogues',
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0] ?? '';
      if (!CATALOGUE_FILE.test(file)) return null;
      return { code: JSON.stringify(compileCatalogue(JSON.parse(code), file)), map: null };
    },
  };
}

export function compileCatalogue(
  messages: Record<string, string>,
  file: string,
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(messages).map(([key, message]) => {
      try {
        return [key, compileMessage(message)];
      } catch (err) {
        throw new Error(`${file}: message "${key}" is not valid ICU MessageFormat: ${err}`);
      }
    }),
  );
}
