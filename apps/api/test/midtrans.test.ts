import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Sandbox, startSandbox } from '../../../tools/payments-sandbox/sandbox.ts';
import {
  createMidtrans,
  grossAmountMatches,
  MidtransError,
  MidtransUnreachableError,
  type VaBank,
  verifySignature,
} from '../src/modules/payments/midtrans.ts';

// The Midtrans client against the payments sandbox (and, where the answer's exact shape matters,
// against a stub answering the samples of Midtrans' documentation), all on 127.0.0.1.

const SERVER_KEY = 'SB-Mid-server-kopi-senja-test-3f9c2a';

/** A local HTTP server answering with `handler`; keeps each request's headers and body. */
async function stubServer(handler: (request: IncomingMessage, response: ServerResponse, body: string) => void) {
  const requests: { method: string; url: string; headers: IncomingHttpHeaders; body: string }[] = [];
  const server = createServer(async (request, response) => {
    let body = '';
    for await (const chunk of request) body += chunk;
    requests.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body });
    handler(request, response, body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
type Stub = Awaited<ReturnType<typeof stubServer>>;

const answering = (status: number, body: unknown) => (_: IncomingMessage, response: ServerResponse) => {
  response.writeHead(status, { 'Content-Type': 'application/json' }).end(typeof body === 'string' ? body : JSON.stringify(body));
};

let sandbox: Sandbox;
let receiver: Stub;
let notificationUrl: string;
const midtrans = () => createMidtrans({ serverKey: SERVER_KEY, apiUrl: sandbox.url });
let orders = 0;
const newOrderId = () => `KS-test-${++orders}-${Date.now()}`;

beforeAll(async () => {
  receiver = await stubServer(answering(200, { ok: true }));
  notificationUrl = `${receiver.url}/api/coffee-project/payments/midtrans/notification`;
  sandbox = await startSandbox({ serverKey: SERVER_KEY });
});

afterAll(async () => {
  await sandbox.close();
  await receiver.close();
});

async function qrisCharge(grossAmount = 25_000) {
  const orderId = newOrderId();
  const result = await midtrans().charge({ orderId, grossAmount, method: { type: 'qris' }, expirySeconds: 900, notificationUrl });
  return { orderId, result };
}

/** The notification the receiver got last for this order. */
function lastNotification(orderId: string): Record<string, unknown> {
  const bodies = receiver.requests.map((r) => JSON.parse(r.body) as Record<string, unknown>).filter((n) => n.order_id === orderId);
  const last = bodies.at(-1);
  if (!last) throw new Error(`no notification for ${orderId}`);
  return last;
}

describe('charge', () => {
  it('opens a QRIS payment: the QR string, the picture, the expiry, and the request Midtrans documents', async () => {
    const orderTime = new Date('2026-03-02T03:00:00Z');
    const orderId = newOrderId();
    const before = Date.now();
    const result = await midtrans().charge({
      orderId,
      grossAmount: 25_000,
      method: { type: 'qris' },
      expirySeconds: 900,
      orderTime,
      notificationUrl,
    });
    expect(result.status).toBe('pending');
    expect(result.transactionId).toBe(sandbox.charges.get(orderId)!.transactionId);
    expect(result.qrString).toMatch(/^000201/);
    expect(result.qrString).toContain('540525000'); // the amount, in the QR code itself
    expect(result.qrImageUrl).toContain(result.transactionId);
    expect(result.vaNumber).toBeUndefined();
    // Midtrans' clock: 900 s after the order's time, given in Jakarta's time.
    expect(result.expiresAt?.toISOString()).toBe('2026-03-02T03:15:00.000Z');
    expect(Date.now() - before).toBeLessThan(5_000);

    const charge = sandbox.charges.get(orderId)!;
    expect(charge.request).toEqual({
      payment_type: 'qris',
      transaction_details: { order_id: orderId, gross_amount: 25_000 },
      custom_expiry: { order_time: '2026-03-02 10:00:00 +0700', expiry_duration: 900, unit: 'second' },
      qris: { acquirer: 'gopay' },
    });
    expect(charge.notificationUrl).toBe(notificationUrl);
  });

  it.each<VaBank>(['bca', 'bni', 'bri', 'permata'])('opens a %s virtual account and reads its number', async (bank) => {
    const orderId = newOrderId();
    const result = await midtrans().charge({
      orderId,
      grossAmount: 32_500,
      method: { type: 'bank_transfer', bank },
      expirySeconds: 900,
      notificationUrl,
    });
    const charge = sandbox.charges.get(orderId)!;
    expect(result).toEqual({
      transactionId: charge.transactionId,
      status: 'pending',
      vaNumber: charge.vaNumber,
      bank,
      expiresAt: new Date(Math.floor(charge.expiryTime.getTime() / 1000) * 1000),
    });
    expect(result.vaNumber).toMatch(/^\d{11,18}$/);
    expect(charge.request).toEqual({
      payment_type: 'bank_transfer',
      transaction_details: { order_id: orderId, gross_amount: 32_500 },
      custom_expiry: { expiry_duration: 900, unit: 'second' },
      bank_transfer: { bank },
    });
  });

  it('sends the server key by HTTP Basic, JSON headers and the notification URL, and reads the answers documented by Midtrans', async () => {
    // The samples of docs.midtrans.com: Permata answers permata_va_number; an older QRIS answer has
    // only the picture's URL in actions.
    const permata = {
      status_code: '201',
      status_message: 'Success, PERMATA VA transaction is successful',
      transaction_id: 'a3b75ca9-8b52-445b-99c8-c2cc742a0991',
      order_id: 'C17550',
      merchant_id: 'G772349112',
      gross_amount: '145000.00',
      currency: 'IDR',
      payment_type: 'bank_transfer',
      transaction_time: '2024-07-04 10:53:53',
      transaction_status: 'pending',
      fraud_status: 'accept',
      permata_va_number: '8778000002332015',
      expiry_time: '2024-07-05 10:53:53',
    };
    const qris = {
      status_code: '201',
      status_message: 'QRIS transaction is created',
      transaction_id: '01bf5e23-7183-4cfe-862c-58a3f6e8f0a2',
      order_id: 'order102',
      gross_amount: '789000.00',
      payment_type: 'qris',
      transaction_time: '2021-07-06 17:23:49',
      transaction_status: 'pending',
      fraud_status: 'accept',
      actions: [{ name: 'generate-qr-code', method: 'GET', url: 'https://api.veritrans.co.id/v2/qris/01bf5e23/qr-code' }],
      acquirer: 'gopay',
    };
    const stub = await stubServer((_, response, body) =>
      answering(200, JSON.parse(body).payment_type === 'qris' ? qris : permata)(_, response),
    );
    try {
      const client = createMidtrans({ serverKey: SERVER_KEY, apiUrl: `${stub.url}/` });
      const transfer = await client.charge({
        orderId: 'C17550',
        grossAmount: 145_000,
        method: { type: 'bank_transfer', bank: 'permata' },
        expirySeconds: 900,
        notificationUrl,
      });
      expect(transfer).toEqual({
        transactionId: 'a3b75ca9-8b52-445b-99c8-c2cc742a0991',
        status: 'pending',
        vaNumber: '8778000002332015',
        bank: 'permata',
        expiresAt: new Date('2024-07-05T03:53:53Z'),
      });
      const qr = await client.charge({
        orderId: 'order102',
        grossAmount: 789_000,
        method: { type: 'qris' },
        expirySeconds: 900,
        notificationUrl,
      });
      expect(qr).toEqual({
        transactionId: '01bf5e23-7183-4cfe-862c-58a3f6e8f0a2',
        status: 'pending',
        qrImageUrl: 'https://api.veritrans.co.id/v2/qris/01bf5e23/qr-code',
      });

      const [first] = stub.requests;
      expect(first!.method).toBe('POST');
      expect(first!.url).toBe('/v2/charge');
      expect(first!.headers.authorization).toBe(`Basic ${Buffer.from(`${SERVER_KEY}:`).toString('base64')}`);
      expect(first!.headers.accept).toBe('application/json');
      expect(first!.headers['content-type']).toBe('application/json');
      expect(first!.headers['x-override-notification']).toBe(notificationUrl);
    } finally {
      await stub.close();
    }
  });

  it('refuses an amount that is not a positive whole number of rupiah, before asking Midtrans', async () => {
    for (const grossAmount of [25_000.5, 0, -100]) {
      await expect(
        midtrans().charge({ orderId: newOrderId(), grossAmount, method: { type: 'qris' }, expirySeconds: 900, notificationUrl }),
      ).rejects.toThrow(RangeError);
    }
  });

  it('is a MidtransError when Midtrans answers HTTP 200 with a 4xx status_code (an order id used twice)', async () => {
    const { orderId } = await qrisCharge();
    const error = await midtrans()
      .charge({ orderId, grossAmount: 25_000, method: { type: 'qris' }, expirySeconds: 900, notificationUrl })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MidtransError);
    expect(error).toMatchObject({ statusCode: '406', httpStatus: 200 });
  });
});

describe('the server key', () => {
  it('a wrong key is a 401 MidtransError whose message, stack and inspection carry neither key', async () => {
    const wrongKey = 'SB-Mid-server-not-the-right-one-77';
    const client = createMidtrans({ serverKey: wrongKey, apiUrl: sandbox.url });
    const error = await client
      .charge({ orderId: newOrderId(), grossAmount: 25_000, method: { type: 'qris' }, expirySeconds: 900, notificationUrl })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MidtransError);
    expect(error).toMatchObject({ statusCode: '401', httpStatus: 401, statusMessage: 'Unknown Merchant server_key/id' });
    const everything = `${(error as Error).message} ${(error as Error).stack} ${inspect(error, { depth: 5 })} ${JSON.stringify(error)}`;
    expect(everything).not.toContain(wrongKey);
    expect(everything).not.toContain(Buffer.from(`${wrongKey}:`).toString('base64'));
    expect(everything).not.toContain(SERVER_KEY);
  });

  it('is taken out of a refusal that quotes it', async () => {
    const stub = await stubServer((request, response) =>
      answering(200, { status_code: '400', status_message: `bad request from ${request.headers.authorization} (${SERVER_KEY})` })(
        request,
        response,
      ),
    );
    try {
      const error = (await createMidtrans({ serverKey: SERVER_KEY, apiUrl: stub.url })
        .status('any')
        .catch((e: unknown) => e)) as MidtransError;
      expect(error).toBeInstanceOf(MidtransError);
      expect(error.message).toContain('[server key]');
      expect(`${error.message} ${error.statusMessage} ${inspect(error)}`).not.toContain(SERVER_KEY);
    } finally {
      await stub.close();
    }
  });
});

