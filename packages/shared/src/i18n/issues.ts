import type { $ZodConfig } from 'zod/v4/core';
import { en, id } from 'zod/v4/locales';
import { common } from './en/common.ts';
import type { Locale } from './locale.ts';

// docs/decisions/i18n-lingui.md#validation-messages: a shared schema's own message is a key of the
// common catalogue, never a sentence, so that whoever shows the issue (the server's answer, a form on
// a screen) says it in its own language. zod's own messages (wrong type, too short…) come from zod's
// locale, chosen on each parse: a process-wide setting would mix the two languages a server speaks.

export type CommonKey = keyof typeof common;

/** The values a key's message may name, as the issue carries them (e.g. "At most {maximum} characters"). */
export type IssueValues = Record<string, number | string>;

/** Whether a text is a key of the common catalogue (and so to be translated before it is shown). */
export const isMessageKey = (text: unknown): text is CommonKey => typeof text === 'string' && Object.hasOwn(common, text);

/** The part of a zod issue this reads (a zod 4 issue, or one a form library copied). */
export interface IssueLike {
  message: string;
  minimum?: unknown;
  maximum?: unknown;
}

/**
 * An issue's message as a catalogue key with its values, or null when it is zod's own text (already
 * in the language of the parse: see `zodLocale`).
 */
export function issueMessage(issue: IssueLike): { key: CommonKey; values: IssueValues } | null {
  if (!isMessageKey(issue.message)) return null;
  const values: IssueValues = {};
  for (const name of ['minimum', 'maximum'] as const) {
    const value = issue[name];
    if (typeof value === 'number' || typeof value === 'bigint') values[name] = Number(value);
  }
  return { key: issue.message, values };
}

/** An issue's text in a language: `translate` is the caller's own (the server's, or a screen's). */
export function issueText(issue: IssueLike, translate: (key: CommonKey, values: IssueValues) => string): string {
  const keyed = issueMessage(issue);
  return keyed ? translate(keyed.key, keyed.values) : issue.message;
}

const ZOD_LOCALES: Record<Locale, () => { localeError: NonNullable<$ZodConfig['localeError']> }> = { en, id };

/**
 * zod's own messages in a language, for one parse: `schema.safeParse(value, { error: zodLocale('id') })`
 * (a schema's custom message, a key, still wins over it).
 */
export const zodLocale = (locale: Locale) => ZOD_LOCALES[locale]().localeError;
