import { z } from 'zod';

// Building blocks used by the browser forms and the server alike. Multipart bodies and form inputs
// carry text, so number fields accept a string of digits as well as a number.

const DIGITS = /^-?\d+$/;

function toNumberOrMissing(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (text === '') return undefined;
  return DIGITS.test(text) ? Number(text) : Number.NaN;
}

/** A whole number in [min, max]; `required` is the message when it is missing. */
export function wholeNumber(opts: { required: string; min: number; max: number; range?: string }) {
  const range = opts.range ?? `Must be between ${opts.min} and ${opts.max}`;
  return z.preprocess(
    toNumberOrMissing,
    z
      .number({ error: (issue) => (issue.input === undefined ? opts.required : 'mustBeWholeNumber') })
      .int('mustBeWholeNumber')
      .min(opts.min, range)
      .max(opts.max, range),
  );
}

const YES = ['true', '1', 'on', 'yes'];
const NO = ['false', '0', 'off', 'no'];

/** A yes/no: a boolean, or as a form writes it ("true"/"false", "1"/"0", "on"/"off"); blank is missing. */
export function formBoolean(message: string) {
  return z.preprocess(
    (value) => {
      if (typeof value !== 'string') return value;
      const text = value.trim().toLowerCase();
      if (text === '') return undefined;
      if (YES.includes(text)) return true;
      if (NO.includes(text)) return false;
      return value;
    },
    z.boolean({ error: message }),
  );
}

/** An id from a fixed list (sizes, delivery methods, …). */
export function fixedId(ids: readonly number[], required: string) {
  return wholeNumber({ required, min: Math.min(...ids), max: Math.max(...ids), range: required });
}

/** Trimmed text of 1..max characters; `required` is the message when it is missing or blank. */
export function requiredText(required: string, max: number) {
  return z.string({ error: required }).trim().min(1, required).max(max, 'atMostCharacters');
}

/** Trimmed text of at most max characters, blank allowed: an optional translation ('' = none, the English is shown). */
export function optionalText(max: number) {
  return z.string().trim().max(max, 'atMostCharacters');
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date written YYYY-MM-DD that really exists (no 2026-02-31). */
export function isoDate(required: string) {
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .refine((text) => ISO_DATE.test(text) && isRealDate(text), 'dateFormat');
}

export function isRealDate(text: string): boolean {
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** Today as YYYY-MM-DD in UTC. */
export function today(): string {
  return new Date().toISOString().slice(0, 10);
}

export const EmailSchema = z.string({ error: 'emailRequired' }).trim().toLowerCase().max(254).pipe(z.email('emailInvalid'));
export const PhoneSchema = z
  .string({ error: 'phoneRequired' })
  .trim()
  .regex(/^\+?\d{8,15}$/, 'phoneInvalid');

export const PageQuerySchema = z.object({
  page: wholeNumber({ required: 'pageRange', min: 1, max: 1_000_000, range: 'pageRange' }).optional(),
  limit: wholeNumber({ required: 'limitRange', min: 1, max: 50, range: 'limitRange' }).optional(),
});

export const IdParamSchema = z.object({
  id: wholeNumber({ required: 'idRequired', min: 1, max: 2_147_483_647, range: 'idInvalid' }),
});

export const MetaSchema = z.object({
  page: z.number(),
  limit: z.number(),
  totalData: z.number(),
  totalPage: z.number(),
  next: z.number().nullable(),
  prev: z.number().nullable(),
});
export type Meta = z.infer<typeof MetaSchema>;
