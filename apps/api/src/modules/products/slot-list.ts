// Products (by slot) kept in one sort order, in a typed array: a page is a slice of it, and looking
// for a search's matches walks one contiguous block of memory instead of 10,000 scattered objects
// (several times faster: the walk was bound by cache misses, docs/decisions/menu-index.md).

export class SlotList {
  #slots = new Int32Array(256);
  #length = 0;

  /** `compare` orders two slots totally (ties broken by id): a slot's position is then unique. */
  constructor(readonly compare: (a: number, b: number) => number) {}

  get length(): number {
    return this.#length;
  }

  at(position: number): number {
    return this.#slots[position]!;
  }

  /** The slots from `start` (inclusive) to `end` (exclusive). */
  slice(start: number, end: number): Int32Array {
    return this.#slots.subarray(Math.min(start, this.#length), Math.min(end, this.#length));
  }

  /** Adds a slot at its place. */
  insert(slot: number): void {
    const at = this.#positionOf(slot);
    this.#fit(this.#length + 1);
    this.#slots.copyWithin(at + 1, at, this.#length);
    this.#slots[at] = slot;
    this.#length++;
  }

  /** Removes a slot, found by the same order it was inserted by: call before its sort keys change. */
  remove(slot: number): void {
    const at = this.#positionOf(slot);
    if (this.#slots[at] !== slot || at >= this.#length) throw new Error(`slot ${slot} is not where its order puts it`);
    this.#slots.copyWithin(at, at + 1, this.#length);
    this.#length--;
  }

  /** Replaces the whole list, sorting once (faster than inserting one by one) unless already `sorted`. */
  replaceAll(slots: readonly number[], { sorted = false } = {}): void {
    this.#length = 0;
    this.#fit(slots.length);
    this.#slots.set(slots);
    this.#length = slots.length;
    if (!sorted) this.#slots.subarray(0, this.#length).sort(this.compare);
  }

  #positionOf(slot: number): number {
    let low = 0;
    let high = this.#length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.compare(this.#slots[middle]!, slot) < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  #fit(length: number): void {
    if (length <= this.#slots.length) return;
    let size = this.#slots.length;
    while (size < length) size *= 2;
    const bigger = new Int32Array(size);
    bigger.set(this.#slots.subarray(0, this.#length));
    this.#slots = bigger;
  }
}
