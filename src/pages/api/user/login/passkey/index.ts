import { PasskeySignInSchema } from '#domain/auth/passkey-schemas.ts';
import { getDb } from '#server/db/connection.ts';
import { deviceTokenOf } from '#server/http/device-cookie.ts';
import { endpoint } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { parseInput, readJson } from '#server/http/json.ts';
import { relyingParty } from '#server/http/relying-party.ts';
import { signedInBody } from '#server/http/sign-in-answer.ts';
import { terminalAddress } from '#server/http/terminal-address.ts';
import { getSettings } from '#server/services/get-settings.ts';
import { signInWithPasskey } from '#server/services/passkeys/passkey-sign-in.ts';

/**
 * POST {challenge, response, ticket?, rememberDevice?} → {accessToken, user} and the cookies
 * (decision 091). Refusals are 401 `passkeys.failed` and count in the sign-in limits.
 */
export const POST = endpoint(async (context) => {
  const db = await getDb();
  const input = parseInput(PasskeySignInSchema, await readJson(context.request));
  const origin = { address: terminalAddress(context, await getSettings(db)), userAgent: context.request.headers.get('user-agent') };
  return answer('POST /api/user/login/passkey', await signedInBody(context, await signInWithPasskey(db, input, origin, await relyingParty(context), deviceTokenOf(context))));
});
