import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { readJson } from '#server/http/json.ts';
import { readCoverageNeeds, saveCoverageNeeds } from '#server/services/roster/coverage-needs.ts';

/** GET ?department (schedule.read) -> `{data:[{template, weekday, staff}]}`; PUT {department, needs} (schedule.update) replaces them (decision 085). */
export const GET = endpoint(async (context) => {
  return answer('GET /api/roster/coverage', { data: await readCoverageNeeds(await getDb(), requireUser(context), context.url.searchParams) });
});

export const PUT = endpoint(async (context) => {
  return answer('PUT /api/roster/coverage', { data: await saveCoverageNeeds(await getDb(), requireUser(context), await readJson(context.request)) });
});
