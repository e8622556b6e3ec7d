import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/** Rejects when the database does not answer a query. */
export async function databaseAnswers(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
