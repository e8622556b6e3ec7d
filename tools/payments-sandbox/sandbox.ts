import { createHash, randomInt, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { payPage, startPage } from './pages.ts';
import { qrisPayload } from './qris.ts';

// A stand-in for Midtrans' Core API on this machine, speaking the subset the shop uses: POST
// /v2/charge (QRIS, or a BCA, BNI, BRI or Permata virtual account), GET /v2/{id}/status and POST
// /v2/{id}/refund, behind the server key in HTTP Basic. A tester settles a payment on
// /pay/<order_id> (Pay, Expire, Fail); the sandbox then sends the signed notification Midtrans would
// send to the URL given by the charge's X-Override-Notification header. Answers and notifications
// follow the samples of docs.midtrans.com; docs/decisions/payments-midtrans.md lists what is left out.
// It computes signatures on its own, not with the shop's code: a mistake in one shows in the other.

export const SANDBOX_BANKS = ['bca', 'bni', 'bri', 'permata'] as const;
export type SandboxBank = (typeof SANDBOX_BANKS)[number];
export type SandboxStatus = 'pending' | 'settlement' | 'expire' | 'deny' | 'cancel' | 'failure' | 'refund' | 'partial_refund';

export interface SandboxRefund {
  refundKey: string;
  amount: number;
  reason: string;
  chargebackId: number;
  at: Date;
}

export interface Delivery {
  notification: Record<string, unknown>;
  url: string;
  /** The shop's answer: HTTP status (0 when it could not be reached) and body. */
  status: number;
  body: string;
}

export interface SandboxCharge {
  orderId: string;
  transactionId: string;
  paymentType: 'qris' | 'bank_transfer';
  bank?: SandboxBank;
  vaNumber?: string;
  qrString?: string;
  grossAmount: number;
  status: SandboxStatus;
  transactionTime: Date;
  expiryTime: Date;
  settlementTime?: Date;
  notificationUrl?: string;
  /** The charge request's body as the shop sent it. */
  request: Record<string, unknown>;
  refunds: SandboxRefund[];
  /** Set by statusApiSays: what the status API answers instead of the truth. */
  statusApiOverride?: SandboxStatus;
  deliveries: Delivery[];
}

export interface SandboxOptions {
  serverKey: string;
  port?: number;
  host?: string;
  merchantId?: string;
  /** One line per request (method, path, answer); never the key. */
  log?: (line: string) => void;
}

/** A tester's action that the charge's state does not allow (paying an expired charge, …). */
export class SandboxStateError extends Error {}

const QRIS_DEFAULT_EXPIRY_SECONDS = 15 * 60;
const TRANSFER_DEFAULT_EXPIRY_SECONDS = 24 * 3600;
const UNIT_SECONDS: Record<string, number> = { second: 1, minute: 60, hour: 3600, day: 86400 };
// Midtrans' status_code per state in a notification; the status API says 407 for an expired one.
const NOTIFICATION_CODES: Record<SandboxStatus, string> = {
  pending: '201',
  settlement: '200',
  expire: '202',
  deny: '202',
  cancel: '202',
  failure: '202',
  refund: '200',
  partial_refund: '200',
};
// Refunds go through Midtrans only for cards and e-wallets (QRIS among them), not bank transfers.
const REFUNDABLE: SandboxCharge['paymentType'][] = ['qris'];
const VA_PREFIX: Record<SandboxBank, [string, number]> = {
  bca: ['12345', 11],
  bni: ['9881', 16],
  bri: ['88810', 18],
  permata: ['8778', 16],
};

export async function startSandbox({ serverKey, port = 0, host = '127.0.0.1', merchantId = 'G000000000', log }: SandboxOptions) {
  if (!serverKey) throw new Error('the sandbox needs a server key');
  const charges = new Map<string, SandboxCharge>();
  const inFlight = new Set<Promise<unknown>>();
  let refusingRefunds = false;
  let chargebackIds = 0;

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      log?.(`error: ${(error as Error).message}`);
      if (!response.headersSent) sendJson(response, 500, { status_code: '500', status_message: 'Internal server error' });
    });
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const url = `http://${host}:${(server.address() as AddressInfo).port}`;

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const path = new URL(request.url ?? '/', url).pathname;
    response.on('finish', () => log?.(`${request.method} ${path} → ${response.statusCode}`));
    const api = /^\/v2\/(charge|[^/]+\/status|[^/]+\/refund)$/.exec(path);
    if (api) {
      if (!authorized(request.headers.authorization)) {
        return sendJson(response, 401, { status_code: '401', status_message: 'Unknown Merchant server_key/id', id: randomUUID() });
      }
      if (path === '/v2/charge' && request.method === 'POST') return sendJson(response, 200, charge(await readJson(request), request));
      const id = decodeURIComponent(path.split('/')[2]!);
      if (path.endsWith('/status') && request.method === 'GET') return sendJson(response, 200, statusAnswer(id));
      if (path.endsWith('/refund') && request.method === 'POST') return sendJson(response, 200, refund(id, await readJson(request)));
      return sendJson(response, 405, { status_code: '405', status_message: 'HTTP method is not allowed' });
    }
    if (path === '/' && request.method === 'GET') return sendHtml(response, 200, startPage([...charges.values()]));
    const page = /^\/pay\/([^/]+)(?:\/(pay|expire|fail))?$/.exec(path);
    const found = page ? charges.get(decodeURIComponent(page[1]!)) : undefined;
    if (!page || !found) return sendHtml(response, 404, '<!doctype html><title>Not found</title><p>No such charge.</p>');
    if (!page[2] && request.method === 'GET') return sendHtml(response, 200, payPage(found));
    if (page[2] && request.method === 'POST') {
      try {
        await settle(found.orderId, page[2] === 'pay' ? 'settlement' : page[2] === 'expire' ? 'expire' : 'deny');
      } catch (error) {
        if (!(error instanceof SandboxStateError)) throw error;
        return sendHtml(response, 409, payPage(found, error.message));
      }
      response.writeHead(303, { Location: `/pay/${encodeURIComponent(found.orderId)}` }).end();
      return;
    }
    return sendHtml(response, 405, '<!doctype html><title>Not allowed</title>');
  }

  function authorized(header: string | undefined): boolean {
    const encoded = /^Basic (.+)$/i.exec(header ?? '')?.[1];
    if (!encoded) return false;
    const decoded = Buffer.from(encoded, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    return colon >= 0 && decoded.slice(0, colon) === serverKey;
  }

  function charge(body: unknown, request: IncomingMessage): Record<string, unknown> {
    if (!isObject(body)) return validationError('The request body is not JSON');
    const details = body.transaction_details;
    const orderId = isObject(details) ? details.order_id : undefined;
    const amount = isObject(details) ? details.gross_amount : undefined;
    const messages: string[] = [];
    if (typeof orderId !== 'string' || !/^[\w.~-]{1,50}$/.test(orderId)) messages.push('transaction_details.order_id is invalid');
    if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount < 1) {
      messages.push('transaction_details.gross_amount must be a whole number');
    }
    const type = body.payment_type;
    const bank = isObject(body.bank_transfer) ? body.bank_transfer.bank : undefined;
    if (type !== 'qris' && type !== 'bank_transfer') messages.push('payment_type is not supported by this sandbox');
    if (type === 'bank_transfer' && !SANDBOX_BANKS.includes(bank as SandboxBank)) messages.push('bank_transfer.bank is invalid');
    const expiry = expiryOf(body.custom_expiry, type === 'qris' ? QRIS_DEFAULT_EXPIRY_SECONDS : TRANSFER_DEFAULT_EXPIRY_SECONDS);
    if (expiry === undefined) messages.push('custom_expiry is invalid');
    if (messages.length > 0 || expiry === undefined) return validationError(...messages);
    if (charges.has(orderId as string)) {
      return {
        status_code: '406',
        status_message: 'The request could not be completed due to a conflict: order_id has already been utilized',
      };
    }
    const now = new Date();
    const created: SandboxCharge = {
      orderId: orderId as string,
      transactionId: randomUUID(),
      paymentType: type as SandboxCharge['paymentType'],
      grossAmount: amount as number,
      status: 'pending',
      transactionTime: now,
      expiryTime: new Date((expiry.from ?? now).getTime() + expiry.seconds * 1000),
      request: body,
      refunds: [],
      deliveries: [],
    };
    const notificationUrl = request.headers['x-override-notification'];
    if (typeof notificationUrl === 'string' && notificationUrl) created.notificationUrl = notificationUrl.split(',')[0]!.trim();
    if (type === 'qris') {
      created.qrString = qrisPayload(created.grossAmount, created.orderId);
    } else {
      created.bank = bank as SandboxBank;
      const [prefix, length] = VA_PREFIX[created.bank];
      created.vaNumber = prefix + Array.from({ length: length - prefix.length }, () => randomInt(10)).join('');
    }
    charges.set(created.orderId, created);
    const answer: Record<string, unknown> = {
      status_code: '201',
      status_message:
        type === 'qris' ? 'QRIS transaction is created' : `Success, ${created.bank!.toUpperCase()} VA transaction is successful`,
      ...transactionFields(created, 'pending'),
    };
    if (type === 'qris') {
      answer.actions = [{ name: 'generate-qr-code', method: 'GET', url: `${url}/v2/qris/${created.transactionId}/qr-code` }];
      answer.qr_string = created.qrString;
      answer.acquirer = 'gopay';
    }
    return answer;
  }

  function statusAnswer(id: string): Record<string, unknown> {
    const found = charges.get(id) ?? [...charges.values()].find((c) => c.transactionId === id);
    if (!found) return { status_code: '404', status_message: "Transaction doesn't exist." };
    const status = found.statusApiOverride ?? found.status;
    const code = status === 'expire' ? '407' : NOTIFICATION_CODES[status];
    return {
      status_code: code,
      status_message: 'Success, transaction is found',
      ...transactionFields(found, status),
      signature_key: sign(found.orderId, code, grossText(found)),
      ...refundFields(found, status),
    };
  }

  function refund(id: string, body: unknown): Record<string, unknown> {
    const found = charges.get(id) ?? [...charges.values()].find((c) => c.transactionId === id);
    if (!found) return { status_code: '404', status_message: "Transaction doesn't exist." };
    const request = isObject(body) ? body : {};
    const refundKey = typeof request.refund_key === 'string' ? request.refund_key : randomUUID();
    const repeated = found.refunds.find((r) => r.refundKey === refundKey);
    if (repeated) return refundAnswer(found, repeated);
    if (refusingRefunds) return { status_code: '412', status_message: 'Merchant cannot modify status of the transaction' };
    if (!REFUNDABLE.includes(found.paymentType)) {
      return { status_code: '412', status_message: `Refund is not supported for payment type ${found.paymentType}` };
    }
    if (found.status !== 'settlement' && found.status !== 'partial_refund') {
      return { status_code: '412', status_message: `Transaction status ${found.status} cannot be refunded` };
    }
    const left = found.grossAmount - found.refunds.reduce((sum, r) => sum + r.amount, 0);
    const amount = request.amount === undefined ? left : request.amount;
    if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount < 1 || amount > left) {
      return validationError('amount must be a whole number no larger than what is left to refund');
    }
    const made: SandboxRefund = {
      refundKey,
      amount,
      reason: typeof request.reason === 'string' ? request.reason : '',
      chargebackId: ++chargebackIds,
      at: new Date(),
    };
    found.refunds.push(made);
    found.status = amount === left ? 'refund' : 'partial_refund';
    // Midtrans also notifies a refund; the answer comes first, the notification just after.
    track(deliver(found));
    return refundAnswer(found, made);
  }

  function refundAnswer(found: SandboxCharge, made: SandboxRefund): Record<string, unknown> {
    return {
      status_code: '200',
      status_message: 'Success, refund request is approved',
      transaction_id: found.transactionId,
      order_id: found.orderId,
      payment_type: found.paymentType,
      transaction_time: jakartaTime(found.transactionTime),
      transaction_status: found.status,
      gross_amount: grossText(found),
      refund_chargeback_id: made.chargebackId,
      refund_amount: `${made.amount}.00`,
      refund_key: made.refundKey,
    };
  }

  /** The fields a charge answer, the status API and a notification share. */
  function transactionFields(found: SandboxCharge, status: SandboxStatus): Record<string, unknown> {
    const fields: Record<string, unknown> = {
      transaction_id: found.transactionId,
      order_id: found.orderId,
      merchant_id: merchantId,
      gross_amount: grossText(found),
      currency: 'IDR',
      payment_type: found.paymentType,
      transaction_time: jakartaTime(found.transactionTime),
      transaction_status: status,
      fraud_status: 'accept',
      expiry_time: jakartaTime(found.expiryTime),
    };
    if (found.settlementTime && status !== 'pending') fields.settlement_time = jakartaTime(found.settlementTime);
    if (found.bank === 'permata') fields.permata_va_number = found.vaNumber;
    else if (found.bank) fields.va_numbers = [{ bank: found.bank, va_number: found.vaNumber }];
    if (found.bank && status === 'settlement') fields.payment_amounts = [];
    if (found.paymentType === 'qris' && status !== 'pending')
      Object.assign(fields, { acquirer: 'gopay', issuer: 'gopay', transaction_type: 'on-us' });
    return fields;
  }

  function refundFields(found: SandboxCharge, status: SandboxStatus): Record<string, unknown> {
    if (status !== 'refund' && status !== 'partial_refund') return {};
    return {
      refund_amount: `${found.refunds.reduce((sum, r) => sum + r.amount, 0)}.00`,
      refunds: found.refunds.map((r) => ({
        refund_chargeback_id: r.chargebackId,
        refund_amount: `${r.amount}.00`,
        created_at: jakartaTime(r.at),
        reason: r.reason,
        refund_key: r.refundKey,
      })),
    };
  }

  /** The notification Midtrans would send for the charge in `status`, signed with the server key. */
  function notificationFor(orderId: string, status?: SandboxStatus): Record<string, unknown> {
    const found = chargeOf(orderId);
    const state = status ?? found.status;
    const code = NOTIFICATION_CODES[state];
    return {
      ...transactionFields(found, state),
      status_message: 'midtrans payment notification',
      status_code: code,
      signature_key: sign(found.orderId, code, grossText(found)),
      ...refundFields(found, state),
    };
  }

  async function deliver(found: SandboxCharge, notification = notificationFor(found.orderId)): Promise<Delivery | undefined> {
    if (!found.notificationUrl) return undefined;
    const delivery = await post(found.notificationUrl, notification);
    found.deliveries.push(delivery);
    log?.(`notification ${notification.transaction_status} for ${found.orderId} → ${delivery.status}`);
    return delivery;
  }

  async function post(target: string, notification: Record<string, unknown>): Promise<Delivery> {
    try {
      const response = await fetch(target, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(notification),
        signal: AbortSignal.timeout(10_000),
      });
      return { notification, url: target, status: response.status, body: await response.text() };
    } catch (error) {
      return { notification, url: target, status: 0, body: (error as Error).message };
    }
  }

  async function settle(orderId: string, status: 'settlement' | 'expire' | 'deny'): Promise<Delivery | undefined> {
    const found = chargeOf(orderId);
    if (found.status !== 'pending') throw new SandboxStateError(`the charge is ${found.status}, not pending`);
    found.status = status;
    if (status === 'settlement') found.settlementTime = new Date();
    return track(deliver(found));
  }

  function chargeOf(orderId: string): SandboxCharge {
    const found = charges.get(orderId);
    if (!found) throw new Error(`no charge for order ${orderId}`);
    return found;
  }

  function track<T>(promise: Promise<T>): Promise<T> {
    inFlight.add(promise);
    return promise.finally(() => inFlight.delete(promise));
  }

  function sign(orderId: string, statusCode: string, grossAmount: string): string {
    return createHash('sha512')
      .update(orderId + statusCode + grossAmount + serverKey)
      .digest('hex');
  }

  return {
    url,
    /** Every charge by order id, as it stands. */
    charges: charges as ReadonlyMap<string, SandboxCharge>,
    /** The tester's Pay: settles the charge and sends its notification (the shop's answer is returned). */
    pay: (orderId: string) => settle(orderId, 'settlement'),
    expire: (orderId: string) => settle(orderId, 'expire'),
    /** The tester's Fail: the payment provider denies the payment. */
    fail: (orderId: string) => settle(orderId, 'deny'),
    /** While true, every new refund is refused (status_code 412), as a gateway may. */
    refuseRefunds(refuse: boolean) {
      refusingRefunds = refuse;
    },
    /** The status API answers `status` for this order whatever happened (undefined: the truth again). */
    statusApiSays(orderId: string, status: SandboxStatus | undefined) {
      chargeOf(orderId).statusApiOverride = status;
    },
    notificationFor,
    /** Sends a correctly signed notification claiming `status`, without changing the charge. */
    notify: (orderId: string, status: SandboxStatus) =>
      track(deliver(chargeOf(orderId), notificationFor(orderId, status))) as Promise<Delivery>,
    /** Sends any body (a forged or replayed notification) to the charge's notification URL. */
    send(orderId: string, notification: Record<string, unknown>): Promise<Delivery> {
      const found = chargeOf(orderId);
      if (!found.notificationUrl) throw new Error(`the charge of ${orderId} has no notification URL`);
      return track(post(found.notificationUrl, notification));
    },
    /** Resolves when every notification sent so far has been answered. */
    async delivered(): Promise<void> {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    async close(): Promise<void> {
      await Promise.allSettled([...inFlight]);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
export type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

function expiryOf(value: unknown, fallbackSeconds: number): { seconds: number; from?: Date } | undefined {
  if (value === undefined) return { seconds: fallbackSeconds };
  if (!isObject(value)) return undefined;
  const duration = Number(value.expiry_duration);
  const unit = UNIT_SECONDS[typeof value.unit === 'string' ? value.unit : 'minute'];
  if (!Number.isSafeInteger(duration) || duration < 1 || !unit) return undefined;
  if (value.order_time === undefined) return { seconds: duration * unit };
  const match =
    typeof value.order_time === 'string' ? /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2}) ([+-]\d{2})(\d{2})$/.exec(value.order_time) : null;
  const from = match ? new Date(`${match[1]}T${match[2]}${match[3]}:${match[4]}`) : undefined;
  if (!from || Number.isNaN(from.getTime())) return undefined;
  return { seconds: duration * unit, from };
}

function validationError(...messages: string[]): Record<string, unknown> {
  return { status_code: '400', status_message: 'One or more parameters in the payload is invalid.', validation_messages: messages };
}

function grossText(found: SandboxCharge): string {
  return `${found.grossAmount}.00`;
}

/** Midtrans' way of writing a time: Jakarta's wall clock (GMT+7), no zone. */
export function jakartaTime(date: Date): string {
  const iso = new Date(date.getTime() + 7 * 3600_000).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > 1_000_000) return undefined;
    chunks.push(chunk as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return undefined;
  }
}

function sendJson(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
}

function sendHtml(response: ServerResponse, status: number, html: string) {
  response.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' }).end(html);
}
