import { effectiveTokenState, isApiToken, lastUsedDue, TOKEN_REFUSALS, tokenPrincipal, type TokenRefusal } from '#domain/api-tokens/api-tokens.ts';
import { nowIso, nowMs } from '../../clock/now.ts';
import { apiTokenHash } from '../../auth/api-token.ts';
import type { Db } from '../../db/connection.ts';
import { findApiTokenWithUser, touchApiToken } from '../../db/repositories/api-tokens.ts';
import { parsePermissions } from '../../db/stored-formats.ts';
import { toSessionUser, type SessionUser } from '../sign-in/session-user.ts';

/**
 * The principal a `Bearer jt_…` request acts as (decision 057), or why it is refused (401 with
 * that code, a message meant for a script): `tokens.unknown` (malformed or no such token),
 * `tokens.expired`, `tokens.revoked`, `tokens.creatorInactive` (its creator is disabled or no
 * longer an admin). It is the creator's account with an Admin's reach and only the token's
 * permissions that the creator still holds now; `apiTokenId` marks it. The last use is written at
 * most once a minute.
 */
export async function apiTokenPrincipal(db: Db, token: string): Promise<{ user: SessionUser } | { refusal: TokenRefusal }> {
  if (!isApiToken(token)) return { refusal: 'tokens.unknown' };
  const row = await findApiTokenWithUser(db, apiTokenHash(token));
  if (!row) return { refusal: 'tokens.unknown' };
  const now = nowMs();
  const creator = toSessionUser(row);
  const refusal = TOKEN_REFUSALS[effectiveTokenState(row, { status: row.status, accountType: creator.accountType }, now)];
  if (refusal) return { refusal };
  const principal = tokenPrincipal({ permissions: parsePermissions(row.tokenPermissions) }, { status: row.status, accountType: creator.accountType, permissions: creator.permissions });
  if (!principal) return { refusal: 'tokens.creatorInactive' };
  if (lastUsedDue(row.lastUsedAt, now)) await touchApiToken(db, row.tokenId, nowIso());
  return { user: { ...creator, ...principal, apiTokenId: row.tokenId } };
}
