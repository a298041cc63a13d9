import { effectiveTokenPermissions, effectiveTokenState, type EffectiveTokenState } from '#domain/api-tokens/api-tokens.ts';
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
  /** What the token may do now: the permissions it was given that its creator still holds. */
  permissions: Permissions;
  /** The permissions it was given when made. */
  grantedPermissions: Permissions;
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
  lastUsedAt: string | null;
  /** As a request would find it: active, expired, revoked, or `creatorInactive` (creator disabled or no longer an admin). */
  state: EffectiveTokenState;
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
  return rows.map((r) => {
    const granted = parsePermissions(r.permissions);
    const creator = { status: r.userStatus, accountType: r.userAccountType, permissions: parsePermissions(r.rolePermissions) };
    return {
      _id: r.id,
      name: r.name,
      hint: r.hint,
      userId: r.userId,
      userName: r.userName,
      mine: r.userId === user.id,
      permissions: effectiveTokenPermissions({ permissions: granted }, creator),
      grantedPermissions: granted,
      createdAt: r.createdAt,
      expiresAt: r.expiresAt,
      revokedAt: r.revokedAt,
      lastUsedAt: r.lastUsedAt,
      state: effectiveTokenState(r, creator, now),
    };
  });
}
