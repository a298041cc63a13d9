import { AddPasskeySchema } from '#domain/auth/passkey-schemas.ts';
import { translate } from '#i18n/translate.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { parseInput, readJson } from '#server/http/json.ts';
import { relyingParty } from '#server/http/relying-party.ts';
import { accountPasskeys, addPasskey } from '#server/services/passkeys/account-passkeys.ts';

/** GET the signed-in account's passkeys (decision 091): any account, only its own, never with an API token. */
export const GET = endpoint(async (context) => answer('GET /api/account/passkeys', { data: await accountPasskeys(await getDb(), requireUser(context).id) }));

/**
 * POST {name, response}: stores the credential the browser made for the account's live
 * registration challenge → 201 {data, recoveryCodes?}. 409 for a credential already stored.
 */
export const POST = endpoint(async (context) => {
  const user = requireUser(context);
  const input = parseInput(AddPasskeySchema, await readJson(context.request));
  const added = await addPasskey(await getDb(), user, input, await relyingParty(context));
  return answer('POST /api/account/passkeys', { data: added.passkey, ...(added.recoveryCodes ? { recoveryCodes: added.recoveryCodes } : {}), message: translate(context.locals.lang, 'passkeys.added') });
});
