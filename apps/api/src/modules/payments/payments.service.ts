import { randomBytes } from 'node:crypto';
import { nameOf, PAYMENT, PAYMENT_METHODS, VA_BANK_NAMES, type VaBank } from '@kopi/shared';
import type { Db } from '../../db/client.ts';
import { AppError, badRequest, notFound, paymentUnavailable } from '../../lib/errors.ts';
import { phrase } from '../../lib/i18n.ts';
import type { PaymentMoves } from '../orders/moves.service.ts';
import { grossAmountMatches, type Midtrans, MidtransError, MidtransUnreachableError, verifySignature } from './midtrans.ts';
import {
  findExpiredUnpaid,
  findPayment,
  findPaymentByGatewayId,
  findRefundsOwed,
  insertPayment,
  lockPayment,
  markPaid,
  markRefunded,
  markRefundFailed,
  markUnpaid,
  type PaymentRow,
} from './payments.repository.ts';

// Getting paid (docs/shop-rules.md#payments, docs/decisions/payments-confirmed.md): an order paid by
// QRIS or bank transfer is charged at the gateway as soon as it is stored, waits in Awaiting payment,
// and moves on only when the gateway says so: a notification, checked by its signature and then
// confirmed by the gateway's status API, or its expiry, swept by every instance (the guarded update
// lets one of them cancel each order). A payment that comes after its order was cancelled, and the
// payment of an order cancelled once paid, are given back by a refund.

/** How often the expiry sweep runs: an unpaid order is cancelled within this much after its time. */
const SWEEP_MS = 1000;
/** How long past its expiry an order waits for the gateway's word on its payment before it is cancelled anyway. */
const EXPIRY_GRACE_SECONDS = 60;
/** How often, and how long after its cancellation, a refund cut short is asked for again. */
const REFUND_SWEEP_MS = 30_000;

export interface PaymentsOptions {
  db: Db;
  /** The gateway; undefined when MIDTRANS_SERVER_KEY is not set (payments off). */
  gateway: Midtrans | undefined;
  /** The server key, to check the notifications' signatures. */
  serverKey: string | undefined;
  /** Where the gateway sends its notifications: the shop's public address. */
  notificationUrl: () => string;
  expirySeconds: number;
  /** The moves of an order its payment makes: the orders module's, the only writer of orders. */
  moves: PaymentMoves;
  log: { warn(message: string): void; error(message: string): void };
}

/** What the gateway's notification carries that the shop reads (all as sent). */
interface Notification {
  order_id: string;
  status_code: string;
  gross_amount: string;
  signature_key: string;
  transaction_status?: string;
  fraud_status?: string;
}

const isNotification = (body: unknown): body is Notification & Record<string, unknown> =>
  typeof body === 'object' &&
  body !== null &&
  ['order_id', 'status_code', 'gross_amount', 'signature_key'].every((k) => typeof (body as Record<string, unknown>)[k] === 'string');

/** What the gateway says became of a payment: paid (when, and its transaction), ended unpaid, or still pending. */
type Verdict = { paid: true; settledAt: Date; transactionId: string } | { ended: 'expired' | 'failed' } | { pending: true };

/** What a notification did, for its answer. */
export type NotificationOutcome = 'paid' | 'cancelled' | 'refunded' | 'unchanged';

