import { MSG } from '@kopi/shared';
import type { ZodError } from 'zod';

// docs/architecture.md#the-api-contract: one error body { msg, code, errors? } with the right status
// for every failure. The errors a service throws, and the validation that throws them; the plugin
// that answers them is plugins/errors.ts.

export interface FieldError {
  field: string;
  message: string;
}

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly errors?: FieldError[],
    /** Seconds the client should wait (429, 503): sent as Retry-After. */
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

export const badRequest = (msg: string, errors?: FieldError[]) => new AppError(400, 'validation_failed', msg, errors);
export const unauthorized = (msg: string = MSG.guardNoToken) => new AppError(401, 'unauthorized', msg);
export const forbidden = () => new AppError(403, 'forbidden', MSG.guardWrongRole);
export const notFound = (msg = 'Data not found') => new AppError(404, 'data_not_found', msg);
export const conflict = (msg: string) => new AppError(409, 'conflict', msg);
export const fileTooLarge = () => new AppError(413, 'file_too_large', MSG.fileTooBig);
export const fileTypeNotAllowed = () => new AppError(415, 'file_type_not_allowed', MSG.fileTypeWrong);
export const tooManyRequests = (retryAfterSeconds: number, what = 'attempts') => {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  const wait = seconds < 60 ? `${seconds} second(s)` : `${Math.ceil(seconds / 60)} minute(s)`;
  return new AppError(429, 'too_many_requests', `Too many ${what}, try again in ${wait}`, undefined, seconds);
};
/** The server is busy with work it cannot queue more of; the client may try again shortly. */
export const serviceBusy = (msg: string, retryAfterSeconds: number) =>
  new AppError(503, 'busy', msg, undefined, Math.max(1, Math.ceil(retryAfterSeconds)));

function fieldErrors(error: ZodError): FieldError[] {
  return error.issues.map((issue) => ({ field: issue.path.join('.') || 'body', message: issue.message }));
}

/** Validates `value` with a zod schema and throws a 400 listing every problem. */
export function parseOrThrow<S extends { safeParse(v: unknown): { success: true; data: unknown } | { success: false; error: ZodError } }>(
  schema: S,
  value: unknown,
): Extract<ReturnType<S['safeParse']>, { success: true }>['data'] {
  const result = schema.safeParse(value);
  if (!result.success) {
    const errors = fieldErrors(result.error);
    throw badRequest(errors[0]?.message ?? 'Invalid request', errors);
  }
  return result.data as never;
}
