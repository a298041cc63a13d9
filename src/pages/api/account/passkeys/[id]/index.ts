import { RenamePasskeySchema } from '#domain/auth/passkey-schemas.ts';
import { translate } from '#i18n/translate.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { parseInput, readJson } from '#server/http/json.ts';
import { parseId } from '#server/services/crud/crud-service.ts';
import { renameAccountPasskey } from '#server/services/passkeys/account-passkeys.ts';

/** PATCH {name}: renames one of the account's own passkeys (another's: 404). */
export const PATCH = endpoint(async (context) => {
  const user = requireUser(context);
  const id = parseId(context.params['id']);
  const { name } = parseInput(RenamePasskeySchema, await readJson(context.request));
  await renameAccountPasskey(await getDb(), user.id, id, name);
  return answer('PATCH /api/account/passkeys/{id}', { message: translate(context.locals.lang, 'passkeys.renamed') });
});
