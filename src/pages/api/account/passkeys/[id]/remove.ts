import { RemovePasskeySchema } from '#domain/auth/passkey-schemas.ts';
import { translate } from '#i18n/translate.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { parseInput, readJson } from '#server/http/json.ts';
import { parseId } from '#server/services/crud/crud-service.ts';
import { removeAccountPasskey } from '#server/services/passkeys/remove-passkey.ts';

/** POST {password}: removes one of the account's own passkeys (another's: 404; the last required factor: 409). */
export const POST = endpoint(async (context) => {
  const user = requireUser(context);
  const id = parseId(context.params['id']);
  const { password } = parseInput(RemovePasskeySchema, await readJson(context.request));
  await removeAccountPasskey(await getDb(), user.id, id, password);
  return answer('POST /api/account/passkeys/{id}/remove', { message: translate(context.locals.lang, 'passkeys.removed') });
});
