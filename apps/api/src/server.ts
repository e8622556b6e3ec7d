import type { AddressInfo } from 'node:net';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, loadEnvFile } from './config.ts';
import { DatabaseBusy } from './db/client.ts';

// `npm start`: one process serving the SPA, the API and the docs on one port (docs/architecture.md#the-parts).

async function main() {
  loadEnvFile();
  const config = loadConfig();
  const app = await buildApp(config);

  // Graceful shutdown: stop accepting, let in-flight requests finish, then close the database.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    // A connection still open once the streams have ended and the requests had time to finish
    // (seen: a client that aborted its stream without closing its socket) would hold the close
    // until the exit above, leaving the database unclosed: it is closed instead.
    const stragglers = setTimeout(() => app.server.closeAllConnections(), 3_000);
    stragglers.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  // PORT=0 asks for any free port: say the one given.
  const { port } = app.server.address() as AddressInfo;
  app.log.info(
    `${config.shopName} is open on http://localhost:${port} (docs at /api/coffee-project/docs, database: ${config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`})`,
  );
}

main().catch((error) => {
  if (error instanceof ConfigError) {
    console.error(`Configuration error: ${error.message}`);
  } else if (error instanceof DatabaseBusy) {
    console.error(error.message);
  } else {
    console.error('Failed to start:', error);
  }
  process.exit(1);
});
