import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { compiledCatalogues } from './build/compiled-catalogues';
import { serviceWorker } from './sw/vite-plugin';

// `npm run dev` serves the SPA from Vite and hands API and image requests to the local server.
const API_ORIGIN = 'http://127.0.0.1:8080';

export default defineConfig(({ isSsrBuild }) => ({
  // The server-side build (entry-server.tsx) has no service worker of its own.
  // No React plugin: its Fast Refresh needs React DOM (with Preact an edit reloads the page in `npm run dev`),
  // and Vite compiles the JSX itself.
  plugins: [tailwindcss(), compiledCatalogues(), ...(isSsrBuild ? [] : [serviceWorker()])],
  publicDir: isSsrBuild ? false : 'public',
  // React-toastify without the styles its script injects: src/app/toasts.tsx loads them as a stylesheet.
  // Every import of it, the app's and any other, gets the same build, so one container shows every toast.
  resolve: {
    alias: [
      { find: /^react-toastify$/, replacement: 'react-toastify/unstyled' },
      // Preact runs the app's React source, in the browser and in the server's render
      // (docs/decisions/preact-runtime.md).
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
      { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react(-dom)?$/, replacement: 'preact/compat' },
    ],
  },
  // The server's build bundles every library that imports React, so that they render with Preact too.
  ssr: { noExternal: true },
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
      // React's server-components directive ("use client", in TanStack Query's files) means nothing
      // in a browser bundle; the React plugin used to hush the bundler's note about each one.
      onLog(level, log, handler) {
        if (log.code === 'MODULE_LEVEL_DIRECTIVE' && log.message.includes('"use client"')) return;
        handler(level, log);
      },
      output: {
        codeSplitting: {
          groups: [{ name: 'app', tags: ['$initial'], test: (id: string) => !/(src[\\/]main\.tsx|index\.html)$/.test(id) }],
        },
      },
    },
  },
}));
