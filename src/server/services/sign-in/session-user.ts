import type { AccountType, Permissions } from '#domain/permissions/permissions.ts';
import { parsePermissions } from '../../db/stored-formats.ts';
import type { SessionUserDto } from '#domain/auth/session-user-dto.ts';
import type { Db } from '../../db/connection.ts';

export type { SessionUserDto };
import type { UserWithRole } from '../../db/repositories/users.ts';
import { findSessionWithUser } from '../../db/repositories/sessions.ts';
import { noteSessionSeen } from './session-last-seen.ts';
import { unsealSession } from '../../auth/session-token.ts';
import { sessionNow } from './start-session.ts';

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
  /** Set when the request came with an API token (decision 057): its id; the account is its creator. */
  apiTokenId?: number;
}

export function toSessionUser(row: UserWithRole): SessionUser {
  // A damaged role grants nothing.
  const permissions: Permissions = parsePermissions(row.rolePermissions);
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

/** A live session: its id (the `sessions` row) and its user. */
export interface LoadedSession {
  id: string;
  user: SessionUser;
}

/**
 * Resolves a token to its session and user, with one primary-key lookup (session, user and role
 * joined). Undefined when the token is invalid, its session was ended (signed out, ended by an
 * administrator or by "sign out everywhere") or has expired, the user is disabled, or the user's
 * session version moved on after the session began (password or account type changed). The
 * session's last-seen time is written at most once a minute (best effort, decision 093).
 */
export async function loadSession(db: Db, token: string | undefined): Promise<LoadedSession | undefined> {
  const claims = await unsealSession(token);
  if (!claims) return undefined;
  const row = await findSessionWithUser(db, claims.sid, new Date(sessionNow()).toISOString());
  if (!row || row.status !== 'enabled' || row.sessionVersion !== row.sessionSv) return undefined;
  await noteSessionSeen(db, claims.sid, row.sessionLastSeenAt);
  return { id: claims.sid, user: toSessionUser(row) };
}
