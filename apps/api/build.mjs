// Bundles the server into dist/server.js: our TypeScript (and @kopi/shared) compiled in,
// every npm package left as an import.
import { copyFile } from 'node:fs/promises';
import { build } from 'esbuild';

await build({
  entryPoints: ['src/server.ts'],
  outfile: 'dist/server.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  packages: 'external',
  // The package and its subpaths (`@kopi/shared/i18n/en/index`) from its sources.
  alias: { '@kopi/shared': '../../packages/shared/src' },
  logLevel: 'warning',
});

// The embedded database's thread is started from its own file (new Worker(url)), found beside
// whichever module starts it: beside the bundle here, beside worker-pglite.ts in the sources.
await copyFile('src/db/pglite-worker.mjs', 'dist/pglite-worker.mjs');
