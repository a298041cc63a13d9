import { WorkplaceInputSchema } from '#domain/clock/proof-of-place.ts';
import { translate } from '#i18n/translate.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { parseInput, readJson } from '#server/http/json.ts';
import { parseId } from '#server/services/crud/crud-service.ts';
import { deleteWorkplace, updateWorkplace } from '#server/services/workplaces/workplaces.ts';
import { answer } from '#server/http/answer.ts';

/** PATCH {name, lat, lng, radiusM} (setting.update): applies from the next punch (decision 068). */
export const PATCH = endpoint(async (context) => {
  const id = parseId(context.params['id']);
  const input = parseInput(WorkplaceInputSchema, await readJson(context.request));
  const data = await updateWorkplace(await getDb(), requireUser(context), id, input);
  return answer('PATCH /api/workplaces/{id}', { data, message: translate(context.locals.lang, 'messages.changesSaved') });
});

/** DELETE (setting.update): a workplace no punch names (409 otherwise). */
export const DELETE = endpoint(async (context) => {
  await deleteWorkplace(await getDb(), requireUser(context), parseId(context.params['id']));
  return answer('DELETE /api/workplaces/{id}', { message: translate(context.locals.lang, 'messages.recordDeleted') });
});
