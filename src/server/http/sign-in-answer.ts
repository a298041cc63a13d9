import type { APIContext } from 'astro';
import type { SignInAnswer } from '#domain/auth/sign-in-contract.ts';
import type { SignInResult } from '../services/sign-in/sign-in.ts';
import { toSessionUserDto } from '../services/sign-in/session-user.ts';
import { setDeviceCookie } from './device-cookie.ts';
import { json } from './json.ts';
import { setSessionCookie } from './session-cookie.ts';

/**
 * The answer of every sign-in endpoint (password, second factor, passkey, set-up): a session sets
 * the `token` and device cookies and answers `{accessToken, user}`; a second step answers its ticket.
 * `extra` joins the body (the set-up at sign-in adds its `recoveryCodes`, decision 090).
 */
export async function signInAnswer(context: APIContext, result: SignInResult, extra: Record<string, unknown> = {}): Promise<Response> {
  let body: SignInAnswer;
  if (result.kind === 'session') {
    await setSessionCookie(context, result.token);
    await setDeviceCookie(context, result.deviceToken);
    body = { accessToken: result.token, user: toSessionUserDto(result.user) };
  } else if (result.kind === 'second-factor') body = { secondFactor: { ticket: result.ticket, methods: result.methods } };
  else body = { twoFactorSetup: { ticket: result.ticket } };
  return json({ ...body, ...extra });
}
