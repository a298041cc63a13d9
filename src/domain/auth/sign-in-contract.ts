import type { SessionUserDto } from './session-user-dto.ts';

/**
 * What a sign-in answers (`POST /api/user/login` and every later step: a second factor, a passkey,
 * the set-up required by the company; decision 090). Read by the endpoints, OpenAPI and the
 * sign-in islands.
 */
export type SecondFactorMethod = 'totp' | 'recovery' | 'passkey';

/** Signed in: the session token (also set as the `token` cookie) and the user. */
export interface SignedInAnswer {
  accessToken: string;
  user: SessionUserDto;
}

/** The password was right; a second factor is needed. `ticket` lasts 10 minutes. */
export interface SecondFactorAnswer {
  secondFactor: { ticket: string; methods: SecondFactorMethod[] };
}

/** The password was right; the company requires a second factor and the account has none: set it up with `ticket`. */
export interface TwoFactorSetupAnswer {
  twoFactorSetup: { ticket: string };
}

export type SignInAnswer = SignedInAnswer | SecondFactorAnswer | TwoFactorSetupAnswer;

/** `POST /api/user/login/two-factor-setup/confirm`: signed in, with the ten recovery codes shown once (decision 090). */
export type TwoFactorSetupDoneAnswer = SignedInAnswer & { recoveryCodes: string[] };
