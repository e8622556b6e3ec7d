import { can, ROLES, type ShiftReport } from '@kopi/shared';
import type { Db } from '../../db/client.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { phrase } from '../../lib/i18n.ts';
import type { Session } from '../auth/auth.service.ts';
import {
  closeShiftRow,
  insertShift,
  insertShiftCash,
  lockShift,
  openShiftOf,
  readShiftReport,
  type ShiftState,
  shiftIdsBetween,
} from './shifts.repository.ts';

// A till's shifts (docs/shop-rules.md#the-till-and-shifts): opened with a float, cash put in and taken
// out with a reason, closed blind (the cashier counts first, then sees what was expected), and a Z
// report that never changes once closed. Every sale, collection and cash refund at the till happens
// inside its open shift (holdingOpenShift), which its close waits for.

/** The till of a session opened on one (docs/shop-rules.md#staff-and-roles); anything else is a 400. */
export function tillOf(session: Session): number {
  if (!session.till) throw badRequest('server.tillNeeded');
  return session.till;
}

export const noOpenShift = () => new AppError('no_open_shift', 'server.noOpenShift');

/** Who reads a report: its role decides whether an open shift's expected cash is shown. */
type Viewer = Pick<Session, 'role'>;
/** The figures in full: for the close's own sum, and the owner's list. */
const FULL_VIEW: Viewer = { role: ROLES.admin };

/**
 * expected = opening + cash received − change − cash refunds + cash in − cash out (a closed shift's,
 * as stored). Closing is blind: while the shift is open, only the owner (`viewer` who may manage)
 * is told what the drawer should hold; the cashier counts first and sees it in the close's answer.
 */
function reportOf(row: NonNullable<Awaited<ReturnType<typeof readShiftReport>>>, viewer: Viewer): ShiftReport {
  const { expected_cash_stored: stored, ...report } = row;
  const expected =
    stored ?? report.opening_cash + report.cash_received - report.change_given - report.cash_refunds + report.cash_in - report.cash_out;
  const blind = report.status === 'open' && !can(viewer.role, 'manage');
  return {
    ...report,
    expected_cash: blind ? null : expected,
    variance: report.counted_cash === null ? null : report.counted_cash - expected,
  };
}

/** A shift's Z report, as `viewer` may see it (blind while open, but to the owner). */
export async function shiftReport(db: Db, id: number, viewer: Viewer): Promise<ShiftReport> {
  const row = await readShiftReport(db, id);
  if (!row) throw notFound('server.shiftNotFound');
  return reportOf(row, viewer);
}

/** POST /shifts: the session's till opens a shift with its float; one open per till (409 naming it). */
export async function openShift(db: Db, session: Session, openingCash: number): Promise<ShiftReport> {
  const tillId = tillOf(session);
  const id = await insertShift(db, tillId, session.id, openingCash);
  if (id === undefined) {
    const open = await openShiftOf(db, tillId);
    throw conflict(phrase('server.shiftOpenAlready', { number: open?.number ?? '?' }));
  }
  return shiftReport(db, id, session);
}

/** GET /shifts/current: the open shift of the session's till; none is a 409 saying to open one. */
export async function currentShift(db: Db, session: Session): Promise<ShiftReport> {
  const open = await openShiftOf(db, tillOf(session));
  if (!open) throw noOpenShift();
  return shiftReport(db, open.id, session);
}

/** A write to a shift: it must be this till's, and open (a closed shift's report never changes: 409). */
async function lockedForWrite(db: Db, session: Session, id: number): Promise<ShiftState> {
  const shift = await lockShift(db, id);
  if (!shift) throw notFound('server.shiftNotFound');
  if (shift.till_id !== tillOf(session)) throw forbidden();
  if (shift.closed) throw conflict(phrase('server.shiftClosed', { number: shift.number }));
  return shift;
}

/** POST /shifts/:id/cash: cash put in (> 0) or taken out (< 0, its reason required by the schema). */
export async function moveShiftCash(
  db: Db,
  session: Session,
  id: number,
  amount: number,
  reason: string | undefined,
): Promise<ShiftReport> {
  await db.transaction(async (trx) => {
    const tx = trx as Db;
    await lockedForWrite(tx, session, id);
    await insertShiftCash(tx, id, amount, reason || null, session.id);
  });
  return shiftReport(db, id, session);
}

/**
 * POST /shifts/:id/close: what the cashier counted, blind. The shift's lock waits for the sales in
 * flight, so the figures the report keeps are final: expected is computed and stored with the count.
 */
export async function closeShift(
  db: Db,
  session: Session,
  id: number,
  counted: number,
  count: Record<string, number> | undefined,
): Promise<ShiftReport> {
  await db.transaction(async (trx) => {
    const tx = trx as Db;
    await lockedForWrite(tx, session, id);
    const { expected_cash } = await shiftReport(tx, id, FULL_VIEW);
    await closeShiftRow(tx, { id, userId: session.id, counted, count: count ?? null, expected: expected_cash! });
  });
  return shiftReport(db, id, session);
}

/** GET /shifts: the shifts opened in a range of the shop's days, newest first, with their variance. */
export async function shiftsBetween(db: Db, from: Date, to: Date): Promise<ShiftReport[]> {
  const ids = await shiftIdsBetween(db, from, to);
  return Promise.all(ids.map((id) => shiftReport(db, id, FULL_VIEW)));
}

/**
 * Runs `work` inside the open shift of `tillId`, held (shared) until it commits: a sale, a collection
 * or a cash refund at the till lands in a shift that its close has not counted yet. None open: 409.
 */
export async function holdingOpenShift<T>(db: Db, tillId: number, work: (tx: Db, shift: ShiftState) => Promise<T>): Promise<T> {
  return db.transaction(async (trx) => {
    const tx = trx as Db;
    const shift = await openShiftOf(tx, tillId, 'share');
    if (!shift) throw noOpenShift();
    return work(tx, shift);
  });
}
