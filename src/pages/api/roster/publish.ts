import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { readJson } from '#server/http/json.ts';
import { publishRoster } from '#server/services/roster/publish-roster.ts';

/** POST {department, from, to} (schedule.update) -> `{changedDays, notified}` (decision 085); a changed locked day refuses it all (409). */
export const POST = endpoint(async (context) => {
  return answer('POST /api/roster/publish', await publishRoster(await getDb(), requireUser(context), await readJson(context.request)));
});
