import { translate } from '#i18n/translate.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { parseId } from '#server/services/crud/crud-service.ts';
import { newTerminalPairingCode } from '#server/services/terminals/new-pairing-code.ts';
import { answer } from '#server/http/answer.ts';

/** POST (setting.update) -> `{data, pairingCode, pairingExpiresAt, message}`: a new one-time code (409 for a revoked terminal). */
export const POST = endpoint(async (context) => {
  const created = await newTerminalPairingCode(await getDb(), requireUser(context), parseId(context.params['id']));
  return answer('POST /api/terminals/{id}/pairing-code', { ...created, message: translate(context.locals.lang, 'terminals.codeCreated') });
});
