import { describe, expect, it } from 'vitest';
import { safeNext, withNext } from './sign-in-next';

const SHOP = 'https://kopi.example';

describe('safeNext', () => {
  it.each([
    ['/payment', '/payment'],
    ['/history?from=login#top', '/history?from=login#top'],
    ['/detail/3', '/detail/3'],
  ])('keeps the path of this shop %s', (raw, kept) => {
    expect(safeNext(raw, SHOP)).toBe(kept);
  });

  it.each([
    null,
    '',
    'payment',
    '//evil.example/payment',
    '/\\evil.example',
    '/\t/evil.example',
    'https://evil.example/',
    'https://kopi.example/payment',
    'javascript:alert(1)',
    ' /payment',
  ])('ignores %j', (raw) => {
    expect(safeNext(raw, SHOP)).toBeUndefined();
  });
});

describe('withNext', () => {
  it('adds next, encoded, only when there is one', () => {
    expect(withNext('/login', '/payment')).toBe('/login?next=%2Fpayment');
    expect(withNext('/signup', undefined)).toBe('/signup');
  });
});
