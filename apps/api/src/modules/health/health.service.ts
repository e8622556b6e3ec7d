import type { Db } from '../../db/client.ts';
import { databaseAnswers } from './health.repository.ts';

export type Readiness = { ready: true } | { ready: false; cause: unknown };

/** Whether this instance can serve: its database answers a query. */
export async function readiness(db: Db): Promise<Readiness> {
  try {
    await databaseAnswers(db);
    return { ready: true };
  } catch (cause) {
    return { ready: false, cause };
  }
}
