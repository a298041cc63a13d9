import { WorkplaceInputSchema } from '#domain/clock/proof-of-place.ts';
import { translate } from '#i18n/translate.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { json, parseInput, readJson } from '#server/http/json.ts';
import { parseId } from '#server/services/crud/crud-service.ts';
import { deleteWorkplace, updateWorkplace } from '#server/services/workplaces/workplaces.ts';

/** PATCH {name, lat, lng, radiusM} (setting.update): applies from the next punch (decision 068). */
export const PATCH = endpoint(async (context) => {
  const id = parseId(context.params['id']);
  const input = parseInput(WorkplaceInputSchema, await readJson(context.request));
  const data = await updateWorkplace(await getDb(), requireUser(context), id, input);
  return json({ data, message: translate(context.locals.lang, 'messages.changesSaved') });
});

/** DELETE (setting.update): a workplace no punch names (409 otherwise). */
export const DELETE = endpoint(async (context) => {
  await deleteWorkplace(await getDb(), requireUser(context), parseId(context.params['id']));
  return json({ message: translate(context.locals.lang, 'messages.recordDeleted') });
});