describe('status', () => {
  it('follows the charge: pending, then settlement with the time it was paid', async () => {
    const { orderId, result } = await qrisCharge();
    expect(await midtrans().status(orderId)).toMatchObject({
      orderId,
      transactionId: result.transactionId,
      status: 'pending',
      statusCode: '201',
      grossAmount: '25000.00',
      paymentType: 'qris',
      fraudStatus: 'accept',
    });
    await sandbox.pay(orderId);
    const paid = await midtrans().status(orderId);
    expect(paid).toMatchObject({ status: 'settlement', statusCode: '200' });
    expect(Math.abs(paid.settledAt!.getTime() - Date.now())).toBeLessThan(5_000);
    // The transaction id names the transaction as well as the order id does.
    expect((await midtrans().status(result.transactionId)).orderId).toBe(orderId);
  });

  it('reads an expired transaction (status_code 407) as its state, not as a refusal', async () => {
    const { orderId } = await qrisCharge();
    await sandbox.expire(orderId);
    expect(await midtrans().status(orderId)).toMatchObject({ status: 'expire', statusCode: '407' });
  });

  it('an unknown order is a 404 MidtransError', async () => {
    await expect(midtrans().status('KS-never-charged')).rejects.toMatchObject({ name: 'MidtransError', statusCode: '404' });
  });

  it('an HTTP error status is a refusal whatever status_code the body claims', async () => {
    const settled = {
      status_code: '200',
      status_message: 'Success, transaction is found',
      transaction_id: 'a3b75ca9',
      order_id: 'any',
      gross_amount: '25000.00',
      payment_type: 'qris',
      transaction_status: 'settlement',
    };
    const stub = await stubServer(answering(500, settled));
    try {
      await expect(createMidtrans({ serverKey: SERVER_KEY, apiUrl: stub.url }).status('any')).rejects.toMatchObject({
        name: 'MidtransError',
        httpStatus: 500,
      });
    } finally {
      await stub.close();
    }
  });

  it('an answer that is not JSON is a MidtransError with the HTTP status', async () => {
    const stub = await stubServer((_, response) => response.writeHead(502, { 'Content-Type': 'text/html' }).end('<h1>Bad gateway</h1>'));
    try {
      const error = await createMidtrans({ serverKey: SERVER_KEY, apiUrl: stub.url })
        .status('any')
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MidtransError);
      expect(error).toMatchObject({ httpStatus: 502, statusCode: '502' });
    } finally {
      await stub.close();
    }
  });
});

