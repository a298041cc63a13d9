import { normalizePermissions, type AccountType, type Permissions } from '../../domain/permissions/permissions.ts';
import type { SessionUserDto } from '../../domain/auth/session-user-dto.ts';
import type { Db } from '../db/connection.ts';

export type { SessionUserDto };
import { findUserWithRole, type UserWithRole } from '../db/repositories/users.ts';
import { unsealSession } from '../auth/session-token.ts';

/** The signed-in user as pages and endpoints see it (`Astro.locals.user`). */
export interface SessionUser {
  id: number;
  name: string;
  email: string;
  image: string | null;
  accountType: AccountType;
  permissions: Permissions;
  roleId: number;
  roleName: string;
  companyId: number | null;
  employeeId: number | null;
}


export function toSessionUser(row: UserWithRole): SessionUser {
  let permissions: Permissions = {};
  try {
    permissions = normalizePermissions(JSON.parse(row.rolePermissions));
  } catch {
    // A damaged role grants nothing.
  }
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    image: row.image,
    accountType: row.accountType,
    permissions,
    roleId: row.roleId,
    roleName: row.roleName,
    companyId: row.companyId,
    employeeId: row.employeeId,
  };
}

export function toSessionUserDto(user: SessionUser): SessionUserDto {
  return {
    _id: user.id,
    full_name: user.name,
    email: user.email,
    image: user.image,
    account_type: user.accountType,
    role: user.permissions,
  };
}

/**
 * Resolves a token to its user. Undefined when the token is invalid or expired, the user is gone
 * or disabled, or the user's session version moved on (signed out everywhere, password changed).
 */
export async function loadSessionUser(db: Db, token: string | undefined): Promise<SessionUser | undefined> {
  const claims = await unsealSession(token);
  if (!claims) return undefined;
  const row = await findUserWithRole(db, { id: claims.uid });
  if (!row || row.status !== 'enabled' || row.sessionVersion !== claims.sv) return undefined;
  return toSessionUser(row);
}
