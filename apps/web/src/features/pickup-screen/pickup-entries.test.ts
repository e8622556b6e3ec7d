import { describe, expect, it } from 'vitest';
import { arrivedNumbers, keyedByNumber } from './pickup-entries';

describe('keyedByNumber', () => {
  it('keys entries by number, and a second of a number apart from the first', () => {
    const keys = keyedByNumber([{ number: 5 }, { number: 7 }, { number: 5 }]).map(({ key }) => key);
    expect(keys).toEqual(['5', '7', '5-2']);
    expect(new Set(keys).size).toBe(3);
  });
});

describe('arrivedNumbers', () => {
  it('answers the numbers new to the column', () => {
    expect(arrivedNumbers([3, 4], [3, 4, 9])).toEqual([9]);
    expect(arrivedNumbers([], [1, 2])).toEqual([1, 2]);
  });

  it('answers nothing for a number that left or stayed', () => {
    expect(arrivedNumbers([3, 4], [4])).toEqual([]);
  });

  it("counts a second order of a number already there (an earlier day's) as arrived", () => {
    expect(arrivedNumbers([5], [5, 5])).toEqual([5]);
    expect(arrivedNumbers([5, 5], [5, 5])).toEqual([]);
  });
});
