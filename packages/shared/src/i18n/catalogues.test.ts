import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { admin } from './en/admin.ts';
import { common } from './en/common.ts';
import { customer } from './en/customer.ts';
import * as enParts from './en/index.ts';
import { offline } from './en/offline.ts';
import { server } from './en/server.ts';
import * as idParts from './id/index.ts';

// The type check already refuses a key missing from, or added to, the Indonesian catalogue; this
// says which, and checks what types cannot: each message is ICU that compiles, and both languages
// use the same placeholders.
const en: Record<string, string> = enParts.messages;
const id: Record<string, string> = idParts.messages;

/** The names of a message's arguments: `{name}`, `{count, plural, …}`, and those nested in plural forms. */
function placeholders(message: string): string[] {
  const names = new Set<string>();
  // Compiled content is a string or a list of strings (text) and lists (an argument: name, type, forms).
  const content = (node: unknown): void => {
    if (!Array.isArray(node)) return;
    for (const part of node) {
      if (!Array.isArray(part)) continue;
      const [name, , forms] = part as [string, string?, unknown?];
      if (name !== '#') names.add(name);
      if (forms && typeof forms === 'object') for (const form of Object.values(forms)) content(form);
    }
  };
  content(compileMessage(message));
  return [...names].sort();
}

describe('the catalogues', () => {
  it('spell each key in one part only (a key in two parts would hide one of its texts)', () => {
    const parts = { common, server, customer, admin, offline };
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const [part, texts] of Object.entries(parts)) {
      for (const key of Object.keys(texts)) {
        if (seen.has(key)) twice.push(`${key} in ${seen.get(key)} and ${part}`);
        seen.set(key, part);
      }
    }
    expect(twice).toEqual([]);
  });

  it('have the same keys in English and Indonesian', () => {
    const missing = Object.keys(en).filter((key) => !(key in id));
    const extra = Object.keys(id).filter((key) => !(key in en));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it.each(Object.keys(en))('%s compiles in both languages with the same placeholders', (key) => {
    const english = en[key] as string;
    const indonesian = id[key] as string;
    expect(indonesian.trim()).not.toBe('');
    expect(placeholders(indonesian)).toEqual(placeholders(english));
  });
});

it('finds the placeholders of a message', () => {
  expect(placeholders('Hi {name}, {count, plural, one {# item for {who}} other {# items}} at {when, date, short}')).toEqual([
    'count',
    'name',
    'when',
    'who',
  ]);
  expect(placeholders('No placeholders')).toEqual([]);
});
