import { randomBytes } from 'node:crypto';
import type { CreateTableInput, DiningTable } from '@kopi/shared';
import type { Db } from '../../db/client.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { phrase } from '../../lib/i18n.ts';
import { findTableByToken, insertTable, listTables, softDeleteTable, type TableRow } from './tables.repository.ts';

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

/** A new table with a random token of 144 bits, which whoever scans its code can order with. */
export async function createTable(db: Db, publicUrl: string, input: CreateTableInput): Promise<DiningTable> {
  const row = await insertTable(db, input.name, randomBytes(18).toString('base64url'));
  if (!row) throw conflict(phrase('server.tableNameTaken', { name: input.name }));
  return answer(row, publicUrl);
}

export async function deleteTable(db: Db, id: number): Promise<void> {
  if (!(await softDeleteTable(db, id))) throw notFound('server.tableNotFound');
}

/** The table in use whose QR code carries `token`, or undefined. */
export function tableByToken(db: Db, token: string): Promise<{ id: number; name: string } | undefined> {
  return findTableByToken(db, token);
}
