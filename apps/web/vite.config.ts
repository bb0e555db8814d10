import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
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
    // The service worker and the web app manifest (ADR 044). Our own worker (injectManifest):
    // the offline data and queue to come need code of their own in it. The page registers it
    // itself, after load (features/offline), so nothing is injected into index.html but the
    // manifest's link.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/service-worker',
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'prompt',
      injectManifest: {
        // The shell and every chunk (each route's too), what a page of this build can ask for; the
        // plugin adds the manifest and its icons. Never the .br/.gz siblings: the server
        // negotiates those behind the same URL.
        globPatterns: ['**/*.{js,css,html,svg}'],
      },
      manifest: {
        name: 'BEC · Propiedades',
        short_name: 'BEC',
        description: 'El back-office del equipo para buscar y seguir propiedades en Chile.',
        lang: 'es-CL',
        start_url: '/home',
        scope: '/',
        display: 'standalone',
        // Mantine's primary shade in use (--mantine-color-blue-8, app/theme.ts) and the page's
        // background (--mantine-color-body).
        theme_color: '#1971c2',
        background_color: '#ffffff',
        // scripts/app-icons.ts draws them from public/favicon.svg.
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          {
            src: '/icons/icon-maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
    }),
  ],
  build: {
    rolldownOptions: {
      output: {
        // The first load as one chunk, with one stylesheet: every module the entry imports
        // statically ('$initial'). Left to itself Rolldown moves modules that the first screen
        // shares with lazy chunks (Mantine's Box and Button, TanStack Query's hooks) into chunks of
        // their own, which made three extra requests and a second render-blocking stylesheet, and
        // re-split whenever a lazy chunk imported another (ADR 052).
        codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] },
      },
    },
  },
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
