import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

// The script that starts the app on a page the server rendered (apps/web/public/first-view-boot.js),
// written into the page rather than asked for: on a slow network a request of its own cost a round
// trip before the page could start, and Lighthouse counted its download in the time to the page's
// largest paint (docs/decisions/first-view.md). The page's Content-Security-Policy allows it by its hash.

export interface BootScript {
  /** The script's text, as it goes between <script> and </script>. */
  source: string;
  /** Its CSP source expression, `'sha256-…'`. */
  cspHash: string;
}

/** The build's boot script (`first-view-boot.js` in `dist`), or undefined when there is no such build. */
export function readBootScript(dist: string | undefined): BootScript | undefined {
  const file = dist ? path.join(dist, 'first-view-boot.js') : undefined;
  if (!file || !existsSync(file)) return undefined;
  // Its whole-line comments are for its readers, not for every page's bytes.
  const source = readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('//'))
    .join('\n');
  // Written into HTML as it is: a "</script" or "<!--" inside would end or change the element.
  if (/<\/script|<!--/i.test(source)) throw new Error(`${file} cannot be written into a page: it contains "</script" or "<!--"`);
  return { source, cspHash: `'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'` };
}
