import { SignInSchema } from '#domain/auth/auth-schemas.ts';
import { getDb } from '#server/db/connection.ts';
import { deviceTokenOf } from '#server/http/device-cookie.ts';
import { endpoint } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { parseInput, readJson } from '#server/http/json.ts';
import { signInBody } from '#server/http/sign-in-answer.ts';
import { terminalAddress } from '#server/http/terminal-address.ts';
import { getSettings } from '#server/services/get-settings.ts';
import { signIn } from '#server/services/sign-in/sign-in.ts';

/**
 * POST {email, password} -> {accessToken, user} and the `token` cookie, or a second step
 * (`{secondFactor}` / `{twoFactorSetup}`, decision 090). Failures are rate-limited per account and
 * per client address — the address behind a trusted proxy, as the clock sees it (terminalAddress).
 */
export const POST = endpoint(async (context) => {
  const db = await getDb();
  const input = parseInput(SignInSchema, await readJson(context.request));
  const result = await signIn(db, {
    ...input,
    address: terminalAddress(context, await getSettings(db)),
    userAgent: context.request.headers.get('user-agent'),
    deviceToken: deviceTokenOf(context),
  });
  return answer('POST /api/user/login', await signInBody(context, result));
});
