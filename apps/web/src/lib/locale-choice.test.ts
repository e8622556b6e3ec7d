import { describe, expect, it } from 'vitest';
import { chosenLocale, initialLocale, type LocaleSources, localeCookie, rememberLocale } from './locale-choice';

function device({ stored = null, cookie = '', languages = [] }: { stored?: string | null; cookie?: string; languages?: string[] } = {}) {
  const items = new Map<string, string>(stored === null ? [] : [['kopi_locale', stored]]);
  const written: string[] = [];
  const sources: LocaleSources = {
    storage: { getItem: (key) => items.get(key) ?? null, setItem: (key, value) => void items.set(key, value) },
    cookies: { get: () => cookie, set: (value) => void written.push(value) },
    languages,
  };
  return { sources, items, written };
}

describe('the language a page opens in', () => {
  it('follows the browser on a first visit: Indonesian for id*, English otherwise', () => {
    expect(initialLocale(device({ languages: ['id-ID', 'en-US'] }).sources)).toBe('id');
    expect(initialLocale(device({ languages: ['in'] }).sources)).toBe('id');
    expect(initialLocale(device({ languages: ['nl-NL', 'id'] }).sources)).toBe('id');
    expect(initialLocale(device({ languages: ['en-GB', 'id-ID'] }).sources)).toBe('en');
    expect(initialLocale(device({ languages: ['fr-FR'] }).sources)).toBe('en');
    expect(initialLocale(device({ languages: [] }).sources)).toBe('en');
  });

  it('is the one chosen on this device over the browser’s', () => {
    expect(initialLocale(device({ stored: 'en', languages: ['id-ID'] }).sources)).toBe('en');
    expect(initialLocale(device({ stored: 'id', languages: ['en-US'] }).sources)).toBe('id');
  });

  it('reads the cookie when localStorage has nothing (a page the server rendered in the chosen language)', () => {
    expect(chosenLocale(device({ cookie: 'a=1; kopi_locale=id; b=2' }).sources)).toBe('id');
    expect(initialLocale(device({ cookie: 'kopi_locale=en', languages: ['id'] }).sources)).toBe('en');
  });

  it('ignores a stored value the shop does not speak', () => {
    expect(chosenLocale(device({ stored: 'fr', cookie: 'kopi_locale=de' }).sources)).toBeNull();
    expect(initialLocale(device({ stored: 'xx', languages: ['id-ID'] }).sources)).toBe('id');
  });
});

describe('a chosen language', () => {
  it('is kept in localStorage and in a year-long cookie for every path', () => {
    const { sources, items, written } = device({ languages: ['en-US'] });
    rememberLocale('id', sources);
    expect(items.get('kopi_locale')).toBe('id');
    expect(written).toEqual(['kopi_locale=id; Path=/; Max-Age=31536000; SameSite=Lax']);
    expect(initialLocale(sources)).toBe('id');
  });

  it('spells the cookie for each language', () => {
    expect(localeCookie('en')).toBe('kopi_locale=en; Path=/; Max-Age=31536000; SameSite=Lax');
  });
});
