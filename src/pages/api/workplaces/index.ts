import { WorkplaceInputSchema } from '#domain/clock/proof-of-place.ts';
import { translate } from '#i18n/translate.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { parseInput, readJson } from '#server/http/json.ts';
import { createWorkplace, listWorkplaces } from '#server/services/workplaces/workplaces.ts';
import { answer } from '#server/http/answer.ts';

/** GET (setting.read): the workplaces the account manages (decision 068: a SuperAdmin every company's, an Admin its own). */
export const GET = endpoint(async (context) => {
  const data = await listWorkplaces(await getDb(), requireUser(context));
  return answer('GET /api/workplaces', { data, total: data.length });
});

/** POST {name, lat, lng, radiusM, companyId?} (setting.update) -> 201 `{data, message}`. */
export const POST = endpoint(async (context) => {
  const input = parseInput(WorkplaceInputSchema, await readJson(context.request));
  const data = await createWorkplace(await getDb(), requireUser(context), input);
  return answer('POST /api/workplaces', { data, message: translate(context.locals.lang, 'messages.changesSaved') });
});
