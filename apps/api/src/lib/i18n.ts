import { DEFAULT_LOCALE, formatShopDay, formatShopMoment, formatShopTime, type Locale } from '@kopi/shared';
import { messages as english } from '@kopi/shared/i18n/en/index';
import { messages as indonesian } from '@kopi/shared/i18n/id/index';
import { type I18n, setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';

// docs/decisions/i18n-lingui.md: every text the server says is a key of the shop's catalogue, said
// in the request's language (plugins/locale.ts) when the answer is written.

export type MessageKey = keyof typeof english;

/**
 * A value a message names: text and numbers as they are (money is already "IDR 25.000", the same in
 * both languages), a phrase said in the message's language (a status's name), or a list said as
 * "A, B and C" / "A or B" in it.
 */
export type MessageValue =
  | string
  | number
  | Phrase
  | { readonly and: readonly string[] }
  | { readonly or: readonly string[] }
  | { readonly shopTime: Date; readonly zone: string; readonly form: 'day' | 'time' | 'moment' }
  | { readonly inWords: (locale: Locale) => string };
export type MessageValues = Readonly<Record<string, MessageValue>>;

/** A text not said yet: its key and values, put into words once the listener's language is known. */
export interface Phrase {
  readonly key: MessageKey;
  readonly values?: MessageValues;
}

export const phrase = (key: MessageKey, values?: MessageValues): Phrase => (values ? { key, values } : { key });

/** A key alone or a phrase: what the error helpers and the shop rules take. */
export type Sayable = MessageKey | Phrase;
const asPhrase = (text: Sayable): Phrase => (typeof text === 'string' ? { key: text } : text);

// One Lingui instance per language, made once: the catalogues are compiled on first use of each message.
function instance(locale: Locale, messages: Record<string, string>): I18n {
  const i18n = setupI18n({ locale, messages: { [locale]: messages } });
  i18n.setMessagesCompiler(compileMessage);
  return i18n;
}
const instances: Record<Locale, I18n> = { en: instance('en', english), id: instance('id', indonesian) };

// Lists as the shop's English always wrote them: "A, B and C", "A or B or C".
const AND: Record<Locale, string> = { en: ' and ', id: ' dan ' };
const OR: Record<Locale, string> = { en: ' or ', id: ' atau ' };

const SHOP_TIME = { day: formatShopDay, time: formatShopTime, moment: formatShopMoment } as const;

function valueIn(locale: Locale, value: MessageValue): string | number {
  if (typeof value === 'string' || typeof value === 'number') return value;
  if ('key' in value) return say(locale, value);
  if ('or' in value) return value.or.join(OR[locale]);
  if ('inWords' in value) return value.inWords(locale);
  if ('shopTime' in value) return SHOP_TIME[value.form](value.shopTime, value.zone, locale);
  const items = value.and;
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')}${AND[locale]}${items.at(-1)}`;
}

/** A text in a language. */
export function say(locale: Locale, text: Sayable): string {
  const { key, values } = asPhrase(text);
  const plain: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(values ?? {})) plain[name] = valueIn(locale, value);
  return instances[locale]._(key, plain);
}

/** What a route's handler uses: the texts of one language. */
export type Translator = (text: Sayable) => string;
export const translator =
  (locale: Locale): Translator =>
  (text) =>
    say(locale, text);

/** In the catalogue's source language, for logs and for callers outside a request. */
export const inEnglish = (text: Sayable) => say(DEFAULT_LOCALE, text);
