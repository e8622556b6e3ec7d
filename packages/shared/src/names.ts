// Names people give (a guest's at a table, an account's, a table's) are shown to others: on the
// public pick-up screen, the staff's board, receipts. What a name may hold, and how a screen shortens
// it, is decided here for the browser and the server alike (docs/security.md).

/**
 * Characters no name may hold: control characters, the marks that reorder text (bidi embeddings,
 * overrides, isolates, directional marks) and line or paragraph separators. They can hide, reverse
 * or break what a screen shows ("FREE COFFEE" drawn from a name written backwards).
 */
const UNSHOWABLE = /[\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069\u2028\u2029]/gu;

/** Whether a name holds a character no screen should show (see UNSHOWABLE). */
export const hasUnshowable = (text: string): boolean => text.search(UNSHOWABLE) >= 0;

/** A name from elsewhere (an identity provider) without those characters. */
export const withoutUnshowable = (text: string): string => text.replace(UNSHOWABLE, '');

/** Any Unicode space (a no-break space, an ideographic space…), not only the ASCII one. */
const SPACES = /[\s\p{Zs}]+/u;

/** Characters of a first name on the public pick-up screen at most. */
export const PICKUP_NAME_MAX = 12;

/**
 * A name's first word, at most `max` characters (whole code points, so an emoji is never cut in
 * half): what the pick-up screen shows of the person who ordered. Empty for a blank name.
 */
export function firstNameOf(name: string | null | undefined, max = PICKUP_NAME_MAX): string {
  const first = (name ?? '').trim().split(SPACES)[0] ?? '';
  return Array.from(first).slice(0, max).join('');
}
