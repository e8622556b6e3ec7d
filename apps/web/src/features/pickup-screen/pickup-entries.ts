// The pick-up screen's entries are named by their number of the shop day, and an order of an earlier
// day still open (a Preparing one nobody marked Done) can share its number with one of today's: the
// screen tells them apart by count, never by number alone.

/** Each entry with a key unique on its column: its number, then which of that number it is. */
export function keyedByNumber<T extends { number: number }>(entries: readonly T[]): { entry: T; key: string }[] {
  const seen = new Map<number, number>();
  return entries.map((entry) => {
    const nth = (seen.get(entry.number) ?? 0) + 1;
    seen.set(entry.number, nth);
    return { entry, key: nth === 1 ? String(entry.number) : `${entry.number}-${nth}` };
  });
}

/** The numbers that came into a column since `before`: one more of a number already there counts. */
export function arrivedNumbers(before: readonly number[], now: readonly number[]): number[] {
  const left = new Map<number, number>();
  for (const number of before) left.set(number, (left.get(number) ?? 0) + 1);
  return now.filter((number) => {
    const count = left.get(number) ?? 0;
    if (count > 0) left.set(number, count - 1);
    return count === 0;
  });
}
