import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_BASE, type Locale } from '@kopi/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { apiRoutes } from './api-routes.ts';
import { type Config, startupWarnings } from './config.ts';
import type { Database } from './db/client.ts';
import { fastifyOptions, type LogStream } from './fastify-options.ts';
import { connectionCap } from './lib/connection-limits.ts';
import { createMailer } from './lib/mailer.ts';
import { publicUrlOf } from './lib/public-url.ts';
import { authPlugin } from './modules/auth/auth.plugin.ts';
import { createAuthRepository } from './modules/auth/auth.repository.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { rateLimitsPlugin } from './modules/auth/rate-limits.plugin.ts';
import { createGoogleRepository } from './modules/google/google.repository.ts';
import { createGoogleSignIn } from './modules/google/google.service.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { imagesRoutes } from './modules/images/images.routes.ts';
import { GUEST_WINDOW_SECONDS, ORDER_WINDOW_SECONDS } from './modules/orders/order-limit.ts';
import { orderStreamPlugin } from './modules/orders/order-stream.plugin.ts';
import type { Placing } from './modules/orders/placing.service.ts';
import { paymentsPlugin } from './modules/payments/payments.plugin.ts';
import { pickupPlugin } from './modules/pickup/pickup.plugin.ts';
import { printingPlugin } from './modules/printing/printing.plugin.ts';
import { menuPlugin } from './modules/products/menu.plugin.ts';
import { visiblePromos } from './modules/promos/promos.service.ts';
import { createRecoveryRepository } from './modules/recovery/recovery.repository.ts';
import { createRecoveryService } from './modules/recovery/recovery.service.ts';
import { shopPlugin } from './modules/shop/shop.plugin.ts';
import { describeShop } from './modules/shop/shop.service.ts';
import { compressPlugin } from './plugins/compress.ts';
import { databasePlugin } from './plugins/database.ts';
import { docsPlugin } from './plugins/docs.ts';
import { errorsPlugin, rejectNulCharacters } from './plugins/errors.ts';
import { readBootScript } from './plugins/first-view/boot-script.ts';
import { trackInFlight } from './plugins/in-flight.ts';
import { jsonDepthPlugin } from './plugins/json-depth.ts';
import { listenerPlugin } from './plugins/listener.ts';
import { localePlugin } from './plugins/locale.ts';
import { requestIdPlugin } from './plugins/request-id.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { webPlugin } from './plugins/web.ts';
import { prepareDatabase } from './prepare.ts';

/** The built SPA beside this package: apps/web/dist. */
const defaultWebDist = () => path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/**
 * Builds the whole server on a database: the one it is given (tests) or the one the config names.
 * Each part is a plugin that opens what it needs and closes it on shutdown: what was opened last
 * closes first (the menu, then the listener, then the database).
 */
export async function buildApp(config: Config, given?: Database, options: { logStream?: LogStream } = {}): Promise<FastifyInstance> {
  const app = Fastify(fastifyOptions(config, options.logStream));
  for (const warning of startupWarnings(config)) app.log.warn(warning);
  // Sockets held open cannot take every file descriptor: beyond the cap a connection is closed at once.
  app.server.maxConnections = connectionCap(config.maxConnections);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const requests = trackInFlight(app);

  await app.register(databasePlugin, { config, given });
  await prepareDatabase(app.database, config);
  await app.register(listenerPlugin);
  await app.register(shopPlugin, { config });
  await app.register(requestIdPlugin);
  const webDist = config.webDist ?? defaultWebDist();
  // Written into the pages the server renders, and allowed by the pages' CSP by its hash.
  const bootScript = readBootScript(webDist);
  await app.register(securityHeadersPlugin, { scriptHashes: bootScript ? [bootScript.cspHash] : [] });
  await app.register(compressPlugin);
  await app.register(localePlugin);
  await app.register(errorsPlugin);
  await app.register(jsonDepthPlugin);
  app.addHook('preValidation', rejectNulCharacters);
  await app.register(rateLimitsPlugin, {
    windowSeconds: config.authRateLimit.windowSeconds,
    keepSeconds: Math.max(config.authRateLimit.windowSeconds, ORDER_WINDOW_SECONDS, GUEST_WINDOW_SECONDS),
  });
  const auth = await createAuthService(createAuthRepository(app.db), app.limiter, config);
  await app.register(authPlugin, { service: auth });
  await app.register(docsPlugin, { shopName: config.shopName });
  await app.register(healthRoutes);

  const publicUrl = publicUrlOf(app, config);
  await app.register(menuPlugin);
  const { events, counter } = config;
  await app.register(orderStreamPlugin, {
    sessions: auth,
    heartbeatMs: events.heartbeatMs,
    maxStreamsPerAccount: events.maxStreamsPerAccount,
  });
  await app.register(pickupPlugin, {
    readyMinutes: counter.statusReadyMinutes,
    maxStreamsPerIp: counter.statusStreamsPerIp,
    heartbeatMs: events.heartbeatMs,
  });
  // Before payments: an order paid online enters the kitchen, and prints, when its payment comes.
  await app.register(printingPlugin, config.printing);
  await app.register(paymentsPlugin, { payments: config.payments, publicUrl });

  // The services the routes use, each built once, here (the shop serves the pages' first views too).
  const { shop } = app;
  const recovery = createRecoveryService({
    repo: createRecoveryRepository(app.db),
    auth,
    limiter: app.limiter,
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
        repo: createGoogleRepository(app.db),
        auth,
        publicUrl,
        log: app.log,
      })
    : undefined;
  const placing: Placing = {
    db: app.db,
    menu: app.menu,
    shop,
    effects: app.orderEffects,
    payments: app.payments,
    rules: {
      ordersPerMinute: config.orderRateLimitPerMinute,
      tableOpenOrders: config.counter.tableOpenOrders,
      guests: { ...config.counter.guests, counter: app.limiter },
    },
  };
  await app.register(apiRoutes, { prefix: API_BASE, config, shop, auth, recovery, googleSignIn, placing, publicUrl });
  // GET /shop's answer at this moment (a product's first view shows its "Set time" from it), and the
  // coupons a visitor sees (the menu's first view shows them above the products on a phone).
  const shopInfo = () => describeShop(shop);
  const visitorPromos = (locale: Locale) => visiblePromos(app.db, shop, false, locale);
  await app.register(imagesRoutes, { db: app.db });
  await app.register(webPlugin, {
    dist: webDist,
    bootScript: bootScript?.source,
    shopNow: () => ({ name: shop.name, hours: shop.hours }),
    shopTimezone: config.shopTimezone,
    googleClientId: config.google?.clientId,
    menu: app.menu,
    shop: shopInfo,
    promos: visitorPromos,
    pickupBoard: () => app.pickupScreen.board(),
    publicUrl,
  });
  // Added last, so it runs first on close: the requests still being handled end before anything closes.
  app.addHook('onClose', () => requests.drained(10_000));
  return app;
}
