import { translate } from '#i18n/translate.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { parseId } from '#server/services/crud/crud-service.ts';
import { removeTimeApartFor } from '#server/services/time-apart/admin-time-apart.ts';
import { answer } from '#server/http/answer.ts';

/** DELETE (attendance.update): removes an employee's interruption (404 out of reach; 403 one's own; 409 approved). */
export const DELETE = endpoint(async (context) => {
  await removeTimeApartFor(await getDb(), requireUser(context), 'interruption', parseId(context.params['id']));
  return answer('DELETE /api/disconnection-interruptions/{id}', { message: translate(context.locals.lang, 'timeApart.removed') });
});
