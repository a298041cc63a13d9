import * as v from 'valibot';
import { CreateApiTokenSchema, EFFECTIVE_TOKEN_STATES } from '../../api-tokens/api-tokens.ts';
import { ChangePasswordSchema } from '../../auth/auth-schemas.ts';
import { AddPasskeySchema, RemovePasskeySchema, RenamePasskeySchema } from '../../auth/passkey-schemas.ts';
import { SessionUserRecord } from '../../auth/sign-in-contract.ts';
import { CurrentPasswordSchema, TotpCodeSchema } from '../../auth/two-factor-schemas.ts';
import { LANGUAGES } from '#i18n/languages.ts';
import { NOTIFICATION_KINDS } from '../../notifications/notification-kinds.ts';
import { AccountNotificationsInput } from '../../notifications/notification-preferences.ts';
import { PermissionsRecord } from '../../permissions/permissions-schema.ts';
import { contract, listOf, MessageAnswer, savedOf } from '../contract.ts';
import { CredentialDescriptor, TotpSetupRecord } from './sign-in.ts';

/** One of the account's passkeys (`PasskeyDto`). */
export const PasskeyRecord = v.object({
  _id: v.number(),
  name: v.string(),
  createdAt: v.string(),
  lastUsedAt: v.nullable(v.string()),
  deviceType: v.pipe(v.nullable(v.picklist(['singleDevice', 'multiDevice'])), v.description('`multiDevice`: synced (a password manager); `singleDevice`: bound to one authenticator.')),
  backedUp: v.boolean(),
});

/** `PublicKeyCredentialCreationOptionsJSON` (WebAuthn Level 3): what `navigator.credentials.create` takes. */
const PasskeyCreationOptions = v.pipe(
  v.looseObject({
    rp: v.object({ name: v.string(), id: v.optional(v.string()) }),
    user: v.object({ id: v.string(), name: v.string(), displayName: v.string() }),
    challenge: v.string(),
    pubKeyCredParams: v.array(v.object({ alg: v.number(), type: v.string() })),
    timeout: v.optional(v.number()),
    excludeCredentials: v.optional(v.array(CredentialDescriptor)),
    authenticatorSelection: v.optional(v.unknown()),
    hints: v.optional(v.array(v.string())),
    attestation: v.optional(v.string()),
    extensions: v.optional(v.unknown()),
  }),
  v.description('PublicKeyCredentialCreationOptionsJSON (WebAuthn Level 3).'),
);

/** One of the account's live sessions (`AccountSessionDto`). */
export const AccountSessionRecord = v.object({
  id: v.pipe(v.string(), v.description('Its public name (never the secret session id): what `DELETE /api/account/sessions/{id}` takes.')),
  device: v.pipe(v.string(), v.description('Browser and system ("Chrome 131 · Android"), `?` when unknown.')),
  address: v.nullable(v.string()),
  createdAt: v.string(),
  lastSeenAt: v.pipe(v.nullable(v.string()), v.description('Last request, written at most once a minute.')),
  method: v.pipe(v.nullable(v.string()), v.description('How it was signed in; null for older sessions.')),
  current: v.pipe(v.boolean(), v.description('The session making this request.')),
});

/** The account's two-step sign-in (`TwoFactorState`). */
export const TwoFactorStateRecord = v.object({
  enabled: v.boolean(),
  enabledAt: v.nullable(v.string()),
  recoveryCodesLeft: v.number(),
  passkeys: v.number(),
  requiredByCompany: v.pipe(v.boolean(), v.description('The account’s company requires a second factor of administrators.')),
});

/** The account's own notification choices (`AccountNotificationsDto`). */
export const AccountNotificationsRecord = v.object({
  language: v.pipe(v.nullable(v.picklist(LANGUAGES)), v.description('The language of its emails; null = the company’s.')),
  kinds: v.pipe(v.array(v.object({ kind: v.picklist(NOTIFICATION_KINDS), muted: v.boolean() })), v.description('The kinds this account may mute, each with its state.')),
  email: v.pipe(v.string(), v.description('The address messages go to (the account’s email).')),
});

/** An API token as listed (`ApiTokenView`); never its secret. */
export const ApiTokenRecord = v.object({
  _id: v.number(),
  name: v.string(),
  hint: v.pipe(v.string(), v.description('The token’s first characters, to tell tokens apart.')),
  userId: v.number(),
  userName: v.string(),
  mine: v.boolean(),
  permissions: v.pipe(PermissionsRecord, v.description('What the token may do now: the permissions it was given that its creator still holds.')),
  grantedPermissions: v.pipe(PermissionsRecord, v.description('The permissions it was given when made.')),
  createdAt: v.string(),
  expiresAt: v.string(),
  revokedAt: v.nullable(v.string()),
  lastUsedAt: v.nullable(v.string()),
  state: v.picklist(EFFECTIVE_TOKEN_STATES),
});

