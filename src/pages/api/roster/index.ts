import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { json } from '#server/http/json.ts';
import { readRoster } from '#server/services/roster/read-roster.ts';

/** GET ?department&from&to (≤ 62 days; schedule.read): the grid answer, `RosterDto` (decision 085). */
export const GET = endpoint(async (context) => {
  return json(await readRoster(await getDb(), requireUser(context), context.url.searchParams));
});
