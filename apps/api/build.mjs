// Bundles the server into dist/server.js: our TypeScript (and @kopi/shared) compiled in,
// every npm package left as an import.
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
  alias: { '@kopi/shared': '../../packages/shared/src/index.ts' },
  logLevel: 'warning',
});
