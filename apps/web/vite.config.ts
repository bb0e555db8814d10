import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { appShellScrollbarClass } from './build/app-shell-scrollbar-class.ts';
import { linguiCatalogues } from './build/lingui-catalogues.ts';
import { mantineComponentStyles } from './build/mantine-component-styles.ts';

// In development the API runs on its own port (`npm run dev`); what is not the SPA goes there.
const API_ORIGIN = 'http://localhost:3000';

export default defineConfig({
  plugins: [
    react(),
    linguiCatalogues(),
    mantineComponentStyles(),
    appShellScrollbarClass(),
    // Every text asset also as .br and .gz beside it, at the highest levels: compressed once at
    // build time, served by content negotiation (@fastify/static's preCompressed).
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /\.(js|css|html|svg|json|txt|map)$/,
      threshold: 1024,
    }),
  ],
  resolve: {
    // Mirrors `paths` in tsconfig.json.
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // zod, configured for the page's CSP before any schema is built (src/config/zod.ts).
      {
        find: /^zod$/,
        replacement: fileURLToPath(new URL('./src/config/zod.ts', import.meta.url)),
      },
    ],
  },
  server: {
    proxy: {
      '^/(api|docs|oidc)(/.*)?$': { target: API_ORIGIN },
      '^/(healthz|readyz)$': { target: API_ORIGIN },
      // Photo links and the local driver's upload URLs are paths on the page's own origin.
      '^/(photos|storage)/.*$': { target: API_ORIGIN },
    },
  },
});
