import { useSyncExternalStore } from 'react';

// The table a guest scanned (docs/shop-rules.md#orders-from-the-table): kept in this tab's
// sessionStorage, so that the menu and the checkout order for that table until the tab is closed.

const SEAT_KEY = 'kopi:table';
const CHANGE_EVENT = 'kopi:table-change';

export interface TableSeat {
  token: string;
  name: string;
}

let cachedRaw: string | null | undefined;
let cached: TableSeat | null = null;

export function readTableSeat(): TableSeat | null {
  const raw = sessionStorage.getItem(SEAT_KEY);
  if (raw === cachedRaw) return cached;
  cachedRaw = raw;
  try {
    const value = raw ? (JSON.parse(raw) as Partial<TableSeat>) : null;
    cached = value && typeof value.token === 'string' && typeof value.name === 'string' ? { token: value.token, name: value.name } : null;
  } catch {
    cached = null;
  }
  return cached;
}

export function setTableSeat(seat: TableSeat | null): void {
  if (seat) sessionStorage.setItem(SEAT_KEY, JSON.stringify(seat));
  else sessionStorage.removeItem(SEAT_KEY);
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(CHANGE_EVENT, onChange);
  return () => window.removeEventListener(CHANGE_EVENT, onChange);
}

export function useTableSeat(): TableSeat | null {
  return useSyncExternalStore(subscribe, readTableSeat, () => null);
}
