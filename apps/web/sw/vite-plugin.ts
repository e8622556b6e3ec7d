import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
// Relative, not '@kopi/shared': Vite loads its config with Node, which does not run the package's TypeScript.
import { API_BASE, TOKEN_HEADER } from '../../../packages/shared/src/constants';
import { CACHE_NAMES } from '../src/lib/cache-names';
import { isFinalOrderAnswer } from '../src/lib/order-answer';
import { OUTBOX_SYNC } from '../src/lib/outbox-sync';

// Writes the service worker (sw/service-worker.js) into the build with the list of the app's files
// and a version drawn from them, and links the manifest from index.html
// (docs/decisions/offline-and-caching.md: why our own worker rather than Workbox).

const SOURCE = new URL('./service-worker.js', import.meta.url);
/** The public folder's files the shell needs offline (apps/web/public). */
const PUBLIC_FILES = ['/favicon.svg', '/manifest.webmanifest', '/icons/icon-192.png', '/icons/icon-512.png', '/icons/maskable-512.png'];
export function serviceWorker(): Plugin {
  return {
    name: 'kopi-service-worker',
    apply: 'build',
    transformIndexHtml: () => [
      { tag: 'link', attrs: { rel: 'manifest', href: '/manifest.webmanifest' }, injectTo: 'head' },
      { tag: 'link', attrs: { rel: 'apple-touch-icon', href: '/icons/icon-192.png' }, injectTo: 'head' },
    ],
    generateBundle(_options, bundle) {
      const built = Object.keys(bundle)
        .filter((name) => name.startsWith('assets/') && !name.endsWith('.map'))
        .map((name) => `/${name}`)
        .sort();
      const files = ['/', ...PUBLIC_FILES, ...built];
      const version = createHash('sha256').update(files.join('\n')).update(readFileSync(SOURCE)).digest('hex').slice(0, 12);
      const source = readFileSync(SOURCE, 'utf8')
        .replace('__KOPI_VERSION__', version)
        .replace('__KOPI_API_BASE__', API_BASE)
        .replace('__KOPI_TOKEN_HEADER__', TOKEN_HEADER)
        .replace("JSON.parse('__KOPI_CACHE_NAMES__')", JSON.stringify(CACHE_NAMES))
        .replace("JSON.parse('__KOPI_OUTBOX_SYNC__')", JSON.stringify(OUTBOX_SYNC))
        .replace("['__KOPI_APP_FILES__']", JSON.stringify(files))
        .replace('globalThis.__KOPI_IS_FINAL_ORDER_ANSWER__', () => isFinalOrderAnswer.toString());
      // A placeholder left (reformatted, renamed) would ship a worker that fails at install.
      const left = source.match(/__KOPI_\w+__/);
      if (left) throw new Error(`sw/service-worker.js: ${left[0]} was not replaced`);
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}
