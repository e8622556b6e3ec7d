// CI's check of the README's quick start on the machine's own Node (docs/decisions/ci-on-node-24.md):
// `npm start` on a fresh data folder (embedded database, demo data) answers /health, serves the shop's
// page and its menu, and stops cleanly on SIGTERM. The whole suite runs on Node 24; this is what the
// quick start's Node 20 must still do. Talks only to 127.0.0.1.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.SMOKE_PORT ?? 8097);
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'kopi-smoke-'));
const started = Date.now();

// Node's flags as `npm start` gives them (package.json: the young generation's size).
const startFlags = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'))
  .scripts.start.split(' ')
  .filter((word) => word.startsWith('--'));
const server = spawn(process.execPath, [...startFlags, path.join(root, 'scripts', 'start.mjs')], {
  cwd: root,
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const exited = new Promise((resolve) => server.once('exit', (code, signal) => resolve({ code, signal })));

function fail(message) {
  console.error(`quick-start smoke: ${message}`);
  server.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(1);
}

async function get(url) {
  const response = await fetch(`${base}${url}`, { signal: AbortSignal.timeout(10_000) });
  return { status: response.status, text: await response.text() };
}

// Up to two minutes: the first start on a clean clone builds the web app and the API.
let healthy = false;
for (let tries = 0; tries < 240 && !healthy; tries++) {
  const early = await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 500, null))]);
  if (early) fail(`the server exited before it answered (${JSON.stringify(early)})`);
  healthy = await get('/health').then(
    (answer) => answer.status === 200,
    () => false,
  );
}
if (!healthy) fail('no answer from /health within two minutes');

const page = await get('/');
if (page.status !== 200 || !page.text.includes('Kopi Senja')) fail(`the home page answered ${page.status} without the shop's name`);
const menu = await get('/api/coffee-project/products/get?limit=5');
const total = menu.status === 200 ? JSON.parse(menu.text).meta?.totalData : undefined;
if (!(total > 0)) fail(`the menu answered ${menu.status} with ${total} products: no demo data`);

server.kill('SIGTERM');
const stop = await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000, null))]);
if (!stop) fail('the server did not stop within 15 s of SIGTERM');
if (stop.code !== 0) fail(`the server stopped with ${JSON.stringify(stop)}, not exit code 0`);
rmSync(dataDir, { recursive: true, force: true });
console.log(
  `quick-start smoke on Node ${process.versions.node}: /health, the home page and ${total} products, a clean stop (${Date.now() - started} ms)`,
);
