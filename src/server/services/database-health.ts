import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';
import { log } from '../log.ts';

/**
 * Whether the database answers a read of its schema (cheap: one page, usually cached). A failure
 * is logged with its cause here; callers answer without details.
 */
export async function databaseHealthy(db: Db): Promise<boolean> {
  try {
    await sql`select 1 from sqlite_schema limit 1`.execute(db);
    return true;
  } catch (error) {
    log.error({ err: error }, 'health check failed');
    return false;
  }
}
