// `npm start`: builds what is missing or older than its sources, then runs the production server
// (SPA + API + docs on one port, docs/architecture.md#the-parts). Works from a clean clone after `npm install`.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...parts) => path.join(root, ...parts);

/** The newest modification time of any file under the given paths. */
function newest(paths) {
  let latest = 0;
  const visit = (p) => {
    if (!existsSync(p)) return;
    const stat = statSync(p);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(p)) if (entry !== 'node_modules' && entry !== 'dist') visit(path.join(p, entry));
    } else {
      latest = Math.max(latest, stat.mtimeMs);
    }
  };
  paths.forEach(visit);
  return latest;
}

function buildIfStale(name, output, sources) {
  const built = existsSync(output) ? statSync(output).mtimeMs : 0;
  if (built >= newest(sources)) return;
  console.log(`Building ${name}…`);
  execFileSync('npm', ['run', 'build', '-w', name], { cwd: root, stdio: 'inherit' });
}

const shared = at('packages', 'shared', 'src');
buildIfStale('@kopi/web', at('apps', 'web', 'dist', 'index.html'), [
  at('apps', 'web', 'src'),
  at('apps', 'web', 'index.html'),
  at('apps', 'web', 'public'),
  at('apps', 'web', 'vite.config.ts'),
  shared,
]);
buildIfStale('@kopi/api', at('apps', 'api', 'dist', 'server.js'), [at('apps', 'api', 'src'), at('apps', 'api', 'build.mjs'), shared]);

await import(at('apps', 'api', 'dist', 'server.js'));
