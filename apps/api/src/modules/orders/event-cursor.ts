// Where a live order stream stands (docs/decisions/order-promise.md#event-delivery): the ids of the
// order events a client has had, sent to it as each frame's SSE `id:` and read back from
// Last-Event-ID when it reconnects. Event ids come from a sequence and commit out of order (an
// order held in its transaction commits after later ones), so "the last id" is not enough: a
// cursor is every id up to `upTo` except those still `missing` (allocated, not committed when the
// frame was sent). Written "1846" or "1846~1345,1400-1402"; a plain number, as older servers sent,
// reads as a cursor with nothing missing.

export interface EventCursor {
  /** Every event id up to this one has been had, except the missing ones. */
  upTo: number;
  /** Ids at most `upTo` not had yet, ascending. */
  missing: readonly number[];
}

/** At most this many missing ids in a Last-Event-ID: a longer one is refused as garbage. */
const MAX_MISSING = 10_000;
const ID = /^\d{1,15}$/;

export function formatCursor(cursor: EventCursor): string {
  if (cursor.missing.length === 0) return String(cursor.upTo);
  const ranges: string[] = [];
  let start = cursor.missing[0]!;
  let end = start;
  for (const id of cursor.missing.slice(1)) {
    if (id === end + 1) {
      end = id;
      continue;
    }
    ranges.push(start === end ? String(start) : `${start}-${end}`);
    start = end = id;
  }
  ranges.push(start === end ? String(start) : `${start}-${end}`);
  return `${cursor.upTo}~${ranges.join(',')}`;
}

/** A Last-Event-ID read back; undefined for anything that is not a cursor (an empty one, garbage). */
export function parseCursor(text: string | undefined): EventCursor | undefined {
  const value = text?.trim();
  if (!value) return undefined;
  const [upTo, ranges, extra] = value.split('~');
  if (extra !== undefined || !upTo || !ID.test(upTo)) return undefined;
  const cursor = { upTo: Number(upTo), missing: [] as number[] };
  if (ranges === undefined) return cursor;
  let previous = 0;
  for (const part of ranges.split(',')) {
    const [first, last, more] = part.split('-');
    if (more !== undefined || !first || !ID.test(first) || (last !== undefined && !ID.test(last))) return undefined;
    const from = Number(first);
    const to = last === undefined ? from : Number(last);
    // Ascending, not overlapping, within upTo, and not so many that expanding them costs.
    if (from <= previous || to < from || to > cursor.upTo || cursor.missing.length + to - from >= MAX_MISSING) return undefined;
    for (let id = from; id <= to; id++) cursor.missing.push(id);
    previous = to;
  }
  return cursor;
}
