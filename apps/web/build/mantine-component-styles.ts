import type { Plugin } from 'vite';

/** Each compiled Mantine component reads its class names from `<Name>.module.mjs`. */
const CLASS_NAMES_MODULE = /[\\/]@mantine[\\/]core[\\/]esm[\\/].*[\\/]([A-Za-z]+)\.module\.mjs$/;

/**
 * Mantine ships its whole stylesheet (250 kB) or one per component; listing the right ones by hand
 * is easy to get wrong (a component also needs those of the components it is built on). This
 * plugin imports `@mantine/core/styles/<Name>.css` from the module that holds the component's class
 * names, so each chunk carries exactly the styles of the components it bundles, in Mantine's
 * dependency order (a component's building blocks are imported, and so styled, first). The global
 * styles (baseline, variables, global classes) are imported by main.tsx.
 *
 * Build only: the dev server pre-bundles Mantine, out of this plugin's reach, so main.tsx loads
 * the whole stylesheet there.
 */
export function mantineComponentStyles(): Plugin {
  return {
    name: 'bec:mantine-component-styles',
    apply: 'build',
    transform(code, id) {
      const name = CLASS_NAMES_MODULE.exec(id.split('?')[0] ?? '')?.[1];
      if (!name) return null;
      return { code: `import '@mantine/core/styles/${name}.css';\n${code}`, map: null };
    },
  };
}
