import * as v from 'valibot';
import { strongPassword } from '../auth/auth-schemas.ts';
import type { AccountStatus } from './account-status.ts';

/**
 * Invitations and password resets (issue 36, points 1 and 2; decision 066): one-time links that
 * let a person choose their own password. Pure rules: how long a link lives, what a token looks
 * like, whether a stored link still opens, and the request contracts of the endpoints.
 */

/** An invitation opens for seven days, a password reset for one hour. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60_000;
export const PASSWORD_RESET_TTL_MS = 60 * 60_000;
/** 32 random bytes (256 bits) as base64url: 43 characters. */
export const ACCOUNT_TOKEN_BYTES = 32;
const TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;
/** At most this many employees in one invitation request (the list's "all without an account" included). */
export const MAX_INVITATIONS_AT_ONCE = 1000;

export function isAccountToken(token: string): boolean {
  return TOKEN_RE.test(token);
}

/** Where the worker opens an invitation and a password reset. */
export const invitationPath = (token: string) => `/join/${token}`;
export const passwordResetPath = (token: string) => `/reset-password/${token}`;

export function linkExpiry(createdAt: string, ttlMs: number): string {
  return new Date(Date.parse(createdAt) + ttlMs).toISOString();
}

export type AccountLinkState = 'open' | 'used' | 'revoked' | 'expired';

/** A used link stays used, a revoked one revoked; otherwise it opens until (not at) its expiry. */
export function accountLinkState(link: { usedAt: string | null; revokedAt?: string | null; expiresAt: string }, now: string): AccountLinkState {
  if (link.usedAt !== null) return 'used';
  if (link.revokedAt) return 'revoked';
  return Date.parse(now) < Date.parse(link.expiresAt) ? 'open' : 'expired';
}

const CLOSED_LINK_MESSAGES = {
  invitation: { unknown: 'invitations.linkUnknown', used: 'invitations.linkUsed', revoked: 'invitations.linkRevoked', expired: 'invitations.linkExpired' },
  reset: { unknown: 'passwordReset.linkUnknown', used: 'passwordReset.linkUsed', revoked: 'passwordReset.linkRevoked', expired: 'passwordReset.linkExpired' },
} as const;

/** The i18n key that tells a person why their link does not open. */
export function closedLinkMessage(state: Exclude<AccountLinkState, 'open'> | 'unknown', kind: 'invitation' | 'reset'): string {
  return CLOSED_LINK_MESSAGES[kind][state];
}

// The statuses and their labels live apart, so the employee list does not load this module's schemas.
export { ACCOUNT_STATUSES, ACCOUNT_STATUS_LABELS, type AccountStatus } from './account-status.ts';

export function accountStatus(hasAccount: boolean, latest: { usedAt: string | null; revokedAt: string | null; expiresAt: string } | null, now: string): AccountStatus {
  if (hasAccount) return 'joined';
  if (!latest) return 'none';
  const state = accountLinkState(latest, now);
  return state === 'open' ? 'invited' : state === 'expired' ? 'expired' : 'none';
}

const id = v.pipe(v.number('validation.invalidInput'), v.integer('validation.invalidInput'), v.minValue(1, 'validation.invalidInput'));
const token = v.pipe(v.string('validation.required'), v.regex(TOKEN_RE, 'invitations.linkUnknown'));
const email = v.pipe(v.string('validation.required'), v.trim(), v.nonEmpty('validation.required'), v.maxLength(254, 'validation.invalidEmail'), v.email('validation.invalidEmail'), v.toLowerCase());

/**
 * POST /api/invitations: the chosen employees (`employees`) or every active employee without an
 * account the admin manages (`all: true`), by email or on the printed sheet.
 */
export const InviteSchema = v.pipe(
  v.object(
    {
      employees: v.optional(v.pipe(v.array(id, 'validation.invalidInput'), v.minLength(1, 'invitations.noneChosen'), v.maxLength(MAX_INVITATIONS_AT_ONCE, 'invitations.tooMany'))),
      all: v.optional(v.boolean('validation.invalidInput')),
      delivery: v.optional(v.picklist(['email', 'sheet'], 'validation.invalidInput'), 'email'),
    },
    'validation.required',
  ),
  v.forward(
    v.check((input) => (input.all === true) !== (input.employees !== undefined), 'invitations.noneChosen'),
    ['employees'],
  ),
);
export type InviteInput = v.InferOutput<typeof InviteSchema>;

const newPassword = {
  password: strongPassword,
  confirmPassword: v.pipe(v.string('validation.required'), v.nonEmpty('validation.required')),
};
/**
 * POST /api/invitations/accept: the worker's own password for the account the invitation creates,
 * and the address they sign in with when the employee has none (issue 37; ignored otherwise).
 */
export const AcceptInvitationSchema = v.pipe(
  v.object({ token, ...newPassword, email: v.optional(email) }, 'validation.required'),
  v.forward(
    v.partialCheck([['password'], ['confirmPassword']], (input) => input.password === input.confirmPassword, 'password.mismatch'),
    ['confirmPassword'],
  ),
);
export type AcceptInvitationInput = v.InferOutput<typeof AcceptInvitationSchema>;

/** POST /api/password/forgot. */
export const ForgotPasswordSchema = v.object({ email }, 'validation.required');
export type ForgotPasswordInput = v.InferOutput<typeof ForgotPasswordSchema>;

/** POST /api/password/reset. */
export const ResetPasswordSchema = v.pipe(
  v.object({ token: v.pipe(v.string('validation.required'), v.regex(TOKEN_RE, 'passwordReset.linkUnknown')), ...newPassword }, 'validation.required'),
  v.forward(
    v.partialCheck([['password'], ['confirmPassword']], (input) => input.password === input.confirmPassword, 'password.mismatch'),
    ['confirmPassword'],
  ),
);
export type ResetPasswordInput = v.InferOutput<typeof ResetPasswordSchema>;
