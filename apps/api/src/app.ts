import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_BASE } from '@kopi/shared';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import { prepareDatabase } from './db/prepare.ts';
import { requestSerializer } from './lib/log-redaction.ts';
import { createMailer } from './lib/mailer.ts';
import { publicUrlOf } from './lib/public-url.ts';
import { createAuthRepository } from './modules/auth/auth.repository.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createRateLimiter } from './modules/auth/rate-limiter.ts';
import { createGoogleRepository } from './modules/google/google.repository.ts';
import { googleRoutes } from './modules/google/google.routes.ts';
import { createGoogleSignIn } from './modules/google/google.service.ts';
import { imagesRoutes } from './modules/images/images.routes.ts';
import { productsRoutes } from './modules/products/products.routes.ts';
import { createMenu } from './modules/products/products.service.ts';
import { promosRoutes } from './modules/promos/promos.routes.ts';
import { createRecoveryRepository } from './modules/recovery/recovery.repository.ts';
import { recoveryRoutes } from './modules/recovery/recovery.routes.ts';
import { createRecoveryService } from './modules/recovery/recovery.service.ts';
import { shopRoutes } from './modules/shop/shop.routes.ts';
import { shopSettings } from './modules/shop/shop.service.ts';
import { transactionsRoutes } from './modules/transactions/transactions.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { authPlugin } from './plugins/auth.ts';
import { compressPlugin } from './plugins/compress.ts';
import { docsPlugin } from './plugins/docs.ts';
import { errorsPlugin, rejectNulCharacters } from './plugins/errors.ts';
import { trackInFlight } from './plugins/in-flight.ts';
import { multipartPlugin } from './plugins/multipart.ts';
import { REQUEST_ID_HEADER, requestIdOf, requestIdPlugin } from './plugins/request-id.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { webPlugin } from './plugins/web.ts';

/** The built SPA beside this package: apps/web/dist. */
function defaultWebDist(): string {
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
}

/**
 * Builds the whole server on a database: the one it is given (tests) or the one the config names.
 * The database is migrated, seeded when empty, and closed with the app when the app opened it.
 */
export async function buildApp(
  config: Config,
  given?: Database,
  options: { logStream?: NonNullable<Exclude<FastifyServerOptions['logger'], boolean>>['stream'] } = {},
): Promise<FastifyInstance> {
  const database =
    given ??
    (await openDatabase({
      url: config.databaseUrl,
      dataDir: config.dataDir,
      // The embedded database's thread died: no request can be answered any more. Stop, so that
      // whatever supervises the shop restarts it (PGlite recovers its folder when it opens again).
      onCrash: (error) => {
        console.error('The embedded database stopped:', error);
        process.exit(1);
      },
    }));
  const { db } = database;
  await prepareDatabase(database, config);

  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers["access-token"]', 'req.headers.cookie'],
      // URLs are logged with their secrets (a reset link's token, Google's code) left out.
      serializers: { req: requestSerializer as never },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    genReqId: requestIdOf,
    trustProxy: config.trustProxy,
    bodyLimit: 1_048_576,
    // A URL Fastify cannot even decode (e.g. a lone %) still gets the API's error body.
    frameworkErrors: (error, request, reply) => {
      void (reply as FastifyReply)
        .code(400)
        .header(REQUEST_ID_HEADER, request.id)
        .send({ msg: `Bad request: ${error.message}`, code: 'validation_failed' });
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Graceful shutdown: the database closes only once the requests still being handled are done.
  const requests = trackInFlight(app);
  app.addHook('onClose', async () => {
    await requests.drained(10_000);
    if (!given) await database.close();
  });

  await app.register(requestIdPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(compressPlugin);
  await app.register(errorsPlugin);
  app.addHook('preValidation', rejectNulCharacters);
  await app.register(multipartPlugin);

  const limiter = createRateLimiter(db, config.authRateLimit.windowSeconds);
  const authService = await createAuthService(createAuthRepository(db), limiter, config);
  await app.register(authPlugin, { service: authService });
  const publicUrl = publicUrlOf(app, config);
  const recovery = createRecoveryService({
    repo: createRecoveryRepository(db),
    auth: authService,
    limiter,
    config,
    mailer: createMailer(config),
    publicUrl,
    log: app.log,
  });
  app.addHook('onClose', () => recovery.close());
  const googleSignIn = config.google
    ? createGoogleSignIn({
        google: config.google,
        clock: config.clock,
        repo: createGoogleRepository(db),
        auth: authService,
        publicUrl,
        log: app.log,
      })
    : undefined;
  await app.register(docsPlugin, { shopName: config.shopName });

  app.get('/health', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/ready', { schema: { hide: true } }, async (request, reply) => {
    try {
      await db.execute(sql`select 1`);
    } catch (error) {
      // A load balancer reads 503 as "send traffic elsewhere"; the cause goes to the log only.
      request.log.error({ err: error }, 'database does not answer');
      return reply.status(503).send({ status: 'unavailable', request_id: request.id });
    }
    return reply.send({ status: 'ready', database: database.kind });
  });

  const shop = shopSettings(config);
  // The menu in memory, read once here (issue #10); the log tells how long it took.
  const menu = createMenu(db);
  const loading = performance.now();
  await menu.load();
  app.log.info(`menu index: ${menu.size} products read in ${Math.round(performance.now() - loading)} ms`);

  await app.register(
    async (api) => {
      await api.register(authRoutes, { service: authService });
      await api.register(recoveryRoutes, { service: recovery });
      await api.register(googleRoutes, { signIn: googleSignIn, secureCookie: () => publicUrl().startsWith('https:') });
      await api.register(usersRoutes, { db, limiter, registerLimit: config.authRateLimit.perIp });
      await api.register(productsRoutes, { db, menu });
      await api.register(promosRoutes, { db });
      await api.register(transactionsRoutes, { db, shop, menu });
      await api.register(shopRoutes, { db, shop });
    },
    { prefix: API_BASE },
  );
  await app.register(imagesRoutes, { db });
  await app.register(webPlugin, {
    dist: config.webDist ?? defaultWebDist(),
    shopName: config.shopName,
    shopTimezone: config.shopTimezone,
    googleClientId: config.google?.clientId,
  });
  return app;
}
