import { createHash, timingSafeEqual } from 'node:crypto';
import { VA_BANKS, type VaBank } from '@kopi/shared';
import { z } from 'zod';

// The part of Midtrans' Core API the shop uses: a charge by QRIS or by bank transfer to a virtual
// account, the status of a transaction, and a refund. Plain fetch over the documented HTTP API, not
// the midtrans-client package: docs/decisions/payments-midtrans.md says why and which endpoints.

export { VA_BANKS, type VaBank };

/** Every transaction_status Midtrans documents. */
export const TRANSACTION_STATUSES = [
  'authorize',
  'capture',
  'settlement',
  'pending',
  'deny',
  'cancel',
  'expire',
  'failure',
  'refund',
  'partial_refund',
  'chargeback',
  'partial_chargeback',
] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

export type PaymentMethod = { type: 'qris' } | { type: 'bank_transfer'; bank: VaBank };

export interface ChargeRequest {
  orderId: string;
  /** The order's total in whole rupiah (Midtrans refuses decimals). */
  grossAmount: number;
  method: PaymentMethod;
  /** The payment expires this long after `orderTime` (after Midtrans receives the charge without it). */
  expirySeconds: number;
  orderTime?: Date;
  /** Where Midtrans sends this transaction's notifications, whatever its dashboard says. */
  notificationUrl: string;
}

export interface ChargeResult {
  transactionId: string;
  status: TransactionStatus;
  /** QRIS: the QR code's content, for the browser to draw. */
  qrString?: string;
  /** QRIS: Midtrans' picture of the same QR code (older answers have only this). */
  qrImageUrl?: string;
  vaNumber?: string;
  bank?: VaBank;
  expiresAt?: Date;
}

export interface StatusResult {
  orderId: string;
  transactionId: string;
  status: TransactionStatus;
  /** Midtrans' status_code for this state ("200" settled, "201" pending, "407" expired, …). */
  statusCode: string;
  fraudStatus?: string;
  /** As Midtrans writes it, "25000.00": compare it with grossAmountMatches. */
  grossAmount: string;
  paymentType: string;
  settledAt?: Date;
}

export interface RefundRequest {
  /** Whole rupiah. */
  amount: number;
  reason: string;
  /** The same key makes a retried refund the same refund, never a second one. */
  refundKey: string;
}

export interface RefundResult {
  status: TransactionStatus;
  refundAmount: string;
  refundKey?: string;
}

/** Midtrans answered, and refused: its status_code and status_message. Never carries the server key. */
export class MidtransError extends Error {
  constructor(
    readonly statusCode: string,
    readonly statusMessage: string,
    readonly httpStatus: number,
  ) {
    super(`Midtrans refused the request: ${statusCode} ${statusMessage}`);
    this.name = 'MidtransError';
  }
}

/** No answer from Midtrans: the request may or may not have reached it, so its effect is unknown. */
export class MidtransUnreachableError extends Error {
  constructor(
    readonly reason: 'timeout' | 'network',
    options?: { cause?: unknown },
  ) {
    super(reason === 'timeout' ? 'Midtrans did not answer in time' : 'Midtrans could not be reached', options);
    this.name = 'MidtransUnreachableError';
  }
}

export interface MidtransOptions {
  serverKey: string;
  /** https://api.sandbox.midtrans.com, https://api.midtrans.com, or a local sandbox. */
  apiUrl: string;
  timeoutMs?: number;
}

const Answer = z.looseObject({ status_code: z.string().optional(), status_message: z.string().optional() });

const Status = z.enum(TRANSACTION_STATUSES);

const ChargeAnswer = z.object({
  transaction_id: z.string().min(1),
  transaction_status: Status,
  qr_string: z.string().min(1).optional(),
  actions: z.array(z.object({ name: z.string(), url: z.string() })).optional(),
  va_numbers: z.array(z.object({ bank: z.string(), va_number: z.string().min(1) })).optional(),
  permata_va_number: z.string().min(1).optional(),
  expiry_time: z.string().optional(),
});

const StatusAnswer = z.object({
  order_id: z.string(),
  transaction_id: z.string(),
  transaction_status: Status,
  status_code: z.string(),
  fraud_status: z.string().optional(),
  gross_amount: z.string(),
  payment_type: z.string(),
  settlement_time: z.string().optional(),
});

