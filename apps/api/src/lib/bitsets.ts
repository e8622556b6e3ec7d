// Sets of small whole numbers ("slots", one per product of the menu), one bit each. Intersecting
// or counting two sets over 10,000 products is ~300 word operations: the menu index uses them
// for search matches and categories (docs/decisions/menu-index.md).

export type Bitset = Uint32Array;

export const hasBit = (set: Bitset, slot: number) => (set[slot >>> 5]! & (1 << (slot & 31))) !== 0;

export function countBits(set: Bitset): number {
  let total = 0;
  for (let w = 0; w < set.length; w++) {
    let x = set[w]!;
    // Counts the bits of a 32-bit word in a few steps (the classic SWAR popcount).
    x -= (x >>> 1) & 0x55555555;
    x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
    total += (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
  }
  return total;
}

/** Calls `visit` with every slot in the set, in increasing order, until it answers false. */
export function eachBit(set: Bitset, visit: (slot: number) => boolean | undefined): void {
  for (let w = 0; w < set.length; w++) {
    let x = set[w]!;
    while (x !== 0) {
      const lowest = x & -x;
      x ^= lowest;
      if (visit((w << 5) | (31 - Math.clz32(lowest))) === false) return;
    }
  }
}

/** `target &= other`, word by word. */
export function andInto(target: Bitset, other: Bitset): void {
  for (let w = 0; w < target.length; w++) target[w]! &= other[w]!;
}

/** Bitsets by key that all grow together, so that any two of them can be combined word by word. */
export class BitsetFamily<K = string> {
  #words = 64; // room for 2,048 slots; doubled when a slot does not fit
  readonly #sets = new Map<K, Bitset>();

  /** Words in every set of the family. */
  get words(): number {
    return this.#words;
  }

  get(key: K): Bitset | undefined {
    return this.#sets.get(key);
  }

  add(key: K, slot: number): void {
    this.#fit(slot);
    let set = this.#sets.get(key);
    if (!set) {
      set = new Uint32Array(this.#words);
      this.#sets.set(key, set);
    }
    set[slot >>> 5]! |= 1 << (slot & 31);
  }

  remove(key: K, slot: number): void {
    const set = this.#sets.get(key);
    if (set) set[slot >>> 5]! &= ~(1 << (slot & 31));
  }

  get size(): number {
    return this.#sets.size;
  }

  #fit(slot: number): void {
    if (slot < this.#words * 32) return;
    while (slot >= this.#words * 32) this.#words *= 2;
    for (const [key, set] of this.#sets) {
      const bigger = new Uint32Array(this.#words);
      bigger.set(set);
      this.#sets.set(key, bigger);
    }
  }
}