describe('refund', () => {
  afterEach(() => sandbox.refuseRefunds(false));

  it('gives a paid QRIS payment back in full, once for one refund key', async () => {
    const { orderId } = await qrisCharge(41_000);
    await sandbox.pay(orderId);
    const request = { amount: 41_000, reason: 'Cancelled by the shop', refundKey: `${orderId}-refund` };
    const refunded = await midtrans().refund(orderId, request);
    expect(refunded).toEqual({ status: 'refund', refundAmount: '41000.00', refundKey: `${orderId}-refund` });
    // A retry with the same key (the answer was lost, say) is the same refund, not a second one.
    expect(await midtrans().refund(orderId, request)).toEqual(refunded);
    const charge = sandbox.charges.get(orderId)!;
    expect(charge.refunds).toHaveLength(1);
    expect(charge.refunds[0]).toMatchObject({ amount: 41_000, reason: 'Cancelled by the shop', refundKey: `${orderId}-refund` });
    expect(await midtrans().status(orderId)).toMatchObject({ status: 'refund', statusCode: '200' });
    await sandbox.delivered();
    expect(lastNotification(orderId)).toMatchObject({ transaction_status: 'refund', refund_amount: '41000.00' });
  });

  it('a refused refund is a MidtransError and the payment stays settled', async () => {
    const { orderId } = await qrisCharge();
    await sandbox.pay(orderId);
    sandbox.refuseRefunds(true);
    const error = await midtrans()
      .refund(orderId, { amount: 25_000, reason: 'Cancelled', refundKey: `${orderId}-refund` })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MidtransError);
    expect(error).toMatchObject({ statusCode: '412', httpStatus: 200 });
    expect((await midtrans().status(orderId)).status).toBe('settlement');
  });

  it('a bank transfer cannot be refunded through Midtrans', async () => {
    const orderId = newOrderId();
    await midtrans().charge({
      orderId,
      grossAmount: 25_000,
      method: { type: 'bank_transfer', bank: 'bca' },
      expirySeconds: 900,
      notificationUrl,
    });
    await sandbox.pay(orderId);
    await expect(midtrans().refund(orderId, { amount: 25_000, reason: 'Cancelled', refundKey: `${orderId}-refund` })).rejects.toMatchObject(
      {
        name: 'MidtransError',
        statusCode: '412',
      },
    );
  });

  it('posts refund_key, amount and reason to /v2/{order_id}/refund', async () => {
    const stub = await stubServer(
      answering(200, {
        status_code: '200',
        status_message: 'Success, refund request is approved',
        transaction_status: 'refund',
        refund_amount: '5000.00',
      }),
    );
    try {
      await createMidtrans({ serverKey: SERVER_KEY, apiUrl: stub.url }).refund('KS 1/2', {
        amount: 5_000,
        reason: 'Out of beans',
        refundKey: 'KS-1-r',
      });
      expect(stub.requests[0]).toMatchObject({ method: 'POST', url: '/v2/KS%201%2F2/refund' });
      expect(JSON.parse(stub.requests[0]!.body)).toEqual({ refund_key: 'KS-1-r', amount: 5_000, reason: 'Out of beans' });
    } finally {
      await stub.close();
    }
  });
});

