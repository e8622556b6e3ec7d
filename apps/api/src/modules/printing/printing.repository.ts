import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/client.ts';
import { printJobs } from '../../db/schema.ts';

// The print queue (docs/shop-rules.md#receipts-and-printers), in print_jobs. Its times are the
// database's (now()), so that every instance reads one clock.

export interface NewPrintJob {
  printer: string;
  kind: 'receipt' | 'ticket';
  transaction_id: number;
  bytes: Uint8Array;
}

/** A job taken by a worker to send: its printer and bytes. */
export interface ClaimedJob {
  id: number;
  printer: string;
  bytes: Buffer;
  attempts: number;
}

export async function insertJobs(db: Db, jobs: readonly NewPrintJob[]): Promise<void> {
  if (jobs.length === 0) return;
  await db.insert(printJobs).values(jobs.map((job) => ({ ...job, bytes: Buffer.from(job.bytes) })));
}

/**
 * Takes the jobs due now, oldest first, of printers no sender of this instance is busy with: each
 * leased for `leaseMs` (its next attempt moved past it), so that no other worker takes it while it
 * is sent. SKIP LOCKED: two instances taking jobs at once never take the same one.
 */
export async function claimDue(db: Db, busy: readonly string[], limit: number, leaseMs: number): Promise<ClaimedJob[]> {
  const taken = await rows<{ id: string | number; printer: string; bytes: Buffer | Uint8Array; attempts: number }>(
    db,
    sql`update print_jobs set next_attempt_at = now() + ${leaseMs} * interval '1 millisecond'
      where id in (
        select id from print_jobs
        where status = 'queued' and next_attempt_at <= now() and printer <> all(${sql.param([...busy])}::text[])
        order by id limit ${limit} for update skip locked)
      returning id, printer, bytes, attempts`,
  );
  return taken.map((job) => ({ ...job, id: Number(job.id), bytes: Buffer.from(job.bytes) })).sort((a, b) => a.id - b.id);
}

export async function markPrinted(db: Db, id: number): Promise<void> {
  await db.execute(sql`update print_jobs set status = 'printed', attempts = attempts + 1, printed_at = now(), last_error = null
    where id = ${id}`);
}

/**
 * An attempt failed: tried again after `retryMs`, or failed for good after `maxAttempts`. The
 * printer's later jobs wait as long (those taken with it too), so that it prints them in their order.
 */
export async function markFailed(db: Db, id: number, error: string, retryMs: number, maxAttempts: number): Promise<void> {
  await db.execute(sql`with failed as (
      update print_jobs set attempts = attempts + 1, last_error = ${error.slice(0, 300)},
        next_attempt_at = now() + ${retryMs} * interval '1 millisecond',
        status = case when attempts + 1 >= ${maxAttempts} then 'failed' else 'queued' end
      where id = ${id} returning printer, next_attempt_at)
    update print_jobs later set next_attempt_at = failed.next_attempt_at
    from failed where later.printer = failed.printer and later.id > ${id} and later.status = 'queued'`);
}

/** How many times a job was tried. */
export async function attemptsOf(db: Db, id: number): Promise<number | undefined> {
  const [job] = await rows<{ attempts: number }>(db, sql`select attempts from print_jobs where id = ${id} and status = 'queued'`);
  return job?.attempts;
}

/** A job whose printer is no longer in the settings: failed, never tried again. */
export async function markOrphaned(db: Db, id: number, error: string): Promise<void> {
  await db.execute(sql`update print_jobs set status = 'failed', last_error = ${error} where id = ${id}`);
}

/** The order an order event is of, and the status it moved to. */
export async function findEvent(db: Db, eventId: number): Promise<{ transaction_id: number; status_id: number } | undefined> {
  const [event] = await rows<{ transaction_id: number; status_id: number }>(
    db,
    sql`select transaction_id, status_id from order_events where id = ${eventId}`,
  );
  return event;
}

/**
 * Enqueues an order's receipt reprint, unless one was enqueued for it in the last `windowMs` (a
 * double tap): the order's lock (an advisory one, on its id) makes two taps at once one job.
 */
export async function enqueueReprint(db: Db, jobs: readonly NewPrintJob[], orderId: number, windowMs: number): Promise<boolean> {
  return db.transaction(async (trx) => {
    const tx = trx as Db;
    await tx.execute(sql`select pg_advisory_xact_lock(35, ${orderId})`);
    const [recent] = await rows<{ found: boolean }>(
      tx,
      sql`select exists (select 1 from print_jobs where transaction_id = ${orderId} and kind = 'receipt'
        and created_at > now() - ${windowMs} * interval '1 millisecond') as found`,
    );
    if (recent?.found) return false;
    await insertJobs(tx, jobs);
    return true;
  });
}

/**
 * Each printer's latest tried job: it answered when that job printed. A printer whose latest tried
 * job is waiting for another attempt (or failed for good) is offline.
 */
export async function lastAttempts(db: Db): Promise<{ printer: string; status: string }[]> {
  return rows(db, sql`select distinct on (printer) printer, status from print_jobs where attempts > 0 order by printer, id desc`);
}

/** Jobs done with (printed, or failed for good) a week ago: the queue does not grow for years. */
export async function purgeOld(db: Db): Promise<void> {
  await db.execute(sql`delete from print_jobs where status <> 'queued' and created_at < now() - interval '7 days'`);
}
