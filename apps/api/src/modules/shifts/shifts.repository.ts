import { PAYMENT, type ShiftReport } from '@kopi/shared';
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/client.ts';

// A till's shifts and the cash moved by hand (docs/shop-rules.md#the-till-and-shifts). The Z report
// reads the orders whose payment was taken in the shift's drawer (transactions.shift_id) or given
// back from it (refund_shift_id): the orders module writes those, this module only reads them.

/** A shift as its checks need it. */
export interface ShiftState {
  id: number;
  number: number;
  till_id: number;
  closed: boolean;
}

/** Opens a till's shift with its float; undefined when the till has one open already. */
export async function insertShift(db: Db, tillId: number, userId: number, openingCash: number): Promise<number | undefined> {
  const [row] = await rows<{ id: number }>(
    db,
    sql`insert into shifts (number, till_id, opened_by, opening_cash)
        values (nextval('shift_number_seq'), ${tillId}, ${userId}, ${openingCash})
        on conflict (till_id) where closed_at is null do nothing returning id`,
  );
  return row?.id;
}

/** The till's open shift, if any; `lock` holds it (share: a sale in it; update: its close) until the transaction ends. */
export async function openShiftOf(db: Db, tillId: number, lock?: 'share' | 'update'): Promise<ShiftState | undefined> {
  const [row] = await rows<ShiftState>(
    db,
    sql`select id, number, till_id, false as closed from shifts where till_id = ${tillId} and closed_at is null
        ${lock === 'share' ? sql`for share` : lock === 'update' ? sql`for update` : sql``}`,
  );
  return row;
}

/** A shift, locked until the end of the transaction (a write to it waits for its close, and sees it). */
export async function lockShift(db: Db, id: number): Promise<ShiftState | undefined> {
  const [row] = await rows<ShiftState>(
    db,
    sql`select id, number, till_id, closed_at is not null as closed from shifts where id = ${id} for update`,
  );
  return row;
}

export async function insertShiftCash(db: Db, shiftId: number, amount: number, reason: string | null, userId: number): Promise<void> {
  await db.execute(sql`insert into shift_cash (shift_id, amount, reason, by_user_id) values (${shiftId}, ${amount}, ${reason}, ${userId})`);
}

export async function closeShiftRow(
  db: Db,
  close: { id: number; userId: number; counted: number; count: Record<string, number> | null; expected: number },
): Promise<void> {
  await db.execute(sql`update shifts set closed_at = now(), closed_by = ${close.userId}, counted_cash = ${close.counted},
    count = ${close.count ? JSON.stringify(close.count) : null}::jsonb, expected_cash = ${close.expected}
    where id = ${close.id} and closed_at is null`);
}

const NAME = (alias: string) =>
  sql.raw(`coalesce(nullif(${alias}.first_name, ''), nullif(${alias}.display_name, ''), split_part(${alias}.email, '@', 1))`);
const utc = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** The report's figures as read; expected (a closed shift's, as stored) and variance follow (shifts.service.ts). */
type ReportRow = Omit<ShiftReport, 'expected_cash' | 'variance'> & { expected_cash_stored: number | null };

/**
 * A shift's figures: its float and the cash moved by hand, and the orders paid in its drawer (a
 * sale at the till, a collection) or given back from it. Cash received and change are the cash
 * handed over and the change given; a refund gives back what was paid (total and rounding). Per
 * payment method: the orders paid in the shift (QRIS ones once the gateway said paid).
 */
export async function readShiftReport(db: Db, id: number): Promise<ReportRow | undefined> {
  const cash = PAYMENT.cash;
  const [row] = await rows<ReportRow>(
    db,
    sql`with paid as (
          select t.id, t.payment_id, t.total + t.cash_rounding as amount, t.cash_tendered, t.cash_change, t.cash_rounding
          from transactions t left join payments p on p.transaction_id = t.id
          where t.shift_id = ${id} and (t.paid_at is not null or p.status in ('paid', 'refunded'))),
        refunded as (select t.payment_id, t.total + t.cash_rounding as amount from transactions t where t.refund_shift_id = ${id}),
        moved as (select c.amount, c.reason, c.at, c.by_user_id from shift_cash c where c.shift_id = ${id})
        select s.id, s.number, json_build_object('id', tl.id, 'name', tl.name) as till,
          case when s.closed_at is null then 'open' else 'closed' end as status,
          ${utc('s.opened_at')} as opened_at, json_build_object('id', o.id, 'name', ${NAME('o')}) as opened_by,
          ${utc('s.closed_at')} as closed_at,
          case when c.id is null then null else json_build_object('id', c.id, 'name', ${NAME('c')}) end as closed_by,
          s.opening_cash::float8 as opening_cash,
          coalesce((select sum(cash_tendered) from paid where payment_id = ${cash}), 0)::float8 as cash_received,
          coalesce((select sum(cash_change) from paid where payment_id = ${cash}), 0)::float8 as change_given,
          coalesce((select sum(amount) from refunded where payment_id = ${cash}), 0)::float8 as cash_refunds,
          coalesce((select sum(cash_rounding) from paid where payment_id = ${cash}), 0)::float8 as rounding,
          coalesce((select sum(amount) from moved where amount > 0), 0)::float8 as cash_in,
          coalesce((select -sum(amount) from moved where amount < 0), 0)::float8 as cash_out,
          coalesce((select json_agg(json_build_object('amount', m.amount, 'reason', m.reason, 'at', ${utc('m.at')},
              'by', json_build_object('id', b.id, 'name', ${NAME('b')})) order by m.at)
            from moved m join users b on b.id = m.by_user_id), '[]'::json) as movements,
          s.counted_cash::float8 as counted_cash, s.count, s.expected_cash::float8 as expected_cash_stored,
          coalesce((select json_agg(json_build_object('payment_id', payment_id, 'orders', n, 'amount', amount) order by payment_id)
            from (select payment_id, count(*)::int as n, sum(amount)::float8 as amount from paid group by payment_id) m), '[]'::json) as by_method,
          (select count(*)::int from paid) as orders,
          json_build_object('orders', (select count(*)::int from refunded), 'amount', coalesce((select sum(amount) from refunded), 0)::float8) as refunds
        from shifts s join tills tl on tl.id = s.till_id join users o on o.id = s.opened_by left join users c on c.id = s.closed_by
        where s.id = ${id}`,
  );
  return row;
}

/** The shifts opened between two instants, newest first (the dashboard's list). */
export async function shiftIdsBetween(db: Db, from: Date, to: Date): Promise<number[]> {
  const found = await rows<{ id: number }>(
    db,
    sql`select id from shifts where opened_at >= ${from.toISOString()}::timestamptz and opened_at < ${to.toISOString()}::timestamptz
        order by opened_at desc limit 500`,
  );
  return found.map((row) => row.id);
}
