import { answer } from '../../server/http/answer.ts';
import { json } from '../../server/http/json.ts';
import { serverDatabaseHealth } from '../../server/services/database-health.ts';

/**
 * Liveness and database check for monitors and the container health check: 200 `{status: "ok"}`
 * when the database takes a write, has disk space and its latest quick_check found nothing wrong,
 * else 503 `{status: "error"}` — the cause goes to the server log only (decision 040).
 */
export async function GET(): Promise<Response> {
  const healthy = await serverDatabaseHealth().healthy();
  // The unhealthy answer is not the error shape: monitors read `status`.
  return healthy ? answer('GET /api/health', { status: 'ok' }) : json({ status: 'error' }, 503);
}
