// Where Login and Sign Up lead once the person is signed in: `?next=`, when it is a path of this
// shop (docs/decisions/spec-fidelity.md#rough-edges-signing-in). Anything else — `//evil.example`,
// `https:…`, `javascript:…`, a backslash a browser reads as a slash — is ignored, so that a link to
import type { MessageKey } from './i18n';

// the shop cannot send a person who signs in to another site.

const GOOGLE_NEXT = 'kopi:next-after-google';

/** Why Login or Sign Up was opened on the way to the cart (`next=/payment`): the cart waits. */
export const TO_CHECKOUT = { login: 'auth.toCheckoutLogin', signup: 'auth.toCheckoutSignUp' } as const satisfies Record<string, MessageKey>;

/** The same-origin path (with its query and fragment) that `raw` names, or undefined. */
export function safeNext(raw: string | null | undefined, origin: string = window.location.origin): string | undefined {
  // Only a path: a scheme or a host (even written `/\host`) is never asked for.
  if (!raw?.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return undefined;
  if (!URL.canParse(raw, origin)) return undefined;
  // The parser drops tabs and newlines and reads backslashes as slashes: judge what it resolves to.
  const url = new URL(raw, origin);
  if (url.origin !== origin) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** A sign-in page's address with where to go after it, e.g. `/login?next=%2Fpayment`. */
export function withNext(page: '/login' | '/signup', next: string | undefined): string {
  return next ? `${page}?${new URLSearchParams({ next })}` : page;
}

/**
 * Google's sign-in leaves the app and comes back to /login/google: the tab remembers where to go
 * then. Every start of it sets or clears this, so an earlier sign-in's `next` is never reused.
 */
export function rememberNextForGoogle(next: string | undefined): void {
  if (next) sessionStorage.setItem(GOOGLE_NEXT, next);
  else sessionStorage.removeItem(GOOGLE_NEXT);
}

/** The `next` remembered when Google's sign-in started. */
export function nextAfterGoogle(): string | undefined {
  return safeNext(sessionStorage.getItem(GOOGLE_NEXT));
}
