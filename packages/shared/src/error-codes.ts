// docs/architecture.md#the-api-contract: every error answer is { msg, code, errors? }. Its `code` is
// one of these, each always sent with the same HTTP status, so the API throws a code and the web
// tests for one by name: a code renamed or mistyped on either side fails the type check.

export const ERROR_STATUS = {
  validation_failed: 400,
  /** A refusal of Fastify's own that plugins/errors.ts does not name: 400, or the 4xx Fastify chose. */
  bad_request: 400,
  unauthorized: 401,
  /** A till's device token that names no till (signed out by an Admin, or never signed in). */
  till_unknown: 401,
  pin_wrong: 401,
  forbidden: 403,
  /** A refund or a void of a paid order by a Cashier, without an Admin's PIN. */
  approval_needed: 403,
  data_not_found: 404,
  conflict: 409,
  /** The first request with this Idempotency-Key is still being placed: ask again (Retry-After). */
  order_in_progress: 409,
  /** Cash moved, a sale or a close, while the till has no open shift. */
  no_open_shift: 409,
  file_too_large: 413,
  image_too_large: 413,
  payload_too_large: 413,
  file_type_not_allowed: 415,
  unsupported_media_type: 415,
  /** The Idempotency-Key already placed an order with another cart. */
  idempotency_key_reused: 422,
  too_many_requests: 429,
  /** The table has as many open orders as it may take: final, unlike the rate limit. */
  table_full: 429,
  internal_error: 500,
  /** The gateway would not start an online payment: the order was cancelled, not placed. */
  payment_unavailable: 502,
  busy: 503,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];
