import { API_BASE, TOKEN_HEADER } from '@kopi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, signUpAs, type TestShop } from './helpers.ts';
import { listRoutes } from './route-list.ts';

// The probe's fuzz run kept in the suite (docs/decisions/hardening.md): malformed bodies, headers and query strings
// sent to every route. Whatever is sent, the answer is never a 5xx and the process goes on answering.
// Seeded, so that a failure can be replayed (FUZZ_SEED); bounded by a request count and a time budget.

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);
const MAX_REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 6_000);
const BUDGET_MS = 45_000;

/** mulberry32: a small seeded generator, enough to make malformed input reproducible. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (max: number) => Math.floor(next() * max);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  return { next, int, pick, chance: (p: number) => next() < p };
}
type Gen = ReturnType<typeof generator>;

const NASTY_TEXT = [
  '',
  ' ',
  '0',
  '-1',
  '1e309',
  '9007199254740993',
  '99999999999999999999999',
  'NaN',
  'null',
  'true',
  '[]',
  '{}',
  '%',
  '%00',
  '%zz',
  '\u0000',
  'a\u0000b',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  "' or 1=1 --",
  '"; drop table users; --',
  '__proto__',
  'constructor',
  '\ud800',
  '😀'.repeat(50),
  'x'.repeat(10_000),
  '１２３',
  '2026-02-30',
  '2026-13-01T25:61:00Z',
  'Infinity',
  '0x10',
  '1.5',
  ' 7 ',
];
const FIELDS = [
  'email',
  'password',
  'items',
  'product_id',
  'qty',
  'size_id',
  'delivery_id',
  'payment_id',
  'promo_id',
  'address',
  'scheduled_for',
  'product_name',
  'price',
  'category_id',
  'description',
  'promo_name',
  'code',
  'discount',
  'duration',
  'min_price',
  'display_name',
  'phone_number',
  'status_id',
  'old_password',
  'new_password',
  'token',
  '__proto__',
  'constructor',
];

function value(g: Gen, depth = 0): unknown {
  switch (g.int(depth > 3 ? 6 : 9)) {
    case 0:
      return g.pick(NASTY_TEXT);
    case 1:
      return g.pick([0, -1, 1, 2, 3, 99, 100, 2 ** 31, 2 ** 53, -(2 ** 53), 1.5, 1e308, -0]);
    case 2:
      return g.pick([true, false, null]);
    case 3:
      return `${g.pick(NASTY_TEXT)}${g.int(1000)}`;
    case 4:
      return g.int(50);
    case 5:
      return 'kopi@test.local';
    case 6:
      return Array.from({ length: g.int(4) }, () => value(g, depth + 1));
    default:
      return Object.fromEntries(Array.from({ length: g.int(5) }, () => [g.pick(FIELDS), value(g, depth + 1)]));
  }
}

const PARAM_VALUES = [
  '1',
  '0',
  '-1',
  '2147483648',
  '99999999999999999999',
  'abc',
  '1.5',
  '%00',
  '%',
  '..%2F..',
  'null',
  '１',
  ' 1',
  '1e3',
  '😀',
];

interface Route {
  method: string;
  path: string;
}

/** encodeURIComponent, except that a lone surrogate (which it refuses) is sent as the bytes a careless client would send. */
const encode = (text: string) => {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
};

function url(g: Gen, route: Route): string {
  const path = route.path.replace(/\{[^}]+\}|:[a-z_]+/gi, () => (g.chance(0.4) ? String(g.int(20) + 1) : g.pick(PARAM_VALUES)));
  if (!g.chance(0.6)) return path;
  const pairs = Array.from({ length: g.int(5) + 1 }, () => {
    const key = g.pick(['page', 'limit', 'status', 'category_id', 'search', 'sort', 'w', 'date', 'q', 'a[b][c]', '__proto__', '', '%']);
    return `${key}=${g.chance(0.5) ? encode(String(value(g))) : g.pick(['%', '%zz', '&&&', '=', '[]', '1&1', '-5'])}`;
  });
  return `${path}?${pairs.join('&')}`;
}

