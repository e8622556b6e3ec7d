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
    // Everything the app's entry imports at once (React, the router, the query cache, the session,
    // the shop's constants…) goes in one chunk, which every page loads anyway: left to itself, the
    // bundler cut it into some thirty small ones, shared in different ways by the lazy pages. Each
    // costs a request, a module to link and evaluate, and main-thread time to ask for it; one chunk
    // made every page's first load 9–10 KB smaller and the landing page's 26 requests fewer
    // (docs/benchmarks.md#first-load-javascript). The entry itself (index.html and main.tsx) stays
    // out of it, or the build would lose its entry script.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: 'app', tags: ['$initial'], test: (id: string) => !/(src[\\/]main\.tsx|index\.html)$/.test(id) }],
        },
      },
    },
  },
}));
