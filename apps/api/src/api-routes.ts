import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import type { AuthService } from './modules/auth/auth.service.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { googleRoutes } from './modules/google/google.routes.ts';
import type { GoogleSignIn } from './modules/google/google.service.ts';
import { counterRoutes } from './modules/orders/counter.routes.ts';
import { ordersRoutes } from './modules/orders/orders.routes.ts';
import type { Placing } from './modules/orders/placing.service.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { pickupRoutes } from './modules/pickup/pickup.routes.ts';
import { printingRoutes } from './modules/printing/printing.routes.ts';
import { productsRoutes } from './modules/products/products.routes.ts';
import { promosRoutes } from './modules/promos/promos.routes.ts';
import { recoveryRoutes } from './modules/recovery/recovery.routes.ts';
import type { RecoveryService } from './modules/recovery/recovery.service.ts';
import { shiftsRoutes } from './modules/shifts/shifts.routes.ts';
import { shopRoutes } from './modules/shop/shop.routes.ts';
import type { ShopSettings } from './modules/shop/shop.service.ts';
import { staffRoutes } from './modules/staff/staff.routes.ts';
import { tablesRoutes } from './modules/tables/tables.routes.ts';
import { tillsRoutes } from './modules/tills/tills.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';

/** The services the routes use, built once in app.ts. */
export interface ApiRoutesOptions {
  config: Config;
  shop: ShopSettings;
  auth: AuthService;
  recovery: RecoveryService;
  /** Absent when Google sign-in is not configured. */
  googleSignIn: GoogleSignIn | undefined;
  placing: Placing;
  publicUrl: () => string;
}

/** Every route under API_BASE, each module given what it uses. */
export async function apiRoutes(api: FastifyInstance, options: ApiRoutesOptions) {
  const { config, shop, auth, recovery, googleSignIn, placing, publicUrl } = options;
  const { db, limiter, menu } = api;
  await api.register(authRoutes, { service: auth });
  await api.register(recoveryRoutes, { service: recovery });
  await api.register(googleRoutes, { signIn: googleSignIn, secureCookie: () => publicUrl().startsWith('https:') });
  await api.register(usersRoutes, { db, shop, limiter, registerLimit: config.authRateLimit.perIp });
  await api.register(productsRoutes, { db, menu });
  await api.register(promosRoutes, { db, shop });
  await api.register(ordersRoutes, { placing, stream: api.orderStream });
  await api.register(counterRoutes, { placing, limiter });
  await api.register(staffRoutes, { db });
  await api.register(tillsRoutes, { db, limiter, auth });
  await api.register(shiftsRoutes, { db, shop });
  await api.register(tablesRoutes, { db, publicUrl });
  await api.register(pickupRoutes, { screen: api.pickupScreen });
  await api.register(paymentsRoutes, { payments: api.payments });
  await api.register(shopRoutes, { db, shop });
  await api.register(dashboardRoutes, { db, shop });
  await api.register(printingRoutes, { printing: api.printing, agentKey: config.printing.agentKey });
}
