import { ERROR_CODES, type Meta, MetaSchema } from '@kopi/shared';
import { z } from 'zod';

// docs/architecture.md#the-api-contract: every success is { msg, data, meta? }.

export function pageMeta(page: number, limit: number, totalData: number): Meta {
  const totalPage = Math.max(1, Math.ceil(totalData / limit));
  return {
    page,
    limit,
    totalData,
    totalPage,
    next: page < totalPage ? page + 1 : null,
    prev: page > 1 ? Math.min(page - 1, totalPage) : null,
  };
}

export const offsetOf = (page: number, limit: number) => (page - 1) * limit;

/** Response schemas for the docs and the serializer. */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ msg: z.string(), data });
export const pagedEnvelope = <T extends z.ZodType>(data: T) => z.object({ msg: z.string(), data: z.array(data), meta: MetaSchema });
export const MessageSchema = z.object({ msg: z.string() });
export const ErrorSchema = z.object({
  msg: z.string(),
  /** packages/shared/src/error-codes.ts: each code always comes with the same status. */
  code: z.enum(ERROR_CODES),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  /** On 5xx answers: the request's id (also the X-Request-Id header), to find it in the log. */
  request_id: z.string().optional(),
});
