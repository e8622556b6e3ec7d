import {
  type NewOrderRequest,
  type OrderDetail,
  type OrderToCollect,
  type PlacedOrder,
  type Product,
  type Quote,
  type ShiftReport,
  STATUS,
  TILL_KEY_HEADER,
  type Till,
  type TillDevice,
  TOKEN_HEADER,
} from '@kopi/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, canRetry, isApiError } from '../../../lib/api-client';
import { createLocalStore, removeKeys, useLocalStore, writeKeys } from '../../../lib/local-store';
import { clearSession, readSession, saveSession } from '../../../lib/session';

// The till (docs/shop-rules.md#the-till-and-shifts): this device's key, kept in localStorage once an
// Admin signed the device in (POST /tills), sent as the Till-Key header; and the session a member
// opened on it with their PIN, which is the page's session while they are switched on.

const TILL_KEY = 'kopi:till-key';
const TILL_SESSION = 'kopi:till-session';
const TILL_MEMBER = 'kopi:till-member';

const tillKeyStore = createLocalStore<string | null>([TILL_KEY], ([key]) => key || null, null);
/** The member switched on at this till: their session's token and their name. */
export interface TillMember {
  token: string;
  name: string;
}
const tillSessionStore = createLocalStore<TillMember | null>(
  [TILL_SESSION, TILL_MEMBER],
  ([token, name]) => (token ? { token, name: name ?? '' } : null),
  null,
);

export const useTillKey = () => useLocalStore(tillKeyStore);
export const readTillKey = () => tillKeyStore.read();
/** The member switched on at this till, if they still are. */
export const useTillMember = () => useLocalStore(tillSessionStore);

const deviceHeaders = (): Record<string, string> => ({ [TILL_KEY_HEADER]: readTillKey() ?? '' });

/** POST /tills (Admin): this device becomes a till; its key is kept here. */
export async function registerTill(name: string): Promise<Till> {
  const { data } = await apiRequest<{ till: Till; device_key: string }>('/tills', { method: 'POST', body: { name } });
  writeKeys({ [TILL_KEY]: data.device_key });
  return data.till;
}

/** A key the server no longer knows (the till was taken out of use): the device is signed in again. */
export function forgetTill(): void {
  void lockTill();
  removeKeys([TILL_KEY]);
}

/** POST /tills/device/unlock: the member's PIN switches the till on; their session becomes the page's. */
export async function unlockTill(userId: number, pin: string): Promise<void> {
  const unrevoked = localStorage.getItem(UNREVOKED);
  if (unrevoked) await revoke(unrevoked);
  // Whoever was signed in on this device (the owner who signed it in) leaves: a wrong PIN is then an
  // ordinary answer, not a refused session.
  if (readSession()) clearSession();
  const { data } = await apiRequest<{ token: string; user: { id: number; name: string; role: string } }>('/tills/device/unlock', {
    method: 'POST',
    headers: deviceHeaders(),
    body: { user_id: userId, pin },
  });
  saveSession({ token: data.token, role: data.user.role as never, id: data.user.id });
  writeKeys({ [TILL_SESSION]: data.token, [TILL_MEMBER]: data.user.name });
}

const UNREVOKED = 'kopi:till-unrevoked';

/**
 * POST /auth/logout for a member's token. A till that cannot reach the server still locks at once:
 * the token is kept here and revoked at the next unlock, so that a session never outlives its Lock
 * for longer than the network is down.
 */
async function revoke(token: string): Promise<void> {
  try {
    await apiRequest('/auth/logout', { method: 'POST', headers: { [TOKEN_HEADER]: token } });
    if (localStorage.getItem(UNREVOKED) === token) localStorage.removeItem(UNREVOKED);
  } catch (failure) {
    // Refused (401): the session had already ended, nothing is left to revoke.
    if (canRetry(failure)) localStorage.setItem(UNREVOKED, token);
    else if (localStorage.getItem(UNREVOKED) === token) localStorage.removeItem(UNREVOKED);
  }
}

/** "Lock": the member's session ends on the server and on this device, which shows the names again. */
export async function lockTill(): Promise<void> {
  const session = readSession();
  const member = tillSessionStore.read();
  removeKeys([TILL_SESSION, TILL_MEMBER]);
  if (!member) return;
  if (session && session.token === member.token) clearSession();
  await revoke(member.token);
}

const TILL_QUERY = ['till'] as const;

/** Every product on sale but the add-ons (a few pages of 50). */
async function allProducts(signal: AbortSignal): Promise<Product[]> {
  const products: Product[] = [];
  for (let page = 1; page <= 20; page++) {
    const { data, meta } = await apiRequest<Product[]>('/products/get', { query: { sort: 'popular', page, limit: 50 }, signal });
    products.push(...data);
    if (!meta?.next || data.length === 0) break;
  }
  return products;
}