export function createPayments(options: PaymentsOptions) {
  const { db, gateway, moves, log } = options;

  const methodName = (payment: PaymentRow) =>
    payment.payment_id === PAYMENT.bankTransfer && payment.bank
      ? `${VA_BANK_NAMES[payment.bank as VaBank] ?? payment.bank} transfer`
      : (nameOf(PAYMENT_METHODS, payment.payment_id) ?? 'payment');

  /** A change of the payment alone (`mark`: whether it changed) reaches every screen of its order, in one transaction. */
  const changePayment = (transactionId: number, mark: (tx: Db) => Promise<boolean>) =>
    db.transaction(async (trx) => {
      const tx = trx as Db;
      if (await mark(tx)) await moves.paymentChanged(tx, transactionId);
    });

  /** Gives a paid order's money back (nothing for any other payment); a refusal is recorded on the order for the shop to refund by hand. */
  async function refund(payment: PaymentRow | undefined, reason: string): Promise<void> {
    if (payment?.status !== 'paid' || !gateway) return;
    const transactionId = payment.transaction_id;
    try {
      // The same key on a retry is the same refund at the gateway.
      await gateway.refund(payment.gateway_order_id, { amount: payment.total, reason, refundKey: `refund-${payment.gateway_order_id}` });
      await changePayment(transactionId, (tx) => markRefunded(tx, transactionId));
    } catch (error) {
      if (error instanceof MidtransUnreachableError) {
        // Perhaps made, perhaps not: the refunds sweep asks again with the same refund key.
        log.warn(`payments: order ${transactionId}'s refund got no answer; it is asked again`);
        return;
      }
      if (!(error instanceof MidtransError)) throw error;
      const why = `the gateway refused the refund (${error.statusCode}: ${error.statusMessage})`;
      log.warn(`payments: order ${transactionId} could not be refunded: ${why}`);
      await changePayment(transactionId, (tx) => markRefundFailed(tx, transactionId, why));
    }
  }

  /** Cancels unpaid orders, their payments marked `status`, and gives their units back: the orders cancelled. */
  async function cancel(ids: readonly number[], reason: string, status: 'expired' | 'failed') {
    const cancelled = await db.transaction(async (trx) => {
      const tx = trx as Db;
      const moved = await moves.cancelUnpaid(tx, ids, reason);
      if (moved.orders.length) await markUnpaid(tx, moved.orders, status);
      return moved;
    });
    if (cancelled.lines.length) moves.unsold(cancelled.lines);
    return cancelled.orders;
  }

  /** What the gateway's confirmed word means for an order awaiting its payment. */
  const verdictOf = (confirmed: Awaited<ReturnType<Midtrans['status']>>): Verdict => {
    if (confirmed.status === 'settlement' || (confirmed.status === 'capture' && confirmed.fraudStatus === 'accept')) {
      return { paid: true, settledAt: confirmed.settledAt ?? new Date(), transactionId: confirmed.transactionId };
    }
    if (confirmed.status === 'expire') return { ended: 'expired' };
    if (['cancel', 'deny', 'failure'].includes(confirmed.status)) return { ended: 'failed' };
    return { pending: true }; // pending, a refund's own status, …
  };

  /** A payment that ended unpaid: its order is cancelled, saying how. */
  const cancelEnded = (transactionId: number, ended: 'expired' | 'failed') =>
    cancel([transactionId], ended === 'expired' ? 'Payment expired' : 'Payment failed', ended);

  /**
   * The orders whose payment time is up. The gateway is asked first: a payment made in the last
   * seconds whose notification has not come yet is paid, not cancelled (and refunded; a bank
   * transfer's refund is by hand). One the gateway says is still pending, or that it does not
   * answer about, waits EXPIRY_GRACE_SECONDS at most; then it is cancelled, and a payment that still
   * comes is refunded. Orders never charged are cancelled at once.
   */
  async function sweepExpired(): Promise<void> {
    let reachable = gateway !== undefined;
    for (const due of await findExpiredUnpaid(db, options.expirySeconds)) {
      let verdict: Verdict = { pending: true };
      if (!due.gateway_order_id) verdict = { ended: 'expired' };
      else if (reachable) {
        try {
          verdict = verdictOf(await gateway!.status(due.gateway_order_id));
        } catch (error) {
          if (!(error instanceof MidtransError || error instanceof MidtransUnreachableError)) throw error;
          // Asked again at the next sweep; the others this time wait too rather than each wait for an answer.
          log.warn(`payments: the gateway could not say what became of ${due.gateway_order_id}'s payment: ${error.message}`);
          reachable = false;
        }
      }
      if ('paid' in verdict) await settle(due.transaction_id, verdict.settledAt, verdict.transactionId);
      else if ('ended' in verdict) await cancelEnded(due.transaction_id, verdict.ended);
      else if (due.overdue_seconds >= EXPIRY_GRACE_SECONDS) await cancelEnded(due.transaction_id, 'expired');
    }
  }

  /** A confirmed payment: the order becomes Pending; one cancelled meanwhile is refunded. */
  async function settle(transactionId: number, settledAt: Date, gatewayTransactionId: string): Promise<NotificationOutcome> {
    const outcome = await db.transaction(async (trx) => {
      const tx = trx as Db;
      const payment = await lockPayment(tx, transactionId);
      if (!payment || payment.status === 'paid' || payment.status === 'refunded') return { outcome: 'unchanged' as const };
      await markPaid(tx, transactionId, settledAt, gatewayTransactionId);
      const eventId = await moves.paid(tx, transactionId, `Paid by ${methodName(payment)}`);
      return eventId === undefined ? { outcome: 'refund' as const } : { outcome: 'paid' as const, eventId };
    });
    if (outcome.outcome === 'paid') {
      await moves.announce(outcome.eventId);
      return 'paid';
    }
    if (outcome.outcome === 'refund') {
      await refund(await findPayment(db, transactionId), 'Paid after the order was cancelled');
      return 'refunded';
    }
    return 'unchanged';
  }

  let sweeping = false;
  let lastRefundSweep = 0;
  const sweep = async () => {
    if (sweeping) return;
    sweeping = true;
    try {
      await sweepExpired();
      // Refunds cut short (an instance stopped after a cancellation, the gateway silent) are asked
      // again with the same refund key, which the gateway takes as the same refund.
      if (Date.now() - lastRefundSweep >= REFUND_SWEEP_MS) {
        lastRefundSweep = Date.now();
        for (const owed of await findRefundsOwed(db, REFUND_SWEEP_MS / 1000)) await refund(owed, 'Order cancelled');
      }
    } catch (error) {
      log.error(`payments: the expiry sweep failed: ${(error as Error).stack ?? error}`);
    } finally {
      sweeping = false;
    }
  };
  const timer = gateway ? setInterval(() => void sweep(), SWEEP_MS) : undefined;
  timer?.unref();

  return {
    /** Whether QRIS and bank transfers are offered. */
    get enabled() {
      return gateway !== undefined;
    },

    /**
     * Charges an order just stored as Awaiting payment. The gateway refusing or not answering cancels
     * the order (its slot and coupon freed) and throws a 502 saying so.
     */
    async start(order: { id: number; total: number; payment_id: number; created_at: string }, bank: VaBank | undefined): Promise<void> {
      if (!gateway) throw new Error('payments are off');
      const gatewayOrderId = `kopi-${order.id}-${randomBytes(4).toString('hex')}`;
      try {
        const charged = await gateway.charge({
          orderId: gatewayOrderId,
          grossAmount: order.total,
          method: order.payment_id === PAYMENT.qris ? { type: 'qris' } : { type: 'bank_transfer', bank: bank! },
          expirySeconds: options.expirySeconds,
          orderTime: new Date(order.created_at),
          notificationUrl: options.notificationUrl(),
        });
        await insertPayment(db, {
          transactionId: order.id,
          gatewayOrderId,
          bank: charged.bank ?? null,
          qrString: charged.qrString ?? null,
          vaNumber: charged.vaNumber ?? null,
          expiresAt: new Date(new Date(order.created_at).getTime() + options.expirySeconds * 1000),
          gatewayTransactionId: charged.transactionId,
        });
      } catch (error) {
        if (!(error instanceof MidtransError || error instanceof MidtransUnreachableError)) throw error;
        log.warn(`payments: order ${order.id} could not be charged: ${error.message}`);
        // Its key stays the cancelled order's: a retry with it is told the same (a new checkout brings a new key).
        await cancel([order.id], 'The payment could not be started', 'failed');
        throw paymentUnavailable();
      }
    },

    /**
     * An order cancelled by the shop or its customer: a paid one is refunded in full; an unpaid one's
     * payment is marked failed (a payment that still comes is refunded when it is notified).
     */
    async cancelled(transactionId: number, reason: string): Promise<void> {
      const payment = await findPayment(db, transactionId);
      if (!payment) return;
      if (payment.status === 'awaiting') await markUnpaid(db, [transactionId], 'failed');
      else await refund(payment, reason);
    },

    /**
     * The gateway's notification (POST /payments/midtrans/notification): signature, order, amount,
     * then the status API's confirmation, before anything changes. The same notification twice
     * changes nothing the second time.
     */
    async notified(body: unknown): Promise<NotificationOutcome> {
      if (!gateway || !options.serverKey) throw notFound('server.paymentsOff');
      if (!isNotification(body)) throw badRequest('server.notificationIncomplete');
      if (!verifySignature(body, options.serverKey)) throw new AppError('forbidden', 'server.notificationUnsigned');
      const payment = await findPaymentByGatewayId(db, body.order_id);
      if (!payment) throw notFound(phrase('server.notificationUnknownOrder', { order: body.order_id }));
      if (!grossAmountMatches(body.gross_amount, payment.total)) {
        log.warn(`payments: a notification for ${body.order_id} says ${body.gross_amount}, the order's total is ${payment.total}`);
        throw badRequest(phrase('server.notificationWrongAmount', { amount: body.gross_amount }));
      }
      let confirmed: Awaited<ReturnType<Midtrans['status']>>;
      try {
        confirmed = await gateway.status(body.order_id);
      } catch (error) {
        if (!(error instanceof MidtransError || error instanceof MidtransUnreachableError)) throw error;
        // The gateway retries a notification that was not taken.
        throw new AppError('busy', 'server.notificationUnconfirmed', undefined, 30);
      }
      if (confirmed.status !== body.transaction_status || !grossAmountMatches(confirmed.grossAmount, payment.total)) {
        log.warn(
          `payments: a notification for ${body.order_id} (${body.transaction_status}) is not confirmed: the gateway says ${confirmed.status}`,
        );
        throw new AppError('conflict', 'server.notificationRefused');
      }
      const verdict = verdictOf(confirmed);
      if ('paid' in verdict) return settle(payment.transaction_id, verdict.settledAt, verdict.transactionId);
      if ('ended' in verdict) return (await cancelEnded(payment.transaction_id, verdict.ended)).length ? 'cancelled' : 'unchanged';
      return 'unchanged';
    },

    /** Cancels the orders whose payment expired now (the timer does it every second). */
    sweep,

    close(): void {
      clearInterval(timer);
    },
  };
}

export type Payments = ReturnType<typeof createPayments>;
