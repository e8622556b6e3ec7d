import { zodResolver } from '@hookform/resolvers/zod';
import { type IssueValues, issueMessage } from '@kopi/shared';
import { common as englishCommon } from '@kopi/shared/i18n/en/common';
import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import indonesian from 'zod/v4/locales/id.js';
import { currentLocale, hasMessage, type MessageKey, t } from './i18n';

// The shared schemas' own messages are keys of the common catalogue (or, in older schemas, its English
// texts); zod's default messages ("Too small…") come in the page's language from zod's own locales.
// This module loads with zod, on a form's first validation (lib/lazy-resolver.ts).

const indonesianErrors = indonesian().localeError;
const keyOfEnglish = new Map<string, MessageKey>(Object.entries(englishCommon).map(([key, text]) => [text, key as MessageKey]));

/**
 * A schema's message in the page's language: a catalogue key, or an English catalogue text, is
 * translated, with the values its issue carries ("at least {minimum} characters").
 */
export function translateIssue(message: string, values?: IssueValues): string {
  if (hasMessage(message)) return t(message, values);
  const key = keyOfEnglish.get(message);
  return key ? t(key, values) : message;
}

/** Each field's issue values (a bound: minimum, maximum) by its path, which the form library's errors leave out. */
type ValuesByPath = ReadonlyMap<string, IssueValues>;

function translateErrors<TValues extends FieldValues>(errors: FieldErrors<TValues>, values: ValuesByPath, prefix = ''): void {
  for (const [name, error] of Object.entries(errors) as [string, FieldError | FieldErrors<TValues> | undefined][]) {
    if (!error || typeof error !== 'object') continue;
    const path = prefix ? `${prefix}.${name}` : name;
    if (typeof error.message === 'string') (error as FieldError).message = translateIssue(error.message, values.get(path));
    else translateErrors(error as FieldErrors<TValues>, values, path);
  }
}

function issueValuesOf(schema: z.ZodType, input: unknown): ValuesByPath {
  const parsed = schema.safeParse(input);
  if (parsed.success) return new Map();
  return new Map(parsed.error.issues.map((issue) => [issue.path.join('.'), issueMessage(issue)?.values ?? {}]));
}

/**
 * Form inputs hold text; the shared schemas (the server's own) turn it into the request's types.
 * zodResolver cannot see that a schema which accepts `unknown` accepts the form's values too.
 */
export function schemaResolver<TValues extends FieldValues, TOutput>(schema: z.ZodType<TOutput>): Resolver<TValues, unknown, TOutput> {
  const typed = schema as unknown as z.ZodType<TOutput, TValues>;
  const english = zodResolver(typed);
  const inIndonesian = zodResolver(typed, { error: indonesianErrors });
  return async (values, context, options) => {
    const result = await (currentLocale() === 'id' ? inIndonesian : english)(values, context, options);
    if (Object.keys(result.errors).length > 0) translateErrors(result.errors, issueValuesOf(typed, values));
    return result;
  };
}
