import { translate } from '#i18n/translate.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { readJson } from '#server/http/json.ts';
import { parseId } from '#server/services/crud/crud-service.ts';
import { decideCorrection } from '#server/services/corrections/decide-correction-request.ts';
import { answer } from '#server/http/answer.ts';

/** POST `{comment}`: an administrator declines a pending correction request (decision 034); needs `attendance.update`. */
export const POST = endpoint(async (context) => {
  const user = requireUser(context);
  const data = await decideCorrection(await getDb(), parseId(context.params['id']), 'decline', await readJson(context.request), user, context.locals.lang);
  return answer('POST /api/attendance-corrections/{id}/decline', { data, message: translate(context.locals.lang, 'corrections.declined') });
});
