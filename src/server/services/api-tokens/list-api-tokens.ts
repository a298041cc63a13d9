import { apiTokenState, type ApiTokenState } from '#domain/api-tokens/api-tokens.ts';
import { hasAuthority, type Permissions } from '#domain/permissions/permissions.ts';
import { nowMs } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { listApiTokens } from '../../db/repositories/api-tokens.ts';
import { parsePermissions } from '../../db/stored-formats.ts';
import type { SessionUser } from '../sign-in/session-user.ts';

export interface ApiTokenView {
  _id: number;
  name: string;
  hint: string;
  userId: number;
  userName: string;
  mine: boolean;
  permissions: Permissions;
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
  lastUsedAt: string | null;
  state: ApiTokenState;
}

/** True when the account sees and revokes every account's tokens (setting.update), not only its own. */
export function managesAllApiTokens(user: SessionUser): boolean {
  return hasAuthority(user.accountType, user.permissions, ['setting.update']);
}

/**
 * The tokens an account sees, never their secret: its own; with setting.update everyone's, so a
 * departing colleague's tokens can be revoked. An Employee account has none.
 */
export async function apiTokens(db: Db, user: SessionUser): Promise<ApiTokenView[]> {
  if (user.accountType === 'Employee') return [];
  const now = nowMs();
  const rows = await listApiTokens(db, managesAllApiTokens(user) ? undefined : user.id);
  return rows.map((r) => ({
    _id: r.id,
    name: r.name,
    hint: r.hint,
    userId: r.userId,
    userName: r.userName,
    mine: r.userId === user.id,
    permissions: parsePermissions(r.permissions),
    createdAt: r.createdAt,
    expiresAt: r.expiresAt,
    revokedAt: r.revokedAt,
    lastUsedAt: r.lastUsedAt,
    state: apiTokenState(r, now),
  }));
}
