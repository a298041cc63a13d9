import * as v from 'valibot';
import { PermissionsRecord } from '../permissions/permissions-schema.ts';
import { ACCOUNT_TYPES } from '../users/user-schemas.ts';

/**
 * What a sign-in answers (`POST /api/user/login` and every later step: a second factor, a passkey,
 * the set-up required by the company; decision 090), as schemas: the endpoints' contracts
 * (`src/domain/api/contracts/sign-in.ts`), OpenAPI and the sign-in islands read them.
 */
export const SECOND_FACTOR_METHODS = ['totp', 'recovery', 'passkey'] as const;
export type SecondFactorMethod = (typeof SECOND_FACTOR_METHODS)[number];

/** The session user of the sign-in answers (`SessionUserDto`), also kept by the browser. */
export const SessionUserRecord = v.object({
  _id: v.number(),
  full_name: v.string(),
  email: v.string(),
  image: v.nullable(v.string()),
  account_type: v.picklist(ACCOUNT_TYPES),
  role: PermissionsRecord,
});

/** Signed in: the session token (also set as the `token` cookie) and the user. */
export const SignedInRecord = v.object({
  accessToken: v.pipe(v.string(), v.description('The session token, also set as the `token` cookie.')),
  user: SessionUserRecord,
});
export type SignedInAnswer = v.InferOutput<typeof SignedInRecord>;

/** The password was right; a second factor is needed. `ticket` lasts 10 minutes. */
export const SecondFactorRecord = v.object({
  secondFactor: v.object({ ticket: v.pipe(v.string(), v.description('Lasts 10 minutes.')), methods: v.array(v.picklist(SECOND_FACTOR_METHODS)) }),
});
export type SecondFactorAnswer = v.InferOutput<typeof SecondFactorRecord>;

/** The password was right; the company requires a second factor and the account has none: set it up with `ticket`. */
export const TwoFactorSetupRecord = v.object({ twoFactorSetup: v.object({ ticket: v.string() }) });
export type TwoFactorSetupAnswer = v.InferOutput<typeof TwoFactorSetupRecord>;

export const SignInRecord = v.union([SignedInRecord, SecondFactorRecord, TwoFactorSetupRecord]);
export type SignInAnswer = v.InferOutput<typeof SignInRecord>;

/** `POST /api/user/login/two-factor-setup/confirm`: signed in, with the ten recovery codes shown once (decision 090). */
export const TwoFactorSetupDoneRecord = v.object({ ...SignedInRecord.entries, recoveryCodes: v.pipe(v.array(v.string()), v.description('Shown only this once.')) });
export type TwoFactorSetupDoneAnswer = v.InferOutput<typeof TwoFactorSetupDoneRecord>;
