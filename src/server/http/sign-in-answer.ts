import type { APIContext } from 'astro';
import type { SignedInAnswer, SignInAnswer } from '#domain/auth/sign-in-contract.ts';
import type { SignedIn } from '../services/sign-in/complete-sign-in.ts';
import type { SignInResult } from '../services/sign-in/sign-in.ts';
import { toSessionUserDto } from '../services/sign-in/session-user.ts';
import { setDeviceCookie } from './device-cookie.ts';
import { setSessionCookie } from './session-cookie.ts';

/**
 * The body of every sign-in endpoint that ends signed in (password, second factor, passkey,
 * set-up): sets the `token` and device cookies and answers `{accessToken, user}`. The endpoint
 * writes it with `answer()` under its own contract.
 */
export async function signedInBody(context: APIContext, result: SignedIn): Promise<SignedInAnswer> {
  await setSessionCookie(context, result.token);
  await setDeviceCookie(context, result.deviceToken);
  return { accessToken: result.token, user: toSessionUserDto(result.user) };
}

/** A password sign-in's body: signed in as above, or the second step's ticket (decision 090). */
export async function signInBody(context: APIContext, result: SignInResult): Promise<SignInAnswer> {
  if (result.kind === 'session') return signedInBody(context, result);
  if (result.kind === 'second-factor') return { secondFactor: { ticket: result.ticket, methods: result.methods } };
  return { twoFactorSetup: { ticket: result.ticket } };
}
