import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_BASE, hoursInWords } from '@kopi/shared';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { type Config, startupWarnings } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import { createListener, type Listener } from './db/listen.ts';
import { connectionCap, requestTimeouts } from './lib/connection-limits.ts';
import { phrase, say } from './lib/i18n.ts';
import { requestSerializer } from './lib/log-redaction.ts';
import { createMailer } from './lib/mailer.ts';
import { publicUrlOf } from './lib/public-url.ts';
import { createAuthRepository } from './modules/auth/auth.repository.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createRateLimiter } from './modules/auth/rate-limits.repository.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { createGoogleRepository } from './modules/google/google.repository.ts';
import { googleRoutes } from './modules/google/google.routes.ts';
import { createGoogleSignIn } from './modules/google/google.service.ts';
import { imagesRoutes } from './modules/images/images.routes.ts';
import { createMidtrans } from './modules/payments/midtrans.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { createPayments } from './modules/payments/payments.service.ts';
import { pickupRoutes } from './modules/pickup/pickup.routes.ts';
import { createPickupScreen } from './modules/pickup/pickup.service.ts';
import { productsRoutes } from './modules/products/products.routes.ts';
import { createMenu } from './modules/products/products.service.ts';
import { promosRoutes } from './modules/promos/promos.routes.ts';
import { createRecoveryRepository } from './modules/recovery/recovery.repository.ts';
import { recoveryRoutes } from './modules/recovery/recovery.routes.ts';
import { createRecoveryService } from './modules/recovery/recovery.service.ts';
import { shopRoutes } from './modules/shop/shop.routes.ts';
import { shopSettings } from './modules/shop/shop.service.ts';
import { tablesRoutes } from './modules/tables/tables.routes.ts';
import { ORDER_WINDOW_SECONDS } from './modules/transactions/order-limit.ts';
import { createOrderStream } from './modules/transactions/order-stream.ts';
import { transactionsRoutes } from './modules/transactions/transactions.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { authPlugin } from './plugins/auth.ts';
import { compressPlugin } from './plugins/compress.ts';
import { docsPlugin } from './plugins/docs.ts';
import { errorsPlugin, rejectNulCharacters } from './plugins/errors.ts';
import { trackInFlight } from './plugins/in-flight.ts';
import { jsonDepthPlugin } from './plugins/json-depth.ts';
import { headerLocale, localePlugin } from './plugins/locale.ts';
import { multipartPlugin } from './plugins/multipart.ts';
import { REQUEST_ID_HEADER, requestIdOf, requestIdPlugin } from './plugins/request-id.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { webPlugin } from './plugins/web.ts';
import { prepareDatabase } from './prepare.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Hears NOTIFY from every instance; modules subscribe to their channels (apps/api/src/db/listen.ts). */
    listener: Listener;
  }
}

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
      redact: ['req.headers["access-token"]', 'req.headers.authorization', 'req.headers.cookie'],
      // URLs are logged with their secrets (a reset link's token, Google's code) left out.
      serializers: { req: requestSerializer as never },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    genReqId: requestIdOf(config.trustProxy),
    trustProxy: config.trustProxy,
    bodyLimit: 1_048_576,
    // A body that never arrives must not hold its connection for ever (slowloris): 408 and closed.
    ...requestTimeouts(config.requestTimeoutSeconds),
    // A URL Fastify cannot even decode (e.g. a lone %) still gets the API's error body.
    frameworkErrors: (error, request, reply) => {
      void (reply as FastifyReply)
        .code(400)
        .header(REQUEST_ID_HEADER, request.id)
        .header('content-language', headerLocale(request))
        .send({ msg: say(headerLocale(request), phrase('server.badUrl', { detail: error.message })), code: 'validation_failed' });
    },
  });
  for (const warning of startupWarnings(config)) app.log.warn(warning);
  // Sockets held open cannot take every file descriptor: beyond the cap a connection is closed at once.
  app.server.maxConnections = connectionCap(config.maxConnections);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Graceful shutdown: the database closes only once the requests still being handled are done.
  const requests = trackInFlight(app);
  // The instance's one events listener (docs/decisions/events-over-listen-notify.md).
  const listener = createListener(database, {
    log: { warn: (m) => app.log.warn(m), info: (m) => app.log.info(m), error: (m) => app.log.error(m) },
  });
  app.decorate('listener', listener);
  // Set once the menu is read: its last units sold are announced before the database closes.
  let closeMenu = async () => {};
  // An overlapping restart on the embedded database waits for this process to let go of it.
  app.addHook('preClose', async () => {
    if (!given) await database.draining?.();
  });
  app.addHook('onClose', async () => {
    await requests.drained(10_000);
    await closeMenu();
    await listener.close();
    if (!given) await database.close();
  });

  await app.register(requestIdPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(compressPlugin);
  await app.register(localePlugin);
  await app.register(errorsPlugin);
  await app.register(jsonDepthPlugin);
  app.addHook('preValidation', rejectNulCharacters);
  await app.register(multipartPlugin);

  const limiter = createRateLimiter(db, config.authRateLimit.windowSeconds);
  // Counters whose window ended are forgotten now and then, so that the table does not grow for ever.
  const longestWindow = Math.max(config.authRateLimit.windowSeconds, ORDER_WINDOW_SECONDS);
  const purgeRateLimits = () =>
    limiter.purgeExpired(longestWindow).catch((error: unknown) => app.log.warn({ err: error }, 'rate limits not purged'));
  const purging = setInterval(purgeRateLimits, 10 * 60_000);
  purging.unref();
  app.addHook('onClose', async () => clearInterval(purging));
  void purgeRateLimits();
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
  // The menu in memory, read once here and kept fresh by every instance's announcements
  // (docs/decisions/menu-index.md); the log tells how long the read took. It listens first, so that
  // no change made during the read is missed.
  const menu = createMenu(db, app.log);
  await menu.follow(listener);
  closeMenu = () => menu.close();
  const loading = performance.now();
  await menu.load();
  app.log.info(`menu index: ${menu.size} products read in ${Math.round(performance.now() - loading)} ms`);

  // The live order stream (docs/decisions/events-over-listen-notify.md); its streams end first on
  // shutdown, so that the server stops without waiting for clients that never hang up.
  const orderStream = createOrderStream({
    db,
    listener,
    sessions: authService,
    heartbeatMs: config.events.heartbeatMs,
    maxStreamsPerAccount: config.events.maxStreamsPerAccount,
    log: app.log,
  });
  await orderStream.start();
  app.addHook('preClose', () => orderStream.close());
  const pickupScreen = createPickupScreen({
    db,
    listener,
    readyMinutes: config.counter.statusReadyMinutes,
    maxStreamsPerIp: config.counter.statusStreamsPerIp,
    heartbeatMs: config.events.heartbeatMs,
    log: app.log,
  });
  app.addHook('preClose', () => pickupScreen.close());
  const { midtrans } = config.payments;
  const payments = createPayments({
    db,
    gateway: midtrans ? createMidtrans(midtrans) : undefined,
    serverKey: midtrans?.serverKey,
    notificationUrl: () => `${publicUrl()}${API_BASE}/payments/midtrans/notification`,
    expirySeconds: config.payments.expirySeconds,
    announce: (eventId) => orderStream.created(eventId),
    unsold: (lines) => menu.sold(lines, -1),
    log: app.log,
  });
  app.addHook('preClose', async () => payments.close());

  await app.register(
    async (api) => {
      await api.register(authRoutes, { service: authService });
      await api.register(recoveryRoutes, { service: recovery });
      await api.register(googleRoutes, { signIn: googleSignIn, secureCookie: () => publicUrl().startsWith('https:') });
      await api.register(usersRoutes, { db, shop, limiter, registerLimit: config.authRateLimit.perIp });
      await api.register(productsRoutes, { db, menu });
      await api.register(promosRoutes, { db, shop });
      await api.register(transactionsRoutes, {
        db,
        shop,
        menu,
        stream: orderStream,
        payments,
        ordersPerMinute: config.orderRateLimitPerMinute,
        tableOpenOrders: config.counter.tableOpenOrders,
      });
      await api.register(tablesRoutes, { db, publicUrl });
      await api.register(pickupRoutes, { screen: pickupScreen });
      await api.register(paymentsRoutes, { payments });
      await api.register(shopRoutes, { db, shop });
      await api.register(dashboardRoutes, { db, shop });
    },
    { prefix: API_BASE },
  );
  await app.register(imagesRoutes, { db });
  await app.register(webPlugin, {
    dist: config.webDist ?? defaultWebDist(),
    shopName: config.shopName,
    shopTimezone: config.shopTimezone,
    shopHours: hoursInWords(config.openingHours),
    googleClientId: config.google?.clientId,
  });
  return app;
}
