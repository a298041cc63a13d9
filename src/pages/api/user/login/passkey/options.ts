import { PasskeySignInOptionsSchema } from '#domain/auth/passkey-schemas.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { parseInput, readJson } from '#server/http/json.ts';
import { relyingParty } from '#server/http/relying-party.ts';
import { terminalAddress } from '#server/http/terminal-address.ts';
import { getSettings } from '#server/services/get-settings.ts';
import { passkeySignInOptions } from '#server/services/passkeys/passkey-sign-in.ts';

/**
 * POST {ticket?} → {challenge, options}: a passkey sign-in, passwordless or the second factor of the
 * ticket's sign-in (decision 091). 429 past 60 starts a minute from one address (ceremony-start-limit.ts).
 */
export const POST = endpoint(async (context) => {
  const db = await getDb();
  const { ticket } = parseInput(PasskeySignInOptionsSchema, await readJson(context.request));
  const { challenge, options } = await passkeySignInOptions(db, ticket, await relyingParty(context), terminalAddress(context, await getSettings(db)));
  return answer('POST /api/user/login/passkey/options', { challenge, options: { ...options } });
});
