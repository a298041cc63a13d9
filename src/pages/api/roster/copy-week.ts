import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { readJson } from '#server/http/json.ts';
import { copyWeek } from '#server/services/roster/copy-weeks.ts';

/** POST (schedule.update) -> `{created, skipped}` (decision 085): never over a draft shift; locked days skipped and counted. */
export const POST = endpoint(async (context) => {
  return answer('POST /api/roster/copy-week', await copyWeek(await getDb(), requireUser(context), await readJson(context.request)));
});
