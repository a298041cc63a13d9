import { translate } from '#i18n/translate.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { readJson } from '#server/http/json.ts';
import { closeConflict } from '#server/services/clock-offline/close-clock-conflict.ts';
import { parseId } from '#server/services/crud/crud-service.ts';
import { answer } from '#server/http/answer.ts';

/** POST `{note}`: closes a conflict without recording anything (decision 046). */
export const POST = endpoint(async (context) => {
  const user = requireUser(context);
  const data = await closeConflict(await getDb(), parseId(context.params['id']), 'dismiss', await readJson(context.request), user, context.locals.lang);
  return answer('POST /api/clock-conflicts/{id}/dismiss', { data, message: translate(context.locals.lang, 'clockConflicts.dismissed') });
});
