import * as v from 'valibot';
import { ForgotPasswordSchema, ResetPasswordSchema } from '../../accounts/account-links.ts';
import { SignInSchema, SignUpSchema } from '../../auth/auth-schemas.ts';
import { PasskeySignInOptionsSchema, PasskeySignInSchema } from '../../auth/passkey-schemas.ts';
import { SignedInRecord, SignInRecord, TwoFactorSetupDoneRecord } from '../../auth/sign-in-contract.ts';
import { SetupConfirmSchema, SetupTicketSchema, SecondFactorSchema } from '../../auth/two-factor-schemas.ts';
import { contract, MessageAnswer, queryText } from '../contract.ts';

/** A new TOTP secret to scan (`TotpSetupAnswer`); TOTP stays off until its first code confirms it. */
export const TotpSetupRecord = v.object({
  secret: v.pipe(v.string(), v.description('Base32, for typing into the app by hand.')),
  otpauthUrl: v.string(),
  qrSvg: v.pipe(v.string(), v.description('The otpauth URL as an SVG QR code.')),
});

/** A public-key credential descriptor of WebAuthn (allowed or excluded credentials). */
export const CredentialDescriptor = v.object({ id: v.string(), type: v.string(), transports: v.optional(v.array(v.string())) });

/** `PublicKeyCredentialRequestOptionsJSON` (WebAuthn Level 3): what `navigator.credentials.get` takes. */
const PasskeyRequestOptions = v.pipe(
  v.looseObject({
    challenge: v.string(),
    timeout: v.optional(v.number()),
    rpId: v.optional(v.string()),
    allowCredentials: v.optional(v.array(CredentialDescriptor)),
    userVerification: v.optional(v.string()),
    hints: v.optional(v.array(v.string())),
    extensions: v.optional(v.unknown()),
  }),
  v.description('PublicKeyCredentialRequestOptionsJSON (WebAuthn Level 3).'),
);

/** Parameters the identity provider may add to its redirect back (RFC 6749, OpenID Connect, common providers). */
const oidcCallbackQuery = {
  code: v.optional(v.string()),
  state: v.optional(v.string()),
  iss: v.optional(v.string()),
  scope: v.optional(v.string()),
  session_state: v.optional(v.string()),
  error: v.optional(v.string()),
  error_description: v.optional(v.string()),
  error_uri: v.optional(v.string()),
  authuser: v.optional(v.string()),
  hd: v.optional(v.string()),
  prompt: v.optional(v.string()),
};

export const SIGN_IN_CONTRACTS = {
  'POST /api/user/login': contract({
    summary: 'Sign in with email and password: signed in, or the second step (`secondFactor` / `twoFactorSetup`)',
    body: SignInSchema,
    answer: SignInRecord,
    errors: [429, 503],
  }),
  'POST /api/user/login/passkey/options': contract({
    summary: 'Start a passkey sign-in: passwordless, or the second factor of a ticket',
    body: PasskeySignInOptionsSchema,
    answer: v.object({ challenge: v.string(), options: PasskeyRequestOptions }),
    errors: [429],
  }),
  'POST /api/user/login/passkey': contract({ summary: 'Sign in with a passkey', body: PasskeySignInSchema, answer: SignedInRecord, errors: [429] }),
  'POST /api/user/login/second-factor': contract({
    summary: 'The second step of a sign-in: an authenticator or recovery code',
    body: SecondFactorSchema,
    answer: SignedInRecord,
    errors: [429],
  }),
  'POST /api/user/login/two-factor-setup': contract({
    summary: 'TOTP set-up required by the company, for the account the set-up ticket names',
    body: SetupTicketSchema,
    answer: v.object({ data: TotpSetupRecord }),
    errors: [429],
  }),
  'POST /api/user/login/two-factor-setup/confirm': contract({
    summary: 'Confirm the required TOTP set-up with its first code: signed in, with the recovery codes',
    body: SetupConfirmSchema,
    answer: TwoFactorSetupDoneRecord,
    errors: [429],
  }),
  'POST /api/sign-up': contract({ summary: 'First run only: the first company and its SuperAdmin, signed in', body: SignUpSchema, answer: SignedInRecord, status: 201 }),
  'GET /api/auth/oidc/start': contract({
    summary: 'Single sign-on: redirects to the OpenID provider (or back to /sign-in with a failure code)',
    query: v.object({ redirectUrl: v.pipe(v.optional(queryText), v.description('A local path to land on once signed in.')) }),
    status: 302,
  }),
  'GET /api/auth/oidc/callback': contract({
    summary: 'Single sign-on: the OpenID provider’s redirect back; redirects to the page asked for, or to /sign-in with a failure code',
    query: v.object(oidcCallbackQuery),
    // Providers add parameters of their own (Entra `session_state`, Google `authuser`, …).
    openQuery: true,
    status: 302,
  }),
  'POST /api/sign-out': contract({ summary: 'End the request’s session and clear its cookie', status: 204 }),
  'POST /api/password/forgot': contract({
    summary: 'Ask for a password reset link (the same answer whether the address has an account or not)',
    body: ForgotPasswordSchema,
    answer: MessageAnswer,
    errors: [429],
  }),
  'POST /api/password/reset': contract({
    summary: 'Choose a new password from a reset link: signed in, every other session ended',
    body: ResetPasswordSchema,
    answer: v.object({ ...SignedInRecord.entries, message: v.string() }),
    errors: [409, 429],
  }),
} as const;
