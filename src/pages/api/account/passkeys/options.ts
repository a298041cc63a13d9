import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { relyingParty } from '#server/http/relying-party.ts';
import { passkeyRegistrationOptions } from '#server/services/passkeys/account-passkeys.ts';

/** POST (no body): options for navigator.credentials.create, with a registration challenge of 5 minutes (decision 091). */
export const POST = endpoint(async (context) => {
  const user = requireUser(context);
  return answer('POST /api/account/passkeys/options', { options: { ...(await passkeyRegistrationOptions(await getDb(), user, await relyingParty(context))) } });
});
