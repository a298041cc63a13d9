import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { readRoster } from '#server/services/roster/read-roster.ts';

/** GET ?department&from&to (≤ 62 days; schedule.read): the grid answer, `RosterDto` (decision 085). */
export const GET = endpoint(async (context) => {
  return answer('GET /api/roster', await readRoster(await getDb(), requireUser(context), context.url.searchParams));
});
