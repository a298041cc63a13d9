import { SignInSchema } from '#domain/auth/auth-schemas.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint } from '#server/http/endpoint.ts';
import { json, parseInput, readJson } from '#server/http/json.ts';
import { setSessionCookie } from '#server/http/session-cookie.ts';
import { terminalAddress } from '#server/http/terminal-address.ts';
import { getSettings } from '#server/services/get-settings.ts';
import { toSessionUserDto } from '#server/services/sign-in/session-user.ts';
import { signIn } from '#server/services/sign-in/sign-in.ts';

/**
 * POST {email, password} -> {accessToken, user}; sets the `token` cookie. Failures are
 * rate-limited per account and per client address — the address behind a trusted proxy, as the
 * clock sees it (terminalAddress).
 */
export const POST = endpoint(async (context) => {
  const db = await getDb();
  const input = parseInput(SignInSchema, await readJson(context.request));
  const result = await signIn(db, {
    ...input,
    address: terminalAddress(context, await getSettings(db)),
    userAgent: context.request.headers.get('user-agent'),
  });
  await setSessionCookie(context, result.token);
  return json({ accessToken: result.token, user: toSessionUserDto(result.user) });
});
