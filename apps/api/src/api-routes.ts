import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import { createMailer } from './lib/mailer.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import type { AuthService } from './modules/auth/auth.service.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { createGoogleRepository } from './modules/google/google.repository.ts';
import { googleRoutes } from './modules/google/google.routes.ts';
import { createGoogleSignIn } from './modules/google/google.service.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { pickupRoutes } from './modules/pickup/pickup.routes.ts';
import { productsRoutes } from './modules/products/products.routes.ts';
import { promosRoutes } from './modules/promos/promos.routes.ts';
import { createRecoveryRepository } from './modules/recovery/recovery.repository.ts';
import { recoveryRoutes } from './modules/recovery/recovery.routes.ts';
import { createRecoveryService } from './modules/recovery/recovery.service.ts';
import { shopRoutes } from './modules/shop/shop.routes.ts';
import type { ShopSettings } from './modules/shop/shop.service.ts';
import { tablesRoutes } from './modules/tables/tables.routes.ts';
import { transactionsRoutes } from './modules/transactions/transactions.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';

export interface ApiRoutesOptions {
  config: Config;
  shop: ShopSettings;
  auth: AuthService;
  publicUrl: () => string;
}

/** Every route under API_BASE, each module given what it uses. */
export async function apiRoutes(api: FastifyInstance, { config, shop, auth, publicUrl }: ApiRoutesOptions) {
  const { db, limiter, menu } = api;
  const recovery = createRecoveryService({
    repo: createRecoveryRepository(db),
    auth,
    limiter,
    config,
    mailer: createMailer(config),
    publicUrl,
    log: api.log,
  });
  api.addHook('onClose', () => recovery.close());
  const googleSignIn = config.google
    ? createGoogleSignIn({ google: config.google, clock: config.clock, repo: createGoogleRepository(db), auth, publicUrl, log: api.log })
    : undefined;

  await api.register(authRoutes, { service: auth });
  await api.register(recoveryRoutes, { service: recovery });
  await api.register(googleRoutes, { signIn: googleSignIn, secureCookie: () => publicUrl().startsWith('https:') });
  await api.register(usersRoutes, { db, shop, limiter, registerLimit: config.authRateLimit.perIp });
  await api.register(productsRoutes, { db, menu });
  await api.register(promosRoutes, { db, shop });
  await api.register(transactionsRoutes, {
    db,
    shop,
    menu,
    stream: api.orderStream,
    payments: api.payments,
    ordersPerMinute: config.orderRateLimitPerMinute,
    tableOpenOrders: config.counter.tableOpenOrders,
    guests: { ...config.counter.guests, counter: limiter },
  });
  await api.register(tablesRoutes, { db, publicUrl });
  await api.register(pickupRoutes, { screen: api.pickupScreen });
  await api.register(paymentsRoutes, { payments: api.payments });
  await api.register(shopRoutes, { db, shop });
  await api.register(dashboardRoutes, { db, shop });
}
