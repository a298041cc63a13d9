import { SecondFactorSchema } from '#domain/auth/two-factor-schemas.ts';
import { getDb } from '#server/db/connection.ts';
import { deviceTokenOf } from '#server/http/device-cookie.ts';
import { endpoint } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { parseInput, readJson } from '#server/http/json.ts';
import { signedInBody } from '#server/http/sign-in-answer.ts';
import { terminalAddress } from '#server/http/terminal-address.ts';
import { getSettings } from '#server/services/get-settings.ts';
import { signInWithSecondFactor } from '#server/services/sign-in/second-factor-sign-in.ts';

/**
 * POST `{ticket, method: 'totp'|'recovery', code, rememberDevice?}` -> `{accessToken, user}` and the
 * cookies (decision 090). A wrong code is 401 and counts in the sign-in limits (429 once reached);
 * an expired or used ticket 401 `errors.signInExpired`.
 */
export const POST = endpoint(async (context) => {
  const db = await getDb();
  const input = parseInput(SecondFactorSchema, await readJson(context.request));
  const origin = { address: terminalAddress(context, await getSettings(db)), userAgent: context.request.headers.get('user-agent') };
  return answer('POST /api/user/login/second-factor', await signedInBody(context, await signInWithSecondFactor(db, { ...input, origin, deviceToken: deviceTokenOf(context) })));
});
