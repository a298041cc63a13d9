import { translate } from '#i18n/translate.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { parseId } from '#server/services/crud/crud-service.ts';
import { revokeInspectionLink } from '#server/services/access/revoke-inspection-link.ts';

/** POST (setting.update): the link stops opening at once; it and its log are kept. */
export const POST = endpoint(async (context) => {
  await revokeInspectionLink(await getDb(), requireUser(context).id, parseId(context.params['id']));
  return answer('POST /api/inspection-links/{id}/revoke', { message: translate(context.locals.lang, 'inspection.revokedDone') });
});
