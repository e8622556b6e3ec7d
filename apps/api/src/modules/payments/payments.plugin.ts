import { API_BASE } from '@kopi/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import { createPaymentMoves } from '../orders/moves.service.ts';
import { createMidtrans } from './midtrans.ts';
import { createPayments, type Payments } from './payments.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** QRIS and bank transfer through the gateway, with their expiry and refund sweeps. */
    payments: Payments;
  }
}

export interface PaymentsPluginOptions {
  payments: Config['payments'];
  /** The shop's public address, where the gateway sends its notifications. */
  publicUrl: () => string;
}

/** Payments, announcing paid orders on the order stream and giving back the units of cancelled ones. */
export const paymentsPlugin = fp(async (app: FastifyInstance, { payments: config, publicUrl }: PaymentsPluginOptions) => {
  const { midtrans } = config;
  const payments = createPayments({
    db: app.db,
    gateway: midtrans ? createMidtrans(midtrans) : undefined,
    serverKey: midtrans?.serverKey,
    notificationUrl: () => `${publicUrl()}${API_BASE}/payments/midtrans/notification`,
    expirySeconds: config.expirySeconds,
    moves: createPaymentMoves(app.menu, app.orderEffects),
    log: app.log,
  });
  app.addHook('preClose', async () => payments.close());
  app.decorate('payments', payments);
});