const RefundAnswer = z.object({
  transaction_status: Status,
  refund_amount: z.string(),
  refund_key: z.string().optional(),
});

/** A client of Midtrans' Core API; the server key stays in this closure. */
export function createMidtrans({ serverKey, apiUrl, timeoutMs = 10_000 }: MidtransOptions) {
  const base = apiUrl.replace(/\/+$/, '');
  const authorization = `Basic ${Buffer.from(`${serverKey}:`).toString('base64')}`;

  // Midtrans puts the verdict in the body's status_code, often under HTTP 200: a 4xx or 5xx there is
  // a refusal whatever the HTTP status says. `alsoAccepted` lets the status API's "407" (the
  // transaction expired) through: it is the transaction's state, not a refused request.
  async function call(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
    alsoAccepted: string[] = [],
  ) {
    let httpStatus: number;
    let text: string;
    try {
      const response = await fetch(`${base}${path}`, {
        method,
        headers: { Accept: 'application/json', 'Content-Type': 'application/json', Authorization: authorization, ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      httpStatus = response.status;
      text = await response.text();
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new MidtransUnreachableError(timedOut ? 'timeout' : 'network', { cause: error });
    }
    let parsed: z.infer<typeof Answer>;
    try {
      parsed = Answer.parse(JSON.parse(text));
    } catch {
      throw new MidtransError(String(httpStatus), `HTTP ${httpStatus} without a JSON answer`, httpStatus);
    }
    const code = parsed.status_code ?? String(httpStatus);
    const accepted = (/^2\d\d$/.test(code) || alsoAccepted.includes(code)) && httpStatus < 400;
    if (!accepted) throw new MidtransError(code, withoutKey(parsed.status_message ?? 'no status_message'), httpStatus);
    return { answer: parsed as Record<string, unknown>, code, httpStatus };
  }

  /** The message of a refusal, as Midtrans wrote it but never with the key, however it got there. */
  function withoutKey(text: string): string {
    const short = text.slice(0, 300);
    return serverKey ? short.split(serverKey).join('[server key]') : short;
  }

  function shaped<T>(schema: z.ZodType<T>, reply: { answer: unknown; code: string; httpStatus: number }, what: string): T {
    const result = schema.safeParse(reply.answer);
    if (!result.success) throw new MidtransError(reply.code, `unexpected ${what} answer`, reply.httpStatus);
    return result.data;
  }

  return {
    /** Opens the payment (POST /v2/charge); its result is what the customer pays with. */
    async charge(request: ChargeRequest): Promise<ChargeResult> {
      if (!Number.isSafeInteger(request.grossAmount) || request.grossAmount <= 0) {
        throw new RangeError('grossAmount must be a positive whole number of rupiah');
      }
      const reply = await call('POST', '/v2/charge', chargeBody(request), { 'X-Override-Notification': request.notificationUrl });
      const answer = shaped(ChargeAnswer, reply, 'charge');
      const result: ChargeResult = { transactionId: answer.transaction_id, status: answer.transaction_status };
      const expiresAt = answer.expiry_time ? midtransTime(answer.expiry_time) : undefined;
      if (expiresAt) result.expiresAt = expiresAt;
      if (request.method.type === 'qris') {
        const image = answer.actions?.find((action) => action.name === 'generate-qr-code')?.url;
        if (answer.qr_string) result.qrString = answer.qr_string;
        if (image) result.qrImageUrl = image;
        if (!answer.qr_string && !image) throw new MidtransError(reply.code, 'a QRIS charge without a QR code', reply.httpStatus);
      } else {
        // Permata answers permata_va_number; BCA, BNI and BRI answer va_numbers [{bank, va_number}].
        const { bank } = request.method;
        const vaNumber = bank === 'permata' ? answer.permata_va_number : answer.va_numbers?.find((va) => va.bank === bank)?.va_number;
        if (!vaNumber) throw new MidtransError(reply.code, `a ${bank} transfer without a virtual account number`, reply.httpStatus);
        result.vaNumber = vaNumber;
        result.bank = bank;
      }
      return result;
    },

    /** The transaction's state as Midtrans has it (GET /v2/{order_id}/status): what confirms a notification. */
    async status(orderId: string): Promise<StatusResult> {
      const reply = await call('GET', `/v2/${encodeURIComponent(orderId)}/status`, undefined, {}, ['407']);
      const answer = shaped(StatusAnswer, reply, 'status');
      const result: StatusResult = {
        orderId: answer.order_id,
        transactionId: answer.transaction_id,
        status: answer.transaction_status,
        statusCode: answer.status_code,
        grossAmount: answer.gross_amount,
        paymentType: answer.payment_type,
      };
      if (answer.fraud_status) result.fraudStatus = answer.fraud_status;
      const settledAt = answer.settlement_time ? midtransTime(answer.settlement_time) : undefined;
      if (settledAt) result.settledAt = settledAt;
      return result;
    },

    /** Gives a settled payment back (POST /v2/{order_id}/refund); a refusal is a MidtransError. */
    async refund(orderId: string, { amount, reason, refundKey }: RefundRequest): Promise<RefundResult> {
      if (!Number.isSafeInteger(amount) || amount <= 0) throw new RangeError('amount must be a positive whole number of rupiah');
      const reply = await call('POST', `/v2/${encodeURIComponent(orderId)}/refund`, { refund_key: refundKey, amount, reason });
      const answer = shaped(RefundAnswer, reply, 'refund');
      const result: RefundResult = { status: answer.transaction_status, refundAmount: answer.refund_amount };
      if (answer.refund_key) result.refundKey = answer.refund_key;
      return result;
    },
  };
}
export type Midtrans = ReturnType<typeof createMidtrans>;

function chargeBody({ orderId, grossAmount, method, expirySeconds, orderTime }: ChargeRequest) {
  const common = {
    transaction_details: { order_id: orderId, gross_amount: grossAmount },
    custom_expiry: {
      ...(orderTime ? { order_time: orderTimeText(orderTime) } : {}),
      expiry_duration: expirySeconds,
      unit: 'second',
    },
  };
  return method.type === 'qris'
    ? { payment_type: 'qris', ...common, qris: { acquirer: 'gopay' } }
    : { payment_type: 'bank_transfer', ...common, bank_transfer: { bank: method.bank } };
}

// Midtrans writes its times in Jakarta's time without a zone ("2024-07-05 10:53:53", GMT+7) and
// reads order_time with one ("2024-07-05 10:53:53 +0700").
const JAKARTA_OFFSET_MS = 7 * 3600_000;

function midtransTime(text: string): Date | undefined {
  const match = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})$/.exec(text);
  if (!match) return undefined;
  const date = new Date(`${match[1]}T${match[2]}+07:00`);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

function orderTimeText(date: Date): string {
  const jakarta = new Date(date.getTime() + JAKARTA_OFFSET_MS).toISOString();
  return `${jakarta.slice(0, 10)} ${jakarta.slice(11, 19)} +0700`;
}

/**
 * Whether a notification was signed with the server key: its signature_key must be the SHA-512 (hex)
 * of order_id + status_code + gross_amount + server key, the strings exactly as received. Compared
 * in constant time, so the answer's timing tells a forger nothing.
 */
export function verifySignature(notification: Record<string, unknown>, serverKey: string): boolean {
  const { order_id, status_code, gross_amount, signature_key } = notification;
  if (typeof order_id !== 'string' || typeof status_code !== 'string' || typeof gross_amount !== 'string') return false;
  if (typeof signature_key !== 'string' || !serverKey) return false;
  const expected = Buffer.from(createHash('sha512').update(`${order_id}${status_code}${gross_amount}${serverKey}`).digest('hex'));
  const given = Buffer.from(signature_key);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Whether Midtrans' gross_amount ("25000.00") is exactly `total` whole rupiah: "25000.50" is not
 * 25000, and neither is anything that is not a plain decimal string.
 */
export function grossAmountMatches(grossAmount: unknown, total: number): boolean {
  if (typeof grossAmount !== 'string' || !Number.isSafeInteger(total)) return false;
  const match = /^(\d+)(?:\.(\d+))?$/.exec(grossAmount);
  if (!match || (match[2] !== undefined && !/^0+$/.test(match[2]))) return false;
  return BigInt(match[1]!) === BigInt(total);
}
