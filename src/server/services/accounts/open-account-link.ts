import { accountLinkState, isAccountToken, type AccountLinkState } from '#domain/accounts/account-links.ts';
import { nowIso } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { findInvitationByHash, findPasswordResetByHash } from '../../db/repositories/account-links.ts';
import { accountTokenHash } from './account-token.ts';

/** `email` null: an invitation of a worker without an address, who gives the one to sign in with (issue 37). */
export type LinkView = { state: 'open'; firstName: string; email: string | null } | { state: Exclude<AccountLinkState, 'open'> | 'unknown' };

/**
 * What the invitation page shows for a token (decision 066): the worker's first name and the
 * address they will sign in with while it is open, else why it does not open. An invitation of an
 * archived employee, or of one who has an account by now, reads as used.
 */
export async function openInvitation(db: Db, token: string): Promise<LinkView> {
  if (!isAccountToken(token)) return { state: 'unknown' };
  const row = await findInvitationByHash(db, accountTokenHash(token));
  if (!row) return { state: 'unknown' };
  const state = row.employeeStatus !== 'active' ? 'revoked' : accountLinkState({ usedAt: row.acceptedAt, revokedAt: row.revokedAt, expiresAt: row.expiresAt }, nowIso());
  return state === 'open' ? { state, firstName: row.firstName, email: row.email } : { state };
}

/** What the password reset page shows for a token: open (with the account's address) or why not. */
export async function openPasswordReset(db: Db, token: string): Promise<LinkView> {
  if (!isAccountToken(token)) return { state: 'unknown' };
  const row = await findPasswordResetByHash(db, accountTokenHash(token));
  if (!row) return { state: 'unknown' };
  const state = row.status !== 'enabled' ? 'revoked' : accountLinkState({ usedAt: row.usedAt, expiresAt: row.expiresAt }, nowIso());
  return state === 'open' ? { state, firstName: '', email: row.email } : { state };
}
