import { translate } from '#i18n/translate.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { revokeInvitation } from '#server/services/accounts/revoke-invitation.ts';
import { parseId } from '#server/services/crud/crud-service.ts';

/** DELETE (user.create): revokes the employee's unused invitation; its link no longer opens (decision 066). */
export const DELETE = endpoint(async (context) => {
  await revokeInvitation(await getDb(), requireUser(context), parseId(context.params['id']));
  return answer('DELETE /api/employees/{id}/invitation', { message: translate(context.locals.lang, 'invitations.revoked') });
});
