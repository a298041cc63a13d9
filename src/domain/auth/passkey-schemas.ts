import * as v from 'valibot';

/**
 * The bodies of the passkey endpoints (decision 091), read by the endpoints and OpenAPI. A
 * WebAuthn `response` is the browser's JSON (@simplewebauthn/browser); here only its shape is
 * checked (an object with a base64url `id` and a `response` object), the library verifies the rest.
 */
export const PASSKEY_NAME_MAX = 80;

const name = v.pipe(v.string('validation.required'), v.trim(), v.nonEmpty('validation.required'), v.maxLength(PASSKEY_NAME_MAX, 'validation.tooLong'));
const base64url = v.pipe(v.string('validation.required'), v.nonEmpty('validation.required'), v.maxLength(2048, 'validation.tooLong'), v.regex(/^[A-Za-z0-9_-]+$/, 'validation.invalidInput'));
const token = v.pipe(v.string('validation.required'), v.nonEmpty('validation.required'), v.maxLength(128, 'validation.tooLong'));

/** A credential as the browser serialises it: checked loosely, verified by the library. */
const WebAuthnResponse = v.looseObject(
  {
    id: base64url,
    rawId: base64url,
    type: v.literal('public-key', 'validation.invalidInput'),
    response: v.looseObject({ clientDataJSON: base64url }, 'validation.required'),
  },
  'validation.required',
);

const notArray = v.custom<unknown>((input) => !Array.isArray(input), 'validation.required');

export const AddPasskeySchema = v.pipe(notArray, v.object({ name, response: WebAuthnResponse }, 'validation.required'));
export const RenamePasskeySchema = v.pipe(notArray, v.object({ name }, 'validation.required'));
export const RemovePasskeySchema = v.pipe(notArray, v.object({ password: v.pipe(v.string('validation.required'), v.nonEmpty('validation.required'), v.maxLength(256, 'validation.tooLong')) }, 'validation.required'));

/** Options of a passkey sign-in: without `ticket` passwordless, with one the second factor of that sign-in. */
export const PasskeySignInOptionsSchema = v.pipe(notArray, v.object({ ticket: v.optional(token) }, 'validation.required'));
export const PasskeySignInSchema = v.pipe(
  notArray,
  v.object({ challenge: token, response: WebAuthnResponse, ticket: v.optional(token), rememberDevice: v.optional(v.boolean('validation.invalidInput')) }, 'validation.required'),
);

export type AddPasskeyInput = v.InferOutput<typeof AddPasskeySchema>;
export type PasskeySignInInput = v.InferOutput<typeof PasskeySignInSchema>;

/** A passkey as the account's list shows it. */
export interface PasskeyDto {
  _id: number;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
  /** 'multiDevice' = synced (e.g. iCloud Keychain, Google Password Manager); 'singleDevice' = bound to one authenticator. */
  deviceType: 'singleDevice' | 'multiDevice' | null;
  backedUp: boolean;
}
