import { andInto, type Bitset, BitsetFamily } from '../../lib/bitsets.ts';

// Search by any part of a product's name, in any letter case (docs/shop-rules.md#the-menu), for
// the menu index. Scanning 10,000 names with includes() costs ~200 µs per search on this machine;
// this n-gram index answers in ~15 µs (docs/decisions/menu-index.md).
//
// Every 1-, 2- and 3-character piece of a lower-case name ("gram") maps to the set of products
// whose names contain it. A term of up to 3 characters is one gram: its set is the answer. A
// longer term is in a name only if all its 3-grams are; the names in the intersection of their
// sets are then checked with includes(), since the grams may sit apart in a name.

const GRAM = 3;

/**
 * A gram as a number (cheaper to look up than a string): its UTF-16 code units in base 65,536,
 * times 4, plus its length, so that grams of different lengths never share a key (< 2^50).
 */
function gramKey(text: string, at: number, size: number): number {
  let key = 0;
  for (let i = 0; i < size; i++) key = key * 65_536 + text.charCodeAt(at + i);
  return key * 4 + size;
}

/** Calls `visit` with the key of every 1-, 2- and 3-character piece of `name` (a piece may come twice). */
function eachGram(name: string, visit: (key: number) => void): void {
  for (let size = 1; size <= GRAM; size++) {
    for (let at = 0; at + size <= name.length; at++) visit(gramKey(name, at, size));
  }
}

export class NameSearch {
  readonly #grams = new BitsetFamily<number>();
  /** Lower-case names by slot. */
  readonly #names: (string | undefined)[] = [];
  #scratch: Bitset = new Uint32Array(0);

  /** Words in the bitsets find() answers. */
  get words(): number {
    return this.#grams.words;
  }

  add(slot: number, name: string): void {
    const lower = name.toLowerCase();
    this.#names[slot] = lower;
    eachGram(lower, (gram) => this.#grams.add(gram, slot));
  }

  remove(slot: number): void {
    const lower = this.#names[slot];
    if (lower === undefined) return;
    eachGram(lower, (gram) => this.#grams.remove(gram, slot));
    this.#names[slot] = undefined;
  }

  /**
   * The slots whose names contain `term` (any case), or undefined when none can. The answer is a
   * buffer reused by the next call: the caller may change it, and must be done with it by then.
   */
  find(term: string): Bitset | undefined {
    const lower = term.toLowerCase();
    if (lower.length === 0) return undefined;
    if (this.#scratch.length !== this.#grams.words) this.#scratch = new Uint32Array(this.#grams.words);
    const matches = this.#scratch;
    if (lower.length <= GRAM) {
      const set = this.#grams.get(gramKey(lower, 0, lower.length));
      if (!set) return undefined;
      matches.set(set);
      return matches;
    }
    for (let at = 0; at + GRAM <= lower.length; at++) {
      const set = this.#grams.get(gramKey(lower, at, GRAM));
      if (!set) return undefined;
      if (at === 0) matches.set(set);
      else andInto(matches, set);
    }
    // A plain loop, not eachBit(): a frequent word leaves thousands of names to check.
    const names = this.#names;
    for (let w = 0; w < matches.length; w++) {
      let left = matches[w]!;
      let kept = left;
      while (left !== 0) {
        const lowest = left & -left;
        left ^= lowest;
        if (!names[(w << 5) | (31 - Math.clz32(lowest))]!.includes(lower)) kept ^= lowest;
      }
      matches[w] = kept;
    }
    return matches;
  }
}
