import { describe, expect, it } from 'vitest';
import { isLocale, pickLocale } from './locale.ts';

describe('pickLocale', () => {
  it.each([
    ['id-ID,id;q=0.9,en-US;q=0.8,en;q=0.7', 'id'],
    ['en-US,en;q=0.9,id;q=0.8', 'en'],
    ['fr-FR,fr;q=0.9,id;q=0.5', 'id'],
    ['de,fr', 'en'],
    ['en;q=0.5,id;q=0.9', 'id'],
    ['id;q=0,en', 'en'],
    ['in-ID', 'id'],
    ['ID_id', 'id'],
    ['', 'en'],
    ['*', 'en'],
    ['id;q=abc', 'en'],
    // A tag that names a prototype's property is a language like any other unknown one.
    ['constructor', 'en'],
    ['__proto__, toString;q=0.9, hasOwnProperty', 'en'],
    ['valueOf,id', 'id'],
  ])('Accept-Language %j → %s', (header, locale) => {
    expect(pickLocale(header)).toBe(locale);
  });

  it('takes navigator.languages in their order', () => {
    expect(pickLocale(['id-ID', 'en-US'])).toBe('id');
    expect(pickLocale(['ja', 'en-GB', 'id'])).toBe('en');
    expect(pickLocale([])).toBe('en');
    expect(pickLocale(undefined)).toBe('en');
  });

  it('knows only en and id', () => {
    expect(isLocale('en')).toBe(true);
    expect(isLocale('id')).toBe(true);
    expect(isLocale('fr')).toBe(false);
    expect(isLocale('EN')).toBe(false);
    expect(isLocale(1)).toBe(false);
  });
});
