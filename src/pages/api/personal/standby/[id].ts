import { translate } from '#i18n/translate.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { parseId } from '#server/services/crud/crud-service.ts';
import { removeOwnTimeApart } from '#server/services/time-apart/personal-time-apart.ts';

/** DELETE: removes a standby period the worker entered themselves (404 for any other; 409 when approved). */
export const DELETE = endpoint(async (context) => {
  await removeOwnTimeApart(await getDb(), requireUser(context), 'standby', parseId(context.params['id']));
  return answer('DELETE /api/personal/standby/{id}', { message: translate(context.locals.lang, 'timeApart.removed') });
});