function body(g: Gen): { payload?: string | Buffer; contentType?: string } {
  switch (g.int(7)) {
    case 0:
      return {};
    case 1:
      return { payload: JSON.stringify(value(g)), contentType: 'application/json' };
    case 2: {
      // JSON cut short, or with garbage around it, or nested very deep.
      const text = JSON.stringify(value(g));
      const broken = g.pick([
        text.slice(0, Math.max(1, g.int(text.length))),
        `${text}}`,
        `{"a":${'['.repeat(g.pick([50, 5_000, 50_000]))}`,
        ((n: number) => `{"items":${'['.repeat(n)}${']'.repeat(n)}}`)(g.pick([40, 5_000, 50_000])),
        ((n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`)(g.pick([40, 5_000])),
        '\u0000',
        '{"__proto__":{"admin":true}}',
        '{"constructor":{"prototype":{"x":1}}}',
      ]);
      return { payload: broken, contentType: g.pick(['application/json', 'application/json; charset=utf-16', 'application/vnd.api+json']) };
    }
    case 3: {
      const boundary = g.pick(['b0undary', 'x', '']);
      const parts = Array.from({ length: g.int(4) }, () => {
        const name = g.pick([...FIELDS, 'images', 'images', 'file']);
        const file = name === 'images' || g.chance(0.2);
        const content = file
          ? g.pick([
              Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]),
              Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]),
              Buffer.from('GIF89a'),
            ])
          : Buffer.from(String(value(g)));
        return Buffer.concat([
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"${file ? '; filename="x.png"' : ''}\r\n\r\n`),
          content,
          Buffer.from('\r\n'),
        ]);
      });
      const end = g.chance(0.7) ? `--${boundary}--\r\n` : g.pick(['', `--${boundary}`, '--']);
      return {
        payload: Buffer.concat([...parts, Buffer.from(end)]),
        contentType: g.pick([`multipart/form-data; boundary=${boundary}`, 'multipart/form-data', 'multipart/mixed; boundary=x']),
      };
    }
    case 4:
      return { payload: String(value(g)), contentType: g.pick(['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) };
    case 5:
      return {
        payload: Buffer.from(Array.from({ length: g.int(300) }, () => g.int(256))),
        contentType: g.pick(['application/octet-stream', 'image/png']),
      };
    default:
      return {
        payload: JSON.stringify(value(g)),
        contentType: g.pick(['', 'application/json;;', 'APPLICATION/JSON', 'application/json; boundary=x']),
      };
  }
}

let shop: TestShop;
let tokens: string[];
let routes: Route[];

beforeAll(async () => {
  shop = await createTestShop();
  const admin = await signUpAs(shop, 'Admin');
  const customer = await signUpAs(shop);
  tokens = [admin.token, customer.token, 'garbage', `${customer.token}x`, 'eyJhbGciOiJub25lIn0.eyJpZCI6MX0.', ''];
  // An event stream never ends for a caller it accepts, so inject() would wait for ever: its refusals
  // (bad tokens, Last-Event-ID, the cap) are tested in order-stream.test.ts, and hostile headers on it
  // in hostile-requests.test.ts.
  routes = (await listRoutes(shop.app)).filter((route) => !route.endless).map(({ method, path }) => ({ method, path }));
  routes.push(
    { method: 'GET', path: '/health' },
    { method: 'GET', path: '/ready' },
    { method: 'GET', path: '/images/:sha' },
    { method: 'GET', path: '/' },
    { method: 'GET', path: '/some/page/:x' },
    { method: 'OPTIONS', path: `${API_BASE}/products` },
    { method: 'PUT', path: `${API_BASE}/products/:id` },
  );
});
afterAll(() => shop.close());

describe('fuzzing every route', () => {
  it('no malformed request answers 5xx, and the process still answers', async () => {
    expect(routes.length).toBeGreaterThan(25);
    const g = generator(SEED);
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    const deadline = Date.now() + BUDGET_MS;
    let sent = 0;
    for (; sent < MAX_REQUESTS && Date.now() < deadline; sent++) {
      const route = g.pick(routes);
      const target = url(g, route);
      const { payload, contentType } = body(g);
      const headers: Record<string, string> = {};
      if (contentType !== undefined && contentType !== '') headers['content-type'] = contentType;
      if (g.chance(0.7)) headers[TOKEN_HEADER] = g.pick(tokens);
      if (g.chance(0.2)) headers['idempotency-key'] = String(value(g)).slice(0, 300);
      if (g.chance(0.2)) headers['accept-encoding'] = g.pick(['gzip;q=2', 'br, *;q=-1', 'identity;q=0', ',,,', 'x'.repeat(500)]);
      if (g.chance(0.1)) headers['x-request-id'] = g.pick(['\u0007', 'a'.repeat(1000), '../x', '']);
      if (g.chance(0.1)) headers['x-forwarded-for'] = g.pick(['1.2.3.4', 'not-an-ip', '::1, 10.0.0.1', '']);
      if (g.chance(0.1)) headers['if-none-match'] = g.pick(['*', 'W/"x"', '""', '"a", "b"']);
      const method = route.method as 'GET';
      const res = await shop.app.inject({
        method,
        url: target,
        headers,
        ...(payload !== undefined && method !== 'GET' ? { payload } : {}),
      });
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      if (res.statusCode >= 500) {
        failures.push(
          `#${sent} ${method} ${target} ${JSON.stringify(headers).slice(0, 200)} ${String(payload).slice(0, 200)} → ${res.statusCode} ${res.body.slice(0, 200)}`,
        );
      }
    }
    console.info(
      `fuzz (seed ${SEED}): ${sent} requests on ${routes.length} routes; statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(200);
    expect((await shop.app.inject('/health')).statusCode).toBe(200);
    expect((await shop.app.inject('/ready')).statusCode).toBe(200);
    expect((await shop.app.inject(`${API_BASE}/products/get`)).statusCode).toBe(200);
  }, 120_000);
});