describe('notification signatures', () => {
  it('matches the sample of Midtrans’ documentation (SHA-512 of order_id, status_code, gross_amount and the key)', () => {
    const signature =
      'edc076b21793ebe3e17926350f5b8ae67d902fe657b3d0aa31b932d5c127e2375d308a2bc94f3265ac2d80a1f181a79b997ac178a236fcff35af263fc4d4c231';
    const notification = { order_id: '1111', status_code: '200', gross_amount: '100000.00', signature_key: signature };
    expect(verifySignature(notification, 'askvnoibnosifnboseofinbofinfgbiufglnbfg')).toBe(true);
    expect(verifySignature(notification, 'askvnoibnosifnboseofinbofinfgbiufglnbfG')).toBe(false);
  });

  it('accepts what the sandbox sends and rejects it changed in any way', async () => {
    const { orderId } = await qrisCharge();
    const delivery = await sandbox.pay(orderId);
    expect(delivery?.status).toBe(200);
    const notification = lastNotification(orderId);
    expect(notification).toEqual(delivery!.notification);
    expect(verifySignature(notification, SERVER_KEY)).toBe(true);

    const signature = notification.signature_key as string;
    const flipped = signature.slice(0, 40) + (signature[40] === 'a' ? 'b' : 'a') + signature.slice(41);
    for (const forged of [
      { ...notification, signature_key: flipped },
      { ...notification, signature_key: signature.slice(0, -1) },
      { ...notification, signature_key: `${signature}0` },
      { ...notification, signature_key: signature.toUpperCase() },
      { ...notification, signature_key: '' },
      { ...notification, signature_key: undefined },
      { ...notification, gross_amount: '25000' }, // the same amount, not the same string
      { ...notification, gross_amount: '2500000.00' },
      { ...notification, status_code: '201' },
      { ...notification, order_id: `${orderId}x` },
      { ...notification, gross_amount: 25_000 },
    ]) {
      expect(verifySignature(forged, SERVER_KEY), JSON.stringify(forged)).toBe(false);
    }
    expect(verifySignature(notification, `${SERVER_KEY}x`)).toBe(false);
    expect(verifySignature(notification, '')).toBe(false);
  });
});

