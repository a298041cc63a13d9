import { translate } from '#i18n/translate.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { parseId } from '#server/services/crud/crud-service.ts';
import { resetTerminalSequence } from '#server/services/terminals/reset-terminal-sequence.ts';
import { answer } from '#server/http/answer.ts';

/** POST (setting.update): the terminal's offline sequence numbering starts again from 1 (issue 34 point 6). */
export const POST = endpoint(async (context) => {
  const data = await resetTerminalSequence(await getDb(), requireUser(context), parseId(context.params['id']));
  return answer('POST /api/terminals/{id}/reset-sequence', { data, message: translate(context.locals.lang, 'terminals.sequenceResetDone') });
});