export const tillQueries = {
  device: () =>
    queryOptions({
      queryKey: [...TILL_QUERY, 'device', readTillKey()],
      queryFn: async ({ signal }) => (await apiRequest<TillDevice>('/tills/device', { headers: deviceHeaders(), signal })).data,
      retry: false,
    }),
  /** The till's open shift; none open is a 409 no_open_shift. */
  shift: (token: string | null) =>
    queryOptions({
      queryKey: [...TILL_QUERY, 'shift', token],
      queryFn: async ({ signal }) => (await apiRequest<ShiftReport>('/shifts/current', { signal })).data,
      retry: false,
      enabled: !!token,
    }),
  /** The phone's and tables' orders whose cash is to be taken here; read again every 10 s while the till is on. */
  toCollect: () =>
    queryOptions({
      queryKey: [...TILL_QUERY, 'to-collect'],
      queryFn: async ({ signal }) => (await apiRequest<OrderToCollect[]>('/transactions/to-collect', { signal })).data,
      refetchInterval: 10_000,
    }),
  menu: () =>
    queryOptions({
      queryKey: [...TILL_QUERY, 'menu'],
      queryFn: ({ signal }) => allProducts(signal),
      staleTime: 60_000,
    }),
};

export function useShiftChanged() {
  const queryClient = useQueryClient();
  return (shift: ShiftReport | undefined) => {
    if (shift) queryClient.setQueriesData({ queryKey: [...TILL_QUERY, 'shift'] }, shift);
    else void queryClient.invalidateQueries({ queryKey: [...TILL_QUERY, 'shift'] });
  };
}

export async function openShift(openingCash: number): Promise<ShiftReport> {
  return (await apiRequest<ShiftReport>('/shifts', { method: 'POST', body: { opening_cash: openingCash } })).data;
}

export async function moveCash(shiftId: number, amount: number, reason: string): Promise<ShiftReport> {
  return (await apiRequest<ShiftReport>(`/shifts/${shiftId}/cash`, { method: 'POST', body: { amount, reason: reason || undefined } })).data;
}

export async function closeShift(shiftId: number, countedCash: number, count?: Record<string, number>): Promise<ShiftReport> {
  return (await apiRequest<ShiftReport>(`/shifts/${shiftId}/close`, { method: 'POST', body: { counted_cash: countedCash, count } })).data;
}

export async function quoteSale(body: NewOrderRequest, signal?: AbortSignal): Promise<Quote> {
  return (await apiRequest<Quote>('/transactions/quote', { method: 'POST', body, signal })).data;
}

const PENDING_SALE = 'kopi:till-pending-sale';

/** A sale sent whose answer never came: its key and body, kept on the device until the server has answered it. */
export interface PendingSale {
  key: string;
  body: NewOrderRequest;
}

export function readPendingSale(): PendingSale | null {
  try {
    const raw = localStorage.getItem(PENDING_SALE);
    return raw ? (JSON.parse(raw) as PendingSale) : null;
  } catch {
    return null;
  }
}

/**
 * POST /transactions from the till: one sale per Idempotency-Key, however many times it is sent. Until
 * the server answers (a sale, or a refusal), the sale is kept on the device: a page reloaded after a
 * cut connection sends it again with the same key, never a second sale.
 */
export async function placeSale(body: NewOrderRequest, idempotencyKey: string): Promise<PlacedOrder> {
  localStorage.setItem(PENDING_SALE, JSON.stringify({ key: idempotencyKey, body } satisfies PendingSale));
  try {
    const { data } = await apiRequest<PlacedOrder>('/transactions', {
      method: 'POST',
      body,
      headers: { 'idempotency-key': idempotencyKey },
    });
    localStorage.removeItem(PENDING_SALE);
    return data;
  } catch (failure) {
    // Maybe placed, maybe not: only this key may find out. A refusal placed nothing.
    if (!canRetry(failure) && !isApiError(failure, 'order_in_progress')) localStorage.removeItem(PENDING_SALE);
    throw failure;
  }
}

/** GET /transactions/:id: a sale awaiting its QRIS payment, read again until it is paid or ends. */
export const saleQuery = (id: number) =>
  queryOptions({
    queryKey: [...TILL_QUERY, 'sale', id],
    queryFn: async ({ signal }) => (await apiRequest<OrderDetail>(`/transactions/${id}`, { signal })).data,
    refetchInterval: 2_000,
  });

/** The customer at the counter did not pay the QRIS code: the sale is cancelled (nothing was paid). */
export async function cancelSale(id: number, reason: string): Promise<void> {
  await apiRequest(`/transactions/${id}`, { method: 'PATCH', body: { status_id: STATUS.cancelled, reason } });
}

/** POST /transactions/:id/collect: the cash handed over for a phone's or a table's order; the answer has the change. */
export async function collectCash(id: number, tendered: number): Promise<OrderDetail> {
  return (await apiRequest<OrderDetail>(`/transactions/${id}/collect`, { method: 'POST', body: { cash_tendered: tendered } })).data;
}

/** POST /transactions/:id/print: the sale's receipt on the receipt printers again (a double tap prints once). */
export function usePrintReceipt() {
  return useMutation({
    mutationFn: async (orderId: number) =>
      (await apiRequest<{ printers: string[]; queued: boolean }>(`/transactions/${orderId}/print`, { method: 'POST' })).data,
  });
}
