import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compiledCatalogues } from './build/compiled-catalogues';
import { serviceWorker } from './sw/vite-plugin';

// `npm run dev` serves the SPA from Vite and hands API and image requests to the local server.
const API_ORIGIN = 'http://127.0.0.1:8080';

export default defineConfig(({ isSsrBuild }) => ({
  // The server-side build (entry-server.tsx) has no service worker of its own.
  plugins: [react(), tailwindcss(), compiledCatalogues(), ...(isSsrBuild ? [] : [serviceWorker()])],
  publicDir: isSsrBuild ? false : 'public',
  // React-toastify without the styles its script injects: src/app/toasts.tsx loads them as a stylesheet.
  // Every import of it, the app's and any other, gets the same build, so one container shows every toast.
  resolve: { alias: [{ find: /^react-toastify$/, replacement: 'react-toastify/unstyled' }] },
  server: {
    proxy: {
      '/api': API_ORIGIN,
      '/images': API_ORIGIN,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The server reads which chunks each first view and each language needs from it, to preload them
    // (apps/api/src/plugins/web.ts). The server-side build (entry-server.tsx, into dist-ssr) needs none.
    manifest: !isSsrBuild,
    // The shop's constants and statuses go in one small chunk with every page's first load: left to
    // itself, the bundler splits them into two once there are more lazy pages, one request more on
    // every page (docs/architecture.md#tests-and-targets: 150 KB of gzipped JavaScript).
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: 'constants', test: /packages[\\/]shared[\\/]src[\\/](constants|statuses)\.ts/ }],
        },
      },
    },
  },
}));
