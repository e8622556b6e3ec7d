import { useSyncExternalStore } from 'react';
import { ROLES, STORAGE, type Role } from '@kopi/shared';

// spec §3: the session lives in localStorage under 'token', 'role' and 'id'.

export interface Session {
  token: string;
  role: Role;
  id: number;
}

const CHANGE_EVENT = 'kopi:session-change';

function isRole(value: string | null): value is Role {
  return value === ROLES.user || value === ROLES.admin;
}

export function readSession(): Session | null {
  const token = localStorage.getItem(STORAGE.token);
  const role = localStorage.getItem(STORAGE.role);
  const id = Number(localStorage.getItem(STORAGE.id));
  if (!token || !isRole(role) || !Number.isInteger(id)) return null;
  return { token, role, id };
}

export function saveSession(session: Session): void {
  localStorage.setItem(STORAGE.token, session.token);
  localStorage.setItem(STORAGE.role, session.role);
  localStorage.setItem(STORAGE.id, String(session.id));
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/** DESIGN §2.3: logout clears token, role and id (the spec's version left role and id behind). */
export function clearSession(): void {
  localStorage.removeItem(STORAGE.token);
  localStorage.removeItem(STORAGE.role);
  localStorage.removeItem(STORAGE.id);
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(CHANGE_EVENT, onChange);
  // Another tab logging in or out changes the same storage.
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}

// useSyncExternalStore needs a stable snapshot: compare the raw stored strings.
let cachedKey = '';
let cachedSession: Session | null = null;

function getSnapshot(): Session | null {
  const key = [STORAGE.token, STORAGE.role, STORAGE.id].map((k) => localStorage.getItem(k)).join('|');
  if (key !== cachedKey) {
    cachedKey = key;
    cachedSession = readSession();
  }
  return cachedSession;
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, getSnapshot, () => null);
}
