import { ERROR_STATUS, type ErrorCode, issueMessage, type Locale, zodLocale } from '@kopi/shared';
import type { ZodError } from 'zod';
import { inEnglish, type Phrase, phrase, type Sayable, say } from './i18n.ts';

// docs/architecture.md#the-api-contract: one error body { msg, code, errors? } with the right status
// for every failure. The errors a service throws, and the validation that throws them; the plugin
// that answers them is plugins/errors.ts. Their texts are catalogue keys, said in the request's
// language when the answer is written (docs/decisions/i18n-lingui.md).

export interface FieldError {
  field: string;
  message: string;
}

/** A field's problem before it is said: a catalogue key or phrase. */
export interface FieldProblem {
  field: string;
  message: Sayable;
}

/** The words of an error answer in one language. */
export interface ErrorWords {
  msg: string;
  errors?: FieldError[];
}

export class AppError extends Error {
  readonly text: Phrase;
  readonly problems?: FieldProblem[];
  /** The code's one status (packages/shared/src/error-codes.ts). */
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    text: Sayable,
    problems?: FieldProblem[],
    /** Seconds the client should wait (429, 503): sent as Retry-After. */
    readonly retryAfter?: number,
  ) {
    // The English text stays the Error's message: logs, and callers outside a request, read it.
    super(inEnglish(text));
    this.statusCode = ERROR_STATUS[code];
    this.text = typeof text === 'string' ? phrase(text) : text;
    this.problems = problems;
  }

  /** The error's msg and field errors in a language. */
  words(locale: Locale): ErrorWords {
    const errors = this.problems?.map((problem) => ({ field: problem.field, message: say(locale, problem.message) }));
    return { msg: say(locale, this.text), errors };
  }

  /** The field errors in English, as they were before the texts were translated (tests and logs read them). */
  get errors(): FieldError[] | undefined {
    return this.words('en').errors;
  }
}

export const badRequest = (msg: Sayable, errors?: FieldProblem[]) => new AppError('validation_failed', msg, errors);
/** A 400 for one field whose message is also the answer's msg. */
export const fieldRefused = (field: string, msg: Sayable) => badRequest(msg, [{ field, message: msg }]);
export const unauthorized = (msg: Sayable = 'guardNoToken') => new AppError('unauthorized', msg);
export const forbidden = () => new AppError('forbidden', 'guardWrongRole');
export const notFound = (msg: Sayable = 'server.notFound') => new AppError('data_not_found', msg);
export const conflict = (msg: Sayable) => new AppError('conflict', msg);
export const fileTooLarge = () => new AppError('file_too_large', 'fileTooBig');
export const fileTypeNotAllowed = () => new AppError('file_type_not_allowed', 'fileTypeWrong');

export const tooManyRequests = (retryAfterSeconds: number) => {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  const wait =
    seconds < 60
      ? phrase('server.tooManyAttemptsSeconds', { seconds })
      : phrase('server.tooManyAttemptsMinutes', { minutes: Math.ceil(seconds / 60) });
  return new AppError('too_many_requests', wait, undefined, seconds);
};
/** An order paid online whose payment the gateway would not start (or did not answer): it was cancelled, not placed. */
export const paymentUnavailable = () => new AppError('payment_unavailable', 'server.paymentUnavailable');
/** The server is busy with work it cannot queue more of; the client may try again shortly. */
export const serviceBusy = (msg: Sayable, retryAfterSeconds: number) =>
  new AppError('busy', msg, undefined, Math.max(1, Math.ceil(retryAfterSeconds)));

type Parser = {
  safeParse(
    v: unknown,
    params?: { error?: ReturnType<typeof zodLocale> },
  ): { success: true; data: unknown } | { success: false; error: ZodError };
};

/** A zod issue's words: its catalogue key said in the language, or zod's own text (already in it). */
export function issueWords(issues: ZodError['issues'], locale: Locale): FieldError[] {
  return issues.map((issue) => {
    const keyed = issueMessage(issue);
    return { field: issue.path.join('.') || 'body', message: keyed ? say(locale, phrase(keyed.key, keyed.values)) : issue.message };
  });
}

/**
 * A refused input: its field errors are found again in the listener's language, by parsing the
 * input once more with zod's messages in that language (only when the answer is not English).
 */
export class InvalidInput extends AppError {
  constructor(
    private readonly schema: Parser,
    private readonly input: unknown,
    private readonly english: FieldError[],
  ) {
    super('validation_failed', 'server.invalidRequest');
    this.message = english[0]?.message ?? this.message;
  }

  override words(locale: Locale): ErrorWords {
    let errors = this.english;
    if (locale !== 'en') {
      const again = this.schema.safeParse(this.input, { error: zodLocale(locale) });
      if (!again.success) errors = issueWords(again.error.issues, locale);
    }
    return { msg: errors[0]?.message ?? say(locale, 'server.invalidRequest'), errors };
  }
}

/** Validates `value` with a zod schema and throws a 400 listing every problem. */
export function parseOrThrow<S extends Parser>(schema: S, value: unknown): Extract<ReturnType<S['safeParse']>, { success: true }>['data'] {
  const result = schema.safeParse(value);
  if (!result.success) throw new InvalidInput(schema, value, issueWords(result.error.issues, 'en'));
  return result.data as never;
}
