import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// `npm run dev` serves the SPA from Vite and hands API and image requests to the local server.
const API_ORIGIN = 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    proxy: {
      '/api': API_ORIGIN,
      '/images': API_ORIGIN,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
});
