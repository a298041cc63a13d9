import type { Db } from '../db/connection.ts';
import { probeDatabase } from '../db/repositories/database-probe.ts';
import { log } from '../log.ts';

/**
 * Whether the database answers a read of its schema (cheap: one page, usually cached). A failure
 * is logged with its cause here; callers answer without details.
 */
export async function databaseHealthy(db: Db): Promise<boolean> {
  try {
    await probeDatabase(db);
    return true;
  } catch (error) {
    log.error({ err: error }, 'health check failed');
    return false;
  }
}
