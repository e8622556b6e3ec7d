const UNIQUE_VIOLATION = '23505';

/** True when PostgreSQL refused a row for a unique index (drizzle wraps the driver's error in `cause`). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string })?.code ?? (error as { cause?: { code?: string } })?.cause?.code;
  return code === UNIQUE_VIOLATION;
}
