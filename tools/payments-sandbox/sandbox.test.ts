import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crc16 } from './qris.ts';
import { type Sandbox, startSandbox } from './sandbox.ts';

// The sandbox on its wire, with plain fetch (not the shop's client): the answers and notifications
// the shop's tests rely on, and the tester's page.

const SERVER_KEY = 'SB-Mid-server-sandbox-test-41';
const auth = `Basic ${Buffer.from(`${SERVER_KEY}:`).toString('base64')}`;
const notifications: Record<string, unknown>[] = [];
let answerWith = 200;
let sandbox: Sandbox;
let notificationUrl: string;
let closeReceiver: () => Promise<void>;

beforeAll(async () => {
  const receiver = createServer(async (request, response) => {
    let body = '';
    for await (const chunk of request) body += chunk;
    notifications.push(JSON.parse(body));
    response.writeHead(answerWith).end('ok');
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  notificationUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/notify`;
  closeReceiver = () => new Promise<void>((resolve) => receiver.close(() => resolve()));
  sandbox = await startSandbox({ serverKey: SERVER_KEY });
});

afterAll(async () => {
  await sandbox.close();
  await closeReceiver();
});

let orders = 0;
async function charge(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  const response = await fetch(`${sandbox.url}/v2/charge`, {
    method: 'POST',
    headers: { Authorization: auth, 'Content-Type': 'application/json', 'X-Override-Notification': notificationUrl, ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
async function newCharge(method: Record<string, unknown> = { payment_type: 'qris', qris: { acquirer: 'gopay' } }, amount = 25_000) {
  const orderId = `SB-${++orders}-${Date.now()}`;
  const answer = await charge({ ...method, transaction_details: { order_id: orderId, gross_amount: amount } });
  expect(answer.body.status_code).toBe('201');
  return orderId;
}
async function status(orderId: string) {
  const response = await fetch(`${sandbox.url}/v2/${orderId}/status`, { headers: { Authorization: auth } });
  return (await response.json()) as Record<string, unknown>;
}
const signature = (n: Record<string, unknown>) =>
  createHash('sha512').update(`${n.order_id}${n.status_code}${n.gross_amount}${SERVER_KEY}`).digest('hex');

describe('the API', () => {
  it('answers 401 as Midtrans does without the key, with another key, or with the key as the password', async () => {
    for (const authorization of [
      undefined,
      `Basic ${Buffer.from('SB-Mid-server-other:').toString('base64')}`,
      `Basic ${Buffer.from(`:${SERVER_KEY}`).toString('base64')}`,
    ]) {
      const response = await fetch(`${sandbox.url}/v2/any/status`, { headers: authorization ? { Authorization: authorization } : {} });
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ status_code: '401', status_message: 'Unknown Merchant server_key/id' });
    }
  });

  it('answers a charge with the fields Midtrans documents, per method', async () => {
    const qris = await charge({
      payment_type: 'qris',
      transaction_details: { order_id: `SB-q-${Date.now()}`, gross_amount: 18_000 },
      qris: { acquirer: 'gopay' },
    });
    expect(qris.status).toBe(200);
    expect(Object.keys(qris.body).sort()).toEqual(
      [
        'status_code',
        'status_message',
        'transaction_id',
        'order_id',
        'merchant_id',
        'gross_amount',
        'currency',
        'payment_type',
        'transaction_time',
        'transaction_status',
        'fraud_status',
        'expiry_time',
        'actions',
        'qr_string',
        'acquirer',
      ].sort(),
    );
    expect(qris.body).toMatchObject({ gross_amount: '18000.00', currency: 'IDR', transaction_status: 'pending', acquirer: 'gopay' });
    expect(qris.body.transaction_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const qrString = qris.body.qr_string as string;
    expect(qrString).toMatch(/^000201010212.*540518000.*6304[0-9A-F]{4}$/);
    expect(qrString.slice(-4)).toBe(crc16(qrString.slice(0, -4)));

    for (const bank of ['bca', 'bni', 'bri']) {
      const answer = await charge({
        payment_type: 'bank_transfer',
        transaction_details: { order_id: `SB-${bank}-${Date.now()}`, gross_amount: 18_000 },
        bank_transfer: { bank },
      });
      expect(answer.body.va_numbers).toEqual([{ bank, va_number: expect.stringMatching(/^\d+$/) }]);
      expect(answer.body.permata_va_number).toBeUndefined();
    }
    const permata = await charge({
      payment_type: 'bank_transfer',
      transaction_details: { order_id: `SB-permata-${Date.now()}`, gross_amount: 18_000 },
      bank_transfer: { bank: 'permata' },
    });
    expect(permata.body.permata_va_number).toMatch(/^8778\d{12}$/);
    expect(permata.body.va_numbers).toBeUndefined();
  });

  it('refuses bad charges in the body (HTTP 200, status_code 400) and an order id used twice (406)', async () => {
    const bad = [
      {
        payment_type: 'bank_transfer',
        transaction_details: { order_id: 'SB-bad-1', gross_amount: 1000 },
        bank_transfer: { bank: 'mandiri' },
      },
      { payment_type: 'qris', transaction_details: { order_id: 'SB-bad-2', gross_amount: 1000.5 } },
      { payment_type: 'credit_card', transaction_details: { order_id: 'SB-bad-3', gross_amount: 1000 } },
      { payment_type: 'qris', transaction_details: { order_id: 'SB bad 4', gross_amount: 1000 } },
      {
        payment_type: 'qris',
        transaction_details: { order_id: 'SB-bad-5', gross_amount: 1000 },
        custom_expiry: { expiry_duration: 15, unit: 'fortnight' },
      },
    ];
    for (const body of bad) {
      const answer = await charge(body);
      expect(answer.status, JSON.stringify(body)).toBe(200);
      expect(answer.body.status_code, JSON.stringify(body)).toBe('400');
    }
    const orderId = await newCharge();
    expect(
      (await charge({ payment_type: 'qris', transaction_details: { order_id: orderId, gross_amount: 25_000 } })).body.status_code,
    ).toBe('406');
  });
});

describe('the QR payload', () => {
  it('ends with the CRC-16/CCITT-FALSE of the rest (the check value of "123456789" is 29B1)', () => {
    expect(crc16('123456789')).toBe('29B1');
  });
});

describe('the tester’s page', () => {
  it('shows the amount, the QR string and the three buttons', async () => {
    const orderId = await newCharge(undefined, 27_500);
    const response = await fetch(`${sandbox.url}/pay/${orderId}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('IDR 27.500');
    expect(html).toContain(sandbox.charges.get(orderId)!.qrString);
    for (const action of ['pay', 'expire', 'fail']) expect(html).toContain(`action="/pay/${orderId}/${action}"`);
    expect(html).not.toContain('disabled');
    expect((await fetch(`${sandbox.url}/pay/SB-unknown`)).status).toBe(404);
  });

  it('shows the bank and the virtual account number', async () => {
    const orderId = await newCharge({ payment_type: 'bank_transfer', bank_transfer: { bank: 'bni' } });
    const html = await (await fetch(`${sandbox.url}/pay/${orderId}`)).text();
    expect(html).toContain('BNI virtual account');
    expect(html).toContain(sandbox.charges.get(orderId)!.vaNumber);
  });

  it('Pay settles the charge, sends the signed notification and the status API agrees', async () => {
    const orderId = await newCharge({ payment_type: 'bank_transfer', bank_transfer: { bank: 'bca' } });
    const response = await fetch(`${sandbox.url}/pay/${orderId}/pay`, { method: 'POST', redirect: 'manual' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`/pay/${orderId}`);
    const notification = notifications.find((n) => n.order_id === orderId)!;
    const charge = sandbox.charges.get(orderId)!;
    expect(notification).toEqual({
      transaction_time: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      transaction_status: 'settlement',
      transaction_id: charge.transactionId,
      status_message: 'midtrans payment notification',
      status_code: '200',
      signature_key: signature(notification),
      settlement_time: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      payment_type: 'bank_transfer',
      payment_amounts: [],
      order_id: orderId,
      merchant_id: 'G000000000',
      gross_amount: '25000.00',
      fraud_status: 'accept',
      currency: 'IDR',
      expiry_time: expect.any(String),
      va_numbers: [{ bank: 'bca', va_number: charge.vaNumber }],
    });
    expect(await status(orderId)).toMatchObject({ status_code: '200', transaction_status: 'settlement', gross_amount: '25000.00' });
    const page = await (await fetch(`${sandbox.url}/pay/${orderId}`)).text();
    expect(page).toContain('answered HTTP 200');
    expect(page).toContain('disabled');
    // A settled charge cannot expire or fail any more.
    expect((await fetch(`${sandbox.url}/pay/${orderId}/expire`, { method: 'POST', redirect: 'manual' })).status).toBe(409);
  });

  it('Expire and Fail end the charge: QRIS notifications name the acquirer, the status API agrees (407 when expired)', async () => {
    const expired = await newCharge();
    await fetch(`${sandbox.url}/pay/${expired}/expire`, { method: 'POST', redirect: 'manual' });
    const expiredNotification = notifications.find((n) => n.order_id === expired)!;
    expect(expiredNotification).toMatchObject({
      transaction_status: 'expire',
      status_code: '202',
      payment_type: 'qris',
      acquirer: 'gopay',
    });
    expect(expiredNotification.signature_key).toBe(signature(expiredNotification));
    expect(await status(expired)).toMatchObject({ status_code: '407', transaction_status: 'expire' });
    expect((await fetch(`${sandbox.url}/pay/${expired}/pay`, { method: 'POST', redirect: 'manual' })).status).toBe(409);

    const failed = await newCharge();
    await fetch(`${sandbox.url}/pay/${failed}/fail`, { method: 'POST', redirect: 'manual' });
    expect(notifications.find((n) => n.order_id === failed)).toMatchObject({ transaction_status: 'deny', status_code: '202' });
    expect(await status(failed)).toMatchObject({ transaction_status: 'deny' });
  });

  it('shows an undelivered notification', async () => {
    answerWith = 500;
    try {
      const orderId = await newCharge();
      const delivery = await sandbox.pay(orderId);
      expect(delivery?.status).toBe(500);
      expect(await (await fetch(`${sandbox.url}/pay/${orderId}`)).text()).toContain('answered HTTP 500');
    } finally {
      answerWith = 200;
    }
  });
});

describe('what tests can make it do', () => {
  it('the status API disagrees with what happened, until told the truth again', async () => {
    const orderId = await newCharge();
    sandbox.statusApiSays(orderId, 'pending');
    await sandbox.pay(orderId);
    expect(await status(orderId)).toMatchObject({ transaction_status: 'pending', status_code: '201' });
    sandbox.statusApiSays(orderId, undefined);
    expect(await status(orderId)).toMatchObject({ transaction_status: 'settlement' });
  });

  it('notify sends a correctly signed notification the status API does not confirm', async () => {
    const orderId = await newCharge();
    const delivery = await sandbox.notify(orderId, 'settlement');
    expect(delivery.notification).toMatchObject({ transaction_status: 'settlement', status_code: '200' });
    expect(delivery.notification.signature_key).toBe(signature(delivery.notification));
    expect(await status(orderId)).toMatchObject({ transaction_status: 'pending' });
  });

  it('send posts any body to the charge’s notification URL (a forgery, a replay)', async () => {
    const orderId = await newCharge();
    const forged = { ...sandbox.notificationFor(orderId, 'settlement'), signature_key: '0'.repeat(128) };
    const delivery = await sandbox.send(orderId, forged);
    expect(delivery.status).toBe(200);
    expect(notifications.at(-1)).toEqual(forged);
  });

  it('refunds: the documented answer, a refusal on demand, and none for a bank transfer', async () => {
    const refund = (orderId: string, body: unknown) =>
      fetch(`${sandbox.url}/v2/${orderId}/refund`, {
        method: 'POST',
        headers: { Authorization: auth, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      }).then((r) => r.json() as Promise<Record<string, unknown>>);
    const orderId = await newCharge();
    expect(await refund(orderId, { refund_key: 'r1', amount: 25_000 })).toMatchObject({ status_code: '412' }); // not paid yet
    await sandbox.pay(orderId);
    sandbox.refuseRefunds(true);
    expect(await refund(orderId, { refund_key: 'r1', amount: 25_000, reason: 'x' })).toMatchObject({ status_code: '412' });
    sandbox.refuseRefunds(false);
    expect(await refund(orderId, { refund_key: 'r1', amount: 30_000, reason: 'x' })).toMatchObject({ status_code: '400' });
    expect(await refund(orderId, { refund_key: 'r1', amount: 25_000, reason: 'x' })).toMatchObject({
      status_code: '200',
      status_message: 'Success, refund request is approved',
      transaction_status: 'refund',
      gross_amount: '25000.00',
      refund_amount: '25000.00',
      refund_key: 'r1',
      refund_chargeback_id: expect.any(Number),
    });
    await sandbox.delivered();
    const last = notifications.filter((n) => n.order_id === orderId).at(-1)!;
    expect(last).toMatchObject({ transaction_status: 'refund', status_code: '200', refund_amount: '25000.00' });
    expect(last.signature_key).toBe(signature(last));

    const transfer = await newCharge({ payment_type: 'bank_transfer', bank_transfer: { bank: 'bri' } });
    await sandbox.pay(transfer);
    expect(await refund(transfer, { refund_key: 'r2', amount: 25_000 })).toMatchObject({ status_code: '412' });
  });
});
