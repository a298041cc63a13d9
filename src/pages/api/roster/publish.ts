import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { json, readJson } from '#server/http/json.ts';
import { publishRoster } from '#server/services/roster/publish-roster.ts';

/** POST {department, from, to} (schedule.update) -> `{changedDays, notified}` (decision 085); a changed locked day refuses it all (409). */
export const POST = endpoint(async (context) => {
  return json(await publishRoster(await getDb(), requireUser(context), await readJson(context.request)));
});
