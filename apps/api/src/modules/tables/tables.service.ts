import { randomBytes } from 'node:crypto';
import type { CreateTableInput, DiningTable } from '@kopi/shared';
import type { Db } from '../../db/client.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { phrase } from '../../lib/i18n.ts';
import { findTableByToken, insertTable, listTables, replaceTableToken, softDeleteTable, type TableRow } from './tables.repository.ts';

// Dine-in tables and their QR codes (docs/shop-rules.md#orders-from-the-table).

/** The page a table's QR code opens: `<PUBLIC_URL>/t/<token>`. */
export const tableUrl = (publicUrl: string, token: string) => `${publicUrl}/t/${encodeURIComponent(token)}`;

const answer = (row: TableRow, publicUrl: string): DiningTable => ({
  id: row.id,
  name: row.name,
  token: row.token,
  url: tableUrl(publicUrl, row.token),
  created_at: row.created_at,
});

export async function tables(db: Db, publicUrl: string): Promise<DiningTable[]> {
  return (await listTables(db)).map((row) => answer(row, publicUrl));
}

/** A random token of 144 bits, which whoever scans the table's code can order with. */
const newToken = () => randomBytes(18).toString('base64url');

/** A new table with its token. */
export async function createTable(db: Db, publicUrl: string, input: CreateTableInput): Promise<DiningTable> {
  const row = await insertTable(db, input.name, newToken());
  if (!row) throw conflict(phrase('server.tableNameTaken', { name: input.name }));
  return answer(row, publicUrl);
}

/**
 * A table's QR code printed anew: a new token, and the old code (photographed, taken home) stops
 * taking orders at once. Its orders stay the table's.
 */
export async function renewTableCode(db: Db, publicUrl: string, id: number): Promise<DiningTable> {
  const row = await replaceTableToken(db, id, newToken());
  if (!row) throw notFound('server.tableNotFound');
  return answer(row, publicUrl);
}

export async function deleteTable(db: Db, id: number): Promise<void> {
  if (!(await softDeleteTable(db, id))) throw notFound('server.tableNotFound');
}

/** The table in use whose QR code carries `token`, or undefined. */
export function tableByToken(db: Db, token: string): Promise<{ id: number; name: string } | undefined> {
  return findTableByToken(db, token);
}
