const UNIQUE_VIOLATION = '23505';
const SERIALIZATION_FAILURE = '40001';
const DEADLOCK_DETECTED = '40P01';

/** PostgreSQL's SQLSTATE of an error (drizzle wraps the driver's error in `cause`). */
function sqlStateOf(error: unknown): string | undefined {
  return (error as { code?: string })?.code ?? (error as { cause?: { code?: string } })?.cause?.code;
}

/** True when PostgreSQL refused a row for a unique index. */
export function isUniqueViolation(error: unknown): boolean {
  return sqlStateOf(error) === UNIQUE_VIOLATION;
}

/** PostgreSQL aborted the transaction as a deadlock or a serialization failure: running it again may succeed. */
export function isRetryableConflict(error: unknown): boolean {
  const code = sqlStateOf(error);
  return code === DEADLOCK_DETECTED || code === SERIALIZATION_FAILURE;
}

/**
 * Runs `work` (a whole transaction, or one statement) again when PostgreSQL aborted it as a deadlock
 * or a serialization failure, as PostgreSQL's documentation asks of its clients: an aborted
 * transaction stored nothing, so running it again is safe. A few tries, after a short random wait
 * that grows, so that the transactions that collided do not collide again; then the error stands.
 */
export async function retryOnConflict<T>(work: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !isRetryableConflict(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * 2 ** attempt));
    }
  }
}
