import { translate } from '#i18n/translate.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { parseId } from '#server/services/crud/crud-service.ts';
import { revokeTerminal } from '#server/services/terminals/revoke-terminal.ts';
import { answer } from '#server/http/answer.ts';

/** POST (setting.update): the terminal's device can no longer punch; the terminal and its punches are kept. */
export const POST = endpoint(async (context) => {
  const data = await revokeTerminal(await getDb(), requireUser(context), parseId(context.params['id']));
  return answer('POST /api/terminals/{id}/revoke', { data, message: translate(context.locals.lang, 'terminals.revokedDone') });
});
