import { SignInSchema } from '../../../domain/auth/auth-schemas.ts';
import { SESSION_COOKIE, sessionCookieOptions } from '../../../server/auth/session-token.ts';
import { getDb } from '../../../server/db/connection.ts';
import { clientAddress, endpoint } from '../../../server/http/endpoint.ts';
import { json, parseInput, readJson } from '../../../server/http/json.ts';
import { toSessionUserDto } from '../../../server/services/session-user.ts';
import { signIn } from '../../../server/services/sign-in.ts';

/** POST {email, password} -> {accessToken, user}; sets the `token` cookie. */
export const POST = endpoint(async (context) => {
  const input = parseInput(SignInSchema, await readJson(context.request));
  const result = await signIn(await getDb(), { ...input, address: clientAddress(context) });
  context.cookies.set(SESSION_COOKIE, result.token, sessionCookieOptions(context.url.protocol === 'https:'));
  return json({ accessToken: result.token, user: toSessionUserDto(result.user) });
});
