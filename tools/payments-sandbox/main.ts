import { existsSync } from 'node:fs';
import { startSandbox } from './sandbox.ts';

// `npm run payments:sandbox`: the sandbox on this machine, with the shop's server key. Reads .env
// like the shop does (a variable set in the environment wins), so both share MIDTRANS_SERVER_KEY.

if (existsSync('.env')) process.loadEnvFile('.env');
const serverKey = process.env.MIDTRANS_SERVER_KEY ?? '';
const port = Number(process.env.SANDBOX_PORT ?? process.env.PORT ?? 8790);
if (!serverKey) {
  console.error('Set MIDTRANS_SERVER_KEY (the same value as the shop’s) to start the payments sandbox.');
  process.exit(1);
}
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error('SANDBOX_PORT (or PORT) must be a port number.');
  process.exit(1);
}

const sandbox = await startSandbox({ serverKey, port, log: (line) => console.log(line) });
console.log(`Payments sandbox on ${sandbox.url}`);
console.log(`Point the shop at it with MIDTRANS_API_URL=${sandbox.url}; pay a charge on ${sandbox.url}/pay/<order_id>.`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    sandbox.close().then(() => process.exit(0));
  });
}
