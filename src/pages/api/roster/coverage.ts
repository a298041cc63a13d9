import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { json, readJson } from '#server/http/json.ts';
import { readCoverageNeeds, saveCoverageNeeds } from '#server/services/roster/coverage-needs.ts';

/** GET ?department (schedule.read) -> `{data:[{template, weekday, staff}]}`; PUT {department, needs} (schedule.update) replaces them (decision 085). */
export const GET = endpoint(async (context) => {
  return json({ data: await readCoverageNeeds(await getDb(), requireUser(context), context.url.searchParams) });
});

export const PUT = endpoint(async (context) => {
  return json({ data: await saveCoverageNeeds(await getDb(), requireUser(context), await readJson(context.request)) });
});
