import { describe, expect, it } from 'vitest';
import { firstNameOf, hasUnshowable, withoutUnshowable } from './names.ts';

describe('names people give', () => {
  it.each([
    ['Budi', false],
    ['Dewi Lestari', false],
    ['Ayu\u00a0Lestari', false],
    ['José 👍', false],
    ['\u202eRAB EHT TA', true],
    ['Budi\u2066x\u2069', true],
    ['Budi\u200f', true],
    ['Budi\u0007', true],
    ['Budi\u2028Sari', true],
  ])('%j holds a character no screen should show: %s', (name, refused) => {
    expect(hasUnshowable(name)).toBe(refused);
    // The same answer twice: the pattern keeps no state between calls.
    expect(hasUnshowable(name)).toBe(refused);
  });

  it('cleans a name from elsewhere', () => {
    expect(withoutUnshowable('\u202eBudi\u0000 Santoso')).toBe('Budi Santoso');
  });

  it('shortens a name to its first word at any space, at most 12 whole characters', () => {
    expect(firstNameOf('FREE\u00a0COFFEE AT THE BAR')).toBe('FREE');
    expect(firstNameOf('\u3000Ayu\u2003Lestari')).toBe('Ayu');
    expect(firstNameOf('Bartholomew-Alexander')).toBe('Bartholomew-');
    expect(firstNameOf('😀'.repeat(20))).toBe('😀'.repeat(12));
    expect(firstNameOf('  ')).toBe('');
    expect(firstNameOf(null)).toBe('');
  });
});
