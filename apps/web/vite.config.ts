import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { serviceWorker } from './sw/vite-plugin';

// `npm run dev` serves the SPA from Vite and hands API and image requests to the local server.
const API_ORIGIN = 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react(), tailwindcss(), serviceWorker()],
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
});
