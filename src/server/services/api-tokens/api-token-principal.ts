import { apiTokenState, isApiToken, lastUsedDue, tokenPrincipal } from '#domain/api-tokens/api-tokens.ts';
import { nowIso, nowMs } from '../../clock/now.ts';
import { apiTokenHash } from '../../auth/api-token.ts';
import type { Db } from '../../db/connection.ts';
import { findApiTokenWithUser, touchApiToken } from '../../db/repositories/api-tokens.ts';
import { parsePermissions } from '../../db/stored-formats.ts';
import { toSessionUser, type SessionUser } from '../sign-in/session-user.ts';

/**
 * The principal a `Bearer jt_…` request acts as (decision 057), or undefined (401): an unknown,
 * malformed, revoked or expired token, or a creator who is disabled or no longer an admin. It is
 * the creator's account with an Admin's reach and only the token's permissions that the creator
 * still holds now; `apiTokenId` marks it. The last use is written at most once a minute.
 */
export async function apiTokenPrincipal(db: Db, token: string): Promise<SessionUser | undefined> {
  if (!isApiToken(token)) return undefined;
  const row = await findApiTokenWithUser(db, apiTokenHash(token));
  if (!row) return undefined;
  const now = nowMs();
  if (apiTokenState(row, now) !== 'active') return undefined;
  const creator = toSessionUser(row);
  const principal = tokenPrincipal({ permissions: parsePermissions(row.tokenPermissions) }, { status: row.status, accountType: creator.accountType, permissions: creator.permissions });
  if (!principal) return undefined;
  if (lastUsedDue(row.lastUsedAt, now)) await touchApiToken(db, row.tokenId, nowIso());
  return { ...creator, ...principal, apiTokenId: row.tokenId };
}
