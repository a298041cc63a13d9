import * as v from 'valibot';
import { isGrantable } from '../permissions/grantable.ts';
import { ACTIONS, allPermissions, normalizePermissions, RESOURCES, type AccountType, type Permissions } from '../permissions/permissions.ts';

/**
 * API tokens (issue 22 point 5, decision 057). Pure rules: the shape of a token, what a token may
 * be given, what it may do at the moment of a request, how long it lives and when its last use
 * is written down.
 */

/** `jt_` + 32 random bytes as base64url (43 characters). */
export const API_TOKEN_PREFIX = 'jt_';
export const API_TOKEN_BYTES = 32;
const TOKEN_RE = /^jt_[A-Za-z0-9_-]{43}$/;
export const API_TOKEN_NAME_MAX = 80;
/** The longest life of a token: its expiry date is at most this many days after today. */
export const API_TOKEN_MAX_DAYS = 366;
/** A token's `last_used_at` is written at most once in this many milliseconds. */
export const LAST_USED_EVERY_MS = 60_000;

/** True when a string has the shape of an API token (checked before any hashing or look-up). */
export function isApiToken(value: string | null | undefined): value is string {
  return !!value && TOKEN_RE.test(value);
}

/** True when a bearer credential claims to be an API token (`jt_`), valid or not. */
export function looksLikeApiToken(value: string | null | undefined): boolean {
  return !!value && value.startsWith(API_TOKEN_PREFIX);
}

