import { Writable } from 'node:stream';
import { API_BASE, ORDER_TOKEN_HEADER } from '@kopi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Sandbox, startSandbox } from '../../../tools/payments-sandbox/sandbox.ts';
import { addProduct, api, createTestShop, signUpAs, type TestShop } from './helpers.ts';
import { orderBody } from './matrix-helpers.ts';
import { listenLocally, SseClient } from './sse-client.ts';

// docs/security.md: no secret the shop issues or receives reaches its log, wherever it travels (a
// header, a query, a path, a body): sessions, guests' order tokens, tables' QR tokens, Midtrans'
// server key and its notifications' signatures. A whole day at the shop is played, then every line
// the log wrote is searched for each of them.

const SERVER_KEY = 'SB-Mid-server-log-test-key-0123456789';

let sandbox: Sandbox;
let shop: TestShop;
let base: string;
const lines: string[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ serverKey: SERVER_KEY });
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  shop = await createTestShop(
    { logLevel: 'trace', payments: { midtrans: { serverKey: SERVER_KEY, apiUrl: sandbox.url }, expirySeconds: 60 } },
    { logStream },
  );
  base = await listenLocally(shop.app);
});
afterAll(async () => {
  await shop?.close();
  await sandbox?.close();
});

describe('the log', () => {
  it('holds no token, key or signature the shop issued or received, after a day of orders, streams and payments', async () => {
    const admin = await signUpAs(shop, 'Admin');
    const customer = await signUpAs(shop, 'User');
    const product = await addProduct(shop, admin.token, { product_name: 'Log Latte', price: 20000, category_id: 2 });
    const secrets: string[] = [admin.token, customer.token, SERVER_KEY];

    // A table and its QR code's page and API.
    const table = (await api(shop, 'POST', '/tables', { token: admin.token, body: { name: 'Log 1' } })).json().data;
    secrets.push(table.token);
    await shop.app.inject({ url: `/t/${table.token}` });
    await shop.app.inject({ url: `/t/${table.token}/order/1` });
    expect((await api(shop, 'GET', `/tables/at/${table.token}`)).statusCode).toBe(200);

    // A guest's order, read and followed with its token (header and query).
    const guest = await api(shop, 'POST', '/transactions', {
      body: orderBody(product.id, { table_token: table.token, guest_name: 'Tamu', payment_id: 3 }),
    });
    expect(guest.statusCode).toBe(201);
    const { id, order_token: orderToken } = guest.json().data;
    secrets.push(orderToken);
    expect((await api(shop, 'GET', `/transactions/${id}`, { headers: { [ORDER_TOKEN_HEADER]: orderToken } })).statusCode).toBe(200);
    const follow = await SseClient.open(base, undefined, { path: `/transactions/events?order_token=${orderToken}` });
    expect(follow.status).toBe(200);
    await follow.close();
    await shop.app.inject({ url: `/t/${table.token}/order/${id}?order_token=${orderToken}` });
    // A wrong token is logged no more than a right one.
    await api(shop, 'GET', `/transactions/events?order_token=${orderToken}x`);

    // A customer's QRIS order, paid through the gateway (a signed notification), and a forged one.
    const paid = await api(shop, 'POST', '/transactions', { token: customer.token, body: orderBody(product.id, { payment_id: 4 }) });
    expect(paid.statusCode).toBe(201);
    const gatewayId = [...sandbox.charges.keys()].find((key) => key.startsWith(`kopi-${paid.json().data.id}-`))!;
    const delivery = await sandbox.pay(gatewayId);
    expect(delivery?.status).toBe(200);
    secrets.push(String(delivery!.notification.signature_key));
    const forged = { ...delivery!.notification, signature_key: 'f'.repeat(128) };
    expect((await sandbox.send(gatewayId, forged)).status).toBe(403);
    secrets.push(forged.signature_key);

    // Sessions: sign in (the token answered), then out, and a session in each header form.
    const signedIn = await api(shop, 'POST', '/auth', { body: { email: customer.email, password: customer.password } });
    const session = signedIn.json().data.token as string;
    secrets.push(session);
    await shop.app.inject({ url: `${API_BASE}/users/profile`, headers: { authorization: `Bearer ${session}` } });
    await shop.app.inject({ url: `${API_BASE}/users/profile?token=${session}&access_token=${session}` });
    await api(shop, 'POST', '/auth/logout', { token: session });

    await sandbox.delivered();
    expect(lines.length).toBeGreaterThan(20);
    const log = lines.join('\n');
    const leaks = secrets.flatMap((secret) =>
      lines.filter((line) => line.includes(secret)).map((line) => `${secret.slice(0, 12)}… in ${line.slice(0, 300)}`),
    );
    expect(leaks).toEqual([]);
    // The requests are still in the log, their secrets redacted.
    expect(log).toContain('/t/[redacted]');
    expect(log).toContain('order_token=[redacted]');
  });
});