describe('grossAmountMatches', () => {
  it('is true only for the same whole number of rupiah, written as Midtrans writes it', () => {
    expect(grossAmountMatches('25000.00', 25_000)).toBe(true);
    expect(grossAmountMatches('25000', 25_000)).toBe(true);
    expect(grossAmountMatches('25000.0', 25_000)).toBe(true);
    for (const other of [
      '25000.50',
      '25000.01',
      '25001.00',
      '24999.99',
      '2500.00',
      '',
      ' 25000.00',
      '25000.00 ',
      '+25000',
      '2.5e4',
      '25,000.00',
      '-25000.00',
      '25000.',
    ]) {
      expect(grossAmountMatches(other, 25_000), other).toBe(false);
    }
    expect(grossAmountMatches(25_000, 25_000)).toBe(false);
    expect(grossAmountMatches(undefined, 25_000)).toBe(false);
    expect(grossAmountMatches('9007199254740993.00', 9_007_199_254_740_992)).toBe(false);
  });
});

describe('no answer', () => {
  it('a timeout is a MidtransUnreachableError (timeout), not a refusal', async () => {
    const silent = await stubServer(() => {}); // reads the request and never answers
    try {
      const started = Date.now();
      const error = await createMidtrans({ serverKey: SERVER_KEY, apiUrl: silent.url, timeoutMs: 300 })
        .status('any')
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MidtransUnreachableError);
      expect(error).not.toBeInstanceOf(MidtransError);
      expect((error as MidtransUnreachableError).reason).toBe('timeout');
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(inspect(error, { depth: 5 })).not.toContain(SERVER_KEY);
    } finally {
      await silent.close();
    }
  });

  it('a refused connection is a MidtransUnreachableError (network)', async () => {
    const gone = await stubServer(answering(200, {}));
    await gone.close(); // the port is free again: nothing listens there
    const error = await createMidtrans({ serverKey: SERVER_KEY, apiUrl: gone.url })
      .charge({ orderId: newOrderId(), grossAmount: 25_000, method: { type: 'qris' }, expirySeconds: 900, notificationUrl })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MidtransUnreachableError);
    expect((error as MidtransUnreachableError).reason).toBe('network');
  });
});