/** The first characters shown in lists so a holder can tell tokens apart (never enough to use one). */
export function apiTokenHint(token: string): string {
  return token.slice(0, API_TOKEN_PREFIX.length + 4);
}

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar date (`2027-02-29` and `2026-13-01` are not; an invalid Date must not reach toISOString, which throws). */
function isCalendarDate(s: string): boolean {
  if (!DATE_RE.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/** A permission set as the form sends it: `{resource: [action, ...]}`; unknown names are refused. */
const PermissionsInput = v.pipe(
  v.record(v.string(), v.array(v.string('validation.invalidInput'), 'validation.invalidInput'), 'tokens.permissionsRequired'),
  v.check((input) => Object.entries(input).every(([r, actions]) => (RESOURCES as readonly string[]).includes(r) && actions.every((a) => (ACTIONS as readonly string[]).includes(a))), 'tokens.unknownPermission'),
  v.transform((input) => normalizePermissions(input)),
  v.check((p) => Object.keys(p).length > 0, 'tokens.permissionsRequired'),
);

// Not an array: valibot would take a JSON array for an object.
export const CreateApiTokenSchema = v.pipe(
  v.custom<unknown>((input) => !Array.isArray(input), 'validation.required'),
  v.object(
    {
      name: v.pipe(v.string('validation.required'), v.trim(), v.nonEmpty('validation.required'), v.maxLength(API_TOKEN_NAME_MAX, 'validation.tooLong')),
      expiresOn: v.pipe(v.string('validation.required'), v.check(isCalendarDate, 'validation.invalidDate')),
      permissions: PermissionsInput,
    },
    'validation.required',
  ),
);
export type CreateApiTokenInput = v.InferOutput<typeof CreateApiTokenSchema>;

/**
 * Why an expiry date is refused, or undefined: it must be today or later (the token works until
 * the end of that day in the company's zone) and at most `API_TOKEN_MAX_DAYS` after today.
 */
export function expiryRefusal(expiresOn: string, today: string): 'tokens.expiryPast' | 'tokens.expiryTooFar' | undefined {
  if (expiresOn < today) return 'tokens.expiryPast';
  const last = new Date(Date.parse(`${today}T00:00:00Z`) + API_TOKEN_MAX_DAYS * 86_400_000).toISOString().slice(0, 10);
  return expiresOn > last ? 'tokens.expiryTooFar' : undefined;
}

/** Who may hold tokens: Admin and SuperAdmin accounts (an Employee account never). */
export function mayHoldApiTokens(accountType: AccountType): boolean {
  return accountType !== 'Employee';
}

/** True when the creator holds every permission asked for the token (decision 021's rule). */
export function isWithinOwnPermissions(creator: { accountType: AccountType; permissions: Permissions }, asked: Permissions): boolean {
  return isGrantable(creator, asked);
}

/** What an account holds in its own right: a SuperAdmin everything, others their role's permissions. */
export function heldPermissions(account: { accountType: AccountType; permissions: Permissions }): Permissions {
  return account.accountType === 'SuperAdmin' ? allPermissions() : account.permissions;
}

/** The actions present in both sets, in canonical order. */
export function intersectPermissions(a: Permissions, b: Permissions): Permissions {
  const out: Permissions = {};
  for (const resource of RESOURCES) {
    const both = ACTIONS.filter((action) => a[resource]?.includes(action) && b[resource]?.includes(action));
    if (both.length > 0) out[resource] = both;
  }
  return out;
}

export type ApiTokenState = 'active' | 'expired' | 'revoked';

/** A revoked token stays revoked; otherwise it works until (not at) its expiry instant. */
export function apiTokenState(token: { expiresAt: string; revokedAt: string | null }, nowMs: number): ApiTokenState {
  if (token.revokedAt !== null) return 'revoked';
  return nowMs < Date.parse(token.expiresAt) ? 'active' : 'expired';
}

/**
 * What a request made with a token may do: the token's permissions within what its creator holds
 * NOW, as an Admin (never SuperAdmin: the token's list is the whole of its power). Undefined when
 * the creator may no longer act (disabled, or no longer an Admin or SuperAdmin account).
 */
export function tokenPrincipal(token: { permissions: Permissions }, creator: { status: string; accountType: AccountType; permissions: Permissions }): { accountType: 'Admin'; permissions: Permissions } | undefined {
  if (creator.status !== 'enabled' || !mayHoldApiTokens(creator.accountType)) return undefined;
  return { accountType: 'Admin', permissions: intersectPermissions(token.permissions, heldPermissions(creator)) };
}

/**
 * What a token is now, as a request would find it (issue 34 point 6: the list showed "active" for
 * a token whose creator was disabled): revoked, expired, `creatorInactive` (its creator is
 * disabled or no longer an Admin or SuperAdmin account) or active.
 */
export type EffectiveTokenState = ApiTokenState | 'creatorInactive';
export const EFFECTIVE_TOKEN_STATES = ['active', 'expired', 'revoked', 'creatorInactive'] as const satisfies readonly EffectiveTokenState[];

export function effectiveTokenState(token: { expiresAt: string; revokedAt: string | null }, creator: { status: string; accountType: AccountType }, nowMs: number): EffectiveTokenState {
  const state = apiTokenState(token, nowMs);
  if (state !== 'active') return state;
  return creator.status !== 'enabled' || !mayHoldApiTokens(creator.accountType) ? 'creatorInactive' : 'active';
}

/**
 * The permissions a token has now: those it was given that its creator still holds (none when
 * the creator may no longer act). The list shows these, not only those it was given.
 */
export function effectiveTokenPermissions(token: { permissions: Permissions }, creator: { status: string; accountType: AccountType; permissions: Permissions }): Permissions {
  return tokenPrincipal(token, creator)?.permissions ?? {};
}

/**
 * Why a request's `Bearer jt_…` is refused, as the error code a script gets (401): a credential
 * that names no token (malformed or unknown), an expired or revoked token, or one whose creator
 * can no longer act. Never the sign-in message: a script has no one to sign in.
 */
export type TokenRefusal = 'tokens.unknown' | 'tokens.expired' | 'tokens.revoked' | 'tokens.creatorInactive';

export const TOKEN_REFUSALS: Record<EffectiveTokenState, TokenRefusal | null> = {
  active: null,
  expired: 'tokens.expired',
  revoked: 'tokens.revoked',
  creatorInactive: 'tokens.creatorInactive',
};

/** True when the last use (ISO or null) is old enough to be written again at `nowMs`. */
export function lastUsedDue(lastUsedAt: string | null, nowMs: number): boolean {
  return lastUsedAt === null || nowMs - Date.parse(lastUsedAt) >= LAST_USED_EVERY_MS;
}

/**
 * API endpoints a token never reaches, whatever its permissions: the account's own password and
 * sessions, token management itself (a token cannot make or extend tokens), and the personal
 * clock (a punch is the worker's own act at work, decision 067).
 */
export const SESSION_ONLY_API = new Set([
  '/api/account/password',
  '/api/account/sign-out-everywhere',
  // Passkeys are the account's own keys to sign in (decision 091): never a script's.
  '/api/account/passkeys',
  '/api/account/passkeys/options',
  '/api/account/passkeys/{id}',
  '/api/account/passkeys/{id}/remove',
  '/api/user/login/passkey/options',
  '/api/user/login/passkey',
  '/api/account/sessions',
  '/api/account/sessions/{id}',
  // Two-step sign-in (decision 090): the account's own security, never a script's.
  '/api/account/two-factor',
  '/api/account/two-factor/setup',
  '/api/account/two-factor/enable',
  '/api/account/two-factor/disable',
  '/api/account/two-factor/recovery-codes',
  '/api/users/{id}/two-factor',
  '/api/user/login/second-factor',
  '/api/user/login/two-factor-setup',
  '/api/user/login/two-factor-setup/confirm',
  '/api/api-tokens',
  '/api/api-tokens/{id}/revoke',
  '/api/personal/clock',
  '/api/personal/overtime-choice',
  '/api/personal/clock/offline',
  // Time apart is the worker's own statement (issue 38 point 1, decision 080): never a script's.
  '/api/personal/standby',
  '/api/personal/standby/{id}',
  '/api/personal/interruptions',
  '/api/personal/interruptions/{id}',
  // A calendar feed's secret is the worker's own key to their shifts (decision 087).
  '/api/personal/calendar-feed',
]);
