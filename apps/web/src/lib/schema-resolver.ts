import { zodResolver } from '@hookform/resolvers/zod';
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

/** A schema's message in the page's language: a catalogue key, or an English catalogue text, is translated. */
export function translateIssue(message: string): string {
  if (hasMessage(message)) return t(message);
  const key = keyOfEnglish.get(message);
  return key ? t(key) : message;
}

function translateErrors<TValues extends FieldValues>(errors: FieldErrors<TValues>): FieldErrors<TValues> {
  for (const error of Object.values(errors) as (FieldError | FieldErrors<TValues> | undefined)[]) {
    if (!error || typeof error !== 'object') continue;
    if (typeof error.message === 'string') (error as FieldError).message = translateIssue(error.message);
    else translateErrors(error as FieldErrors<TValues>);
  }
  return errors;
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
    translateErrors(result.errors);
    return result;
  };
}