/** A token just made: the only time its secret is answered. */
const CreatedApiTokenRecord = v.object({
  _id: v.number(),
  name: v.string(),
  createdAt: v.string(),
  expiresAt: v.string(),
  permissions: PermissionsRecord,
  token: v.pipe(v.string(), v.description('The secret (`jt_…`), shown only this once.')),
});

const RecoveryCodesAnswer = v.object({ recoveryCodes: v.pipe(v.array(v.string()), v.description('Ten one-use codes, shown only this once.')), message: v.string() });

export const ACCOUNT_CONTRACTS = {
  'GET /api/me': contract({ summary: 'The signed-in user, in the sign-in answer’s shape', answer: v.object({ user: SessionUserRecord }) }),
  'POST /api/account/password': contract({
    summary: 'Change the password: ends the other sessions and renews this one',
    body: ChangePasswordSchema,
    answer: v.object({ accessToken: v.string(), message: v.string() }),
    errors: [429],
  }),
  'POST /api/account/sign-out-everywhere': contract({
    summary: 'End every other session of the account',
    answer: v.object({ ended: v.pipe(v.number(), v.description('How many sessions were ended.')), message: v.string() }),
  }),
  'GET /api/account/passkeys': contract({ summary: 'The account’s passkeys', answer: v.object({ data: v.array(PasskeyRecord) }) }),
  'POST /api/account/passkeys/options': contract({ summary: 'Start adding a passkey: options for the browser', answer: v.object({ options: PasskeyCreationOptions }) }),
  'POST /api/account/passkeys': contract({
    summary: 'Store the passkey the browser made',
    body: AddPasskeySchema,
    answer: v.object({
      data: PasskeyRecord,
      recoveryCodes: v.pipe(v.optional(v.array(v.string())), v.description('With the account’s first second factor: ten one-use codes, shown only this once.')),
      message: v.string(),
    }),
    status: 201,
    errors: [409],
  }),
  'PATCH /api/account/passkeys/{id}': contract({ summary: 'Rename a passkey', body: RenamePasskeySchema, answer: MessageAnswer }),
  'POST /api/account/passkeys/{id}/remove': contract({ summary: 'Remove a passkey', body: RemovePasskeySchema, answer: MessageAnswer, errors: [409, 429] }),
  'GET /api/account/sessions': contract({ summary: 'The account’s live sessions', answer: v.object({ data: v.array(AccountSessionRecord) }) }),
  'DELETE /api/account/sessions/{id}': contract({
    summary: 'End one of the account’s sessions (this one signs this browser out)',
    answer: v.object({ current: v.pipe(v.boolean(), v.description('It was the session making this request.')), message: v.string() }),
  }),
  'GET /api/account/two-factor': contract({ summary: 'The account’s two-step sign-in', answer: v.object({ data: TwoFactorStateRecord }) }),
  'POST /api/account/two-factor/setup': contract({ summary: 'A new TOTP secret to scan (TOTP stays off until enabled)', answer: v.object({ data: TotpSetupRecord }), errors: [409] }),
  'POST /api/account/two-factor/enable': contract({ summary: 'Turn TOTP on with the app’s first code', body: TotpCodeSchema, answer: RecoveryCodesAnswer, errors: [409, 429] }),
  'POST /api/account/two-factor/disable': contract({ summary: 'Turn TOTP off', body: CurrentPasswordSchema, answer: MessageAnswer, errors: [409, 429] }),
  'POST /api/account/two-factor/recovery-codes': contract({
    summary: 'Ten new recovery codes replace the old ones',
    body: CurrentPasswordSchema,
    answer: RecoveryCodesAnswer,
    errors: [409, 429],
  }),
  'GET /api/account/notifications': contract({ summary: 'The account’s own notification choices', answer: v.object({ data: AccountNotificationsRecord }) }),
  'PUT /api/account/notifications': contract({ body: AccountNotificationsInput, answer: savedOf(AccountNotificationsRecord) }),
  'GET /api/api-tokens': contract({ summary: 'The account’s API tokens (everyone’s with setting.update), never their secret', answer: listOf(ApiTokenRecord) }),
  'POST /api/api-tokens': contract({ summary: 'Make an API token', body: CreateApiTokenSchema, answer: savedOf(CreatedApiTokenRecord), status: 201 }),
  'POST /api/api-tokens/{id}/revoke': contract({ summary: 'Revoke a token: it stops working at once', answer: MessageAnswer }),
} as const;
