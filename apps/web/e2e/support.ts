import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_BASE, MSG, STORAGE } from '@kopi/shared';
import { type APIRequestContext, type Browser, expect, type Locator, type Page } from './playwright';

export const ADMIN = { email: 'admin@kopisenja.test', password: 'senja-admin-123' };
export const CUSTOMER = { email: 'customer@kopisenja.test', password: 'senja-customer-123' };

const SCREENSHOTS = join(dirname(fileURLToPath(import.meta.url)), '../../../test-output/screenshots');
mkdirSync(SCREENSHOTS, { recursive: true });

/** Saves a full-page picture of the current screen to test-output/screenshots/<name>.png. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/** The toast container shows the given text. */
export function toast(page: Page, text: string | RegExp) {
  return page.locator('.Toastify').getByText(text);
}

/** Logs in through the Login screen, the way a person does (docs/decisions/spec-fidelity.md#delays: /product after 3 s). */
export async function loginThroughForm(page: Page, account: { email: string; password: string }): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email address').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(toast(page, MSG.loginSuccess)).toBeVisible();
  await expect(page).toHaveURL(/\/product$/, { timeout: 8_000 });
}

export interface ApiSession {
  token: string;
  role: string;
  id: number;
}

export async function apiLogin(request: APIRequestContext, account: { email: string; password: string }): Promise<ApiSession> {
  const response = await request.post(`${API_BASE}/auth`, { data: account });
  expect(response.status()).toBe(200);
  const { data } = (await response.json()) as { data: { token: string; payload: { id: number; role: string } } };
  return { token: data.token, role: data.payload.role, id: data.payload.id };
}

/** Starts the page already signed in, for tests whose subject is not the login itself. */
export async function startSignedIn(page: Page, session: ApiSession): Promise<void> {
  await page.addInitScript(
    ({ keys, value }) => {
      if (sessionStorage.getItem('e2e-session-set')) return; // set once, so a logout in the test sticks
      sessionStorage.setItem('e2e-session-set', '1');
      localStorage.setItem(keys.token, value.token);
      localStorage.setItem(keys.role, value.role);
      localStorage.setItem(keys.id, String(value.id));
    },
    { keys: { token: STORAGE.token, role: STORAGE.role, id: STORAGE.id }, value: session },
  );
}

/** A page of its own browser context (a second person at another screen), started signed in as `session`. */
export async function signedInPage(browser: Browser, session: ApiSession, viewport = { width: 1280, height: 900 }): Promise<Page> {
  const page = await (await browser.newContext({ viewport })).newPage();
  await startSignedIn(page, session);
  return page;
}

/** The password of every account a test registers. */
export const E2E_PASSWORD = 'kopi-senja-e2e-1';

/**
 * A new customer, registered and signed in through the API. `tag` names the spec in the e-mail, so
 * that a failing run's accounts tell where they came from.
 */
export async function registerCustomer(
  request: APIRequestContext,
  tag = 'e2e',
  phone_number = '081234567803',
): Promise<ApiSession & { email: string }> {
  const email = `e2e-${tag}-${uniqueSuffix()}@kopisenja.test`;
  const created = await request.post(`${API_BASE}/users/register`, { data: { email, password: E2E_PASSWORD, phone_number } });
  expect(created.status()).toBe(201);
  return { ...(await apiLogin(request, { email, password: E2E_PASSWORD })), email };
}

/** A new customer as registerCustomer makes one, with `page` starting signed in as them. */
export async function newCustomer(page: Page, request: APIRequestContext, tag?: string, phone_number?: string) {
  const session = await registerCustomer(request, tag, phone_number);
  await startSignedIn(page, session);
  return session;
}

/** An order placed through the API for `session` (by default one Reguler of product 1, picked up); answers its id. */
export async function placeByApi(
  request: APIRequestContext,
  session: ApiSession,
  data: Record<string, unknown> = { items: [{ product_id: 1, qty: 1, size_id: 1 }], delivery_id: 3, payment_id: 1 },
): Promise<number> {
  const placed = await request.post(`${API_BASE}/transactions`, { headers: { 'access-token': session.token }, data });
  expect(placed.status()).toBe(201);
  return ((await placed.json()) as { data: { id: number } }).data.id;
}

/** A valid 1×1 PNG. */
export const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

export function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
}

/** Reads an IDR amount such as 'IDR 25.000' as a number. */
export function rupiah(text: string | null): number {
  return Number((text ?? '').replace(/[^\d]/g, ''));
}

/**
 * Waits until React runs the page: a page the server rendered is plain HTML until its scripts have
 * come (after the first paint), and a tap or a choice made before then is lost.
 */
export async function untilHydrated(page: Page): Promise<void> {
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
}

/**
 * Picks a radio drawn as a chip (the input itself is hidden, hence force) once it is offered: on a
 * page the server rendered, the choices wait for the page's scripts (lib/use-hydrated.tsx).
 */
export async function choose(radio: Locator): Promise<void> {
  await expect(radio).toBeEnabled();
  await radio.check({ force: true });
}
