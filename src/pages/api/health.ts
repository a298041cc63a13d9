import { sql } from 'kysely';
import { getDb } from '../../server/db/connection.ts';
import { endpoint } from '../../server/http/endpoint.ts';
import { json } from '../../server/http/json.ts';

/** Liveness and database check for monitors and the container health check. */
export const GET = endpoint(async () => {
  const db = await getDb();
  await sql`select 1`.execute(db);
  return json({ status: 'ok' });
});
