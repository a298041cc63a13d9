import { getDb } from '../../server/db/connection.ts';
import { json } from '../../server/http/json.ts';
import { log } from '../../server/log.ts';
import { databaseHealthy } from '../../server/services/database-health.ts';

/**
 * Liveness and database check for monitors and the container health check: 200 `{status: "ok"}`
 * when the database answers, else 503 `{status: "error"}` — the cause goes to the server log only.
 */
export async function GET(): Promise<Response> {
  let healthy = false;
  try {
    healthy = await databaseHealthy(await getDb());
  } catch (error) {
    log.error({ err: error }, 'health check failed: the database does not open');
  }
  return healthy ? json({ status: 'ok' }) : json({ status: 'error' }, 503);
}
