import { ALL_ROLES, type Role, STORAGE } from '@kopi/shared';
import { CACHE_NAMES } from './cache-names';
import { createLocalStore, removeKeys, useLocalStore, writeKeys } from './local-store';

// docs/decisions/spec-fidelity.md#routes-and-the-session: the session lives in localStorage under 'token', 'role' and 'id'.

export interface Session {
  token: string;
  role: Role;
  id: number;
}

const KEYS = [STORAGE.token, STORAGE.role, STORAGE.id] as const;

function isRole(value: string | null | undefined): value is Role {
  // The staff's roles too (docs/shop-rules.md#staff-and-roles): a Cashier switched on at a till.
  return (ALL_ROLES as readonly (string | null | undefined)[]).includes(value);
}

const sessionStore = createLocalStore<Session | null>(
  KEYS,
  ([token, role, id]) => {
    const numericId = Number(id);
    if (!token || !isRole(role) || !Number.isInteger(numericId)) return null;
    return { token, role, id: numericId };
  },
  null,
);

export function readSession(): Session | null {
  return sessionStore.read();
}

export function saveSession(session: Session): void {
  writeKeys({ [STORAGE.token]: session.token, [STORAGE.role]: session.role, [STORAGE.id]: String(session.id) });
}

/**
 * The service worker's copies of the session's answers (orders, profile) go with it: another account
 * on this phone never opens them; its own cache per token keeps them apart meanwhile
 * (docs/decisions/offline-and-caching.md#private-answers-and-logout).
 */
function forgetStoredAnswers(): void {
  if (!('caches' in window)) return;
  caches
    .keys()
    .then((names) => Promise.all(names.filter((name) => name.startsWith(CACHE_NAMES.privatePrefix)).map((name) => caches.delete(name))))
    .catch((error: unknown) => console.error('The stored answers of the session could not be removed:', error));
}

/** docs/decisions/spec-fidelity.md#fixed: logout clears token, role and id (the spec's version left role and id behind). */
export function clearSession(): void {
  removeKeys(KEYS);
  forgetStoredAnswers();
}

export function useSession(): Session | null {
  return useLocalStore(sessionStore);
}
