import { SetupConfirmSchema } from '#domain/auth/two-factor-schemas.ts';
import { getDb } from '#server/db/connection.ts';
import { deviceTokenOf } from '#server/http/device-cookie.ts';
import { endpoint } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { parseInput, readJson } from '#server/http/json.ts';
import { signedInBody } from '#server/http/sign-in-answer.ts';
import { terminalAddress } from '#server/http/terminal-address.ts';
import { getSettings } from '#server/services/get-settings.ts';
import { confirmSetupAtSignIn } from '#server/services/sign-in/second-factor-sign-in.ts';

/** POST `{ticket, code, rememberDevice?}` -> `{accessToken, user, recoveryCodes}` and the cookies: TOTP on, signed in (decision 090). */
export const POST = endpoint(async (context) => {
  const db = await getDb();
  const input = parseInput(SetupConfirmSchema, await readJson(context.request));
  const origin = { address: terminalAddress(context, await getSettings(db)), userAgent: context.request.headers.get('user-agent') };
  const { recoveryCodes, ...signedIn } = await confirmSetupAtSignIn(db, { ...input, origin, deviceToken: deviceTokenOf(context) });
  return answer('POST /api/user/login/two-factor-setup/confirm', { ...(await signedInBody(context, signedIn)), recoveryCodes });
});
