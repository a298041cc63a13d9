import * as v from 'valibot';

/**
 * Request bodies of two-step sign-in (decision 090), shared by the endpoints, OpenAPI and the
 * islands. A TOTP code is six digits (spaces allowed, as apps show `123 456`); a recovery code is
 * `xxxxx-xxxxx` of the recovery alphabet (read without case, spaces or dashes). The ticket is the
 * sign-in's second-step ticket (43 base64url characters; an unknown one is 401, not 422).
 */
const digits = v.pipe(
  v.string('twoFactor.codeRequired'),
  v.transform((s) => s.replace(/\s/g, '')),
  v.regex(/^\d{6}$/, 'twoFactor.codeFormat'),
);
const anyCode = v.pipe(v.string('twoFactor.codeRequired'), v.trim(), v.nonEmpty('twoFactor.codeRequired'), v.maxLength(32, 'twoFactor.codeFormat'));
const ticket = v.pipe(v.string('validation.required'), v.nonEmpty('validation.required'), v.maxLength(64, 'validation.tooLong'));
const password = v.pipe(v.string('validation.required'), v.nonEmpty('validation.required'), v.maxLength(256, 'validation.tooLong'));
const remember = v.optional(v.boolean('validation.invalidInput'), false);

/** `POST /api/account/two-factor/enable`: the first code of the app just set up. */
export const TotpCodeSchema = v.object({ code: digits }, 'validation.required');

/** `POST /api/account/two-factor/disable` and `/recovery-codes`: the account's current password. */
export const CurrentPasswordSchema = v.object({ password }, 'validation.required');

/** `POST /api/user/login/second-factor`: a TOTP code or a recovery code for the ticket. */
export const SecondFactorSchema = v.object({ ticket, method: v.picklist(['totp', 'recovery'], 'twoFactor.methodInvalid'), code: anyCode, rememberDevice: remember }, 'validation.required');
export type SecondFactorInput = v.InferOutput<typeof SecondFactorSchema>;

/** `POST /api/user/login/two-factor-setup`: the set-up ticket. */
export const SetupTicketSchema = v.object({ ticket }, 'validation.required');

/** `POST /api/user/login/two-factor-setup/confirm`: the first code of the app set up at sign-in. */
export const SetupConfirmSchema = v.object({ ticket, code: digits, rememberDevice: remember }, 'validation.required');
export type SetupConfirmInput = v.InferOutput<typeof SetupConfirmSchema>;

/** What a set-up answers: the secret to type by hand, the otpauth URL and its QR code as SVG. */
export interface TotpSetupAnswer {
  secret: string;
  otpauthUrl: string;
  qrSvg: string;
}

/** `GET /api/account/two-factor`. */
export interface TwoFactorState {
  enabled: boolean;
  enabledAt: string | null;
  recoveryCodesLeft: number;
  passkeys: number;
  /** The account's company requires a second factor of administrators. */
  requiredByCompany: boolean;
}
