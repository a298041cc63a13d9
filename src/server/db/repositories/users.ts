import type { Db } from '../connection.ts';
import type { Database, NewUser } from '../schema.ts';
import type { Kysely } from 'kysely';
import { untrustUserDevices } from './user-devices.ts';

type Executor = Db | Kysely<Database>;

/** The columns of a user with their role, as the session needs them (users joined to roles). */
export const USER_WITH_ROLE_COLUMNS = [
  'users.id',
  'users.name',
  'users.email',
  'users.passwordHash',
  'users.status',
  'users.accountType',
  'users.companyId',
  'users.employeeId',
  'users.image',
  'users.sessionVersion',
  'roles.id as roleId',
  'roles.name as roleName',
  'roles.permissions as rolePermissions',
] as const;

/** A user with the permissions of their role, as the session needs it. */
export async function findUserWithRole(db: Executor, by: { id: number } | { email: string }) {
  let query = db.selectFrom('users').innerJoin('roles', 'roles.id', 'users.roleId').select(USER_WITH_ROLE_COLUMNS);
  query = 'id' in by ? query.where('users.id', '=', by.id) : query.where('users.email', '=', by.email.toLowerCase());
  return query.executeTakeFirst();
}
export type UserWithRole = NonNullable<Awaited<ReturnType<typeof findUserWithRole>>>;

export async function countUsers(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function emailExists(db: Executor, email: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('email', '=', email.toLowerCase()).executeTakeFirst();
  return row !== undefined;
}

export async function insertUser(db: Executor, user: NewUser): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({ ...user, email: user.email.toLowerCase() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function recordSignIn(db: Executor, id: number, at: string): Promise<void> {
  await db.updateTable('users').set({ lastSignInAt: at }).where('id', '=', id).execute();
}

/**
 * Ends every session of the user issued before now (and every sign-in ticket), and forgets the
 * user's remembered browsers: after a password change or reset, a password set by an
 * administrator or "end every session", the second factor is asked again everywhere, so a
 * browser that was trusted cannot skip it with the new password (decision 090). Returns the new
 * version.
 */
export async function bumpSessionVersion(db: Executor, id: number, at: string): Promise<number> {
  const row = await db
    .updateTable('users')
    .set((eb) => ({ sessionVersion: eb('sessionVersion', '+', 1), updatedAt: at }))
    .where('id', '=', id)
    .returning('sessionVersion')
    .executeTakeFirstOrThrow();
  await untrustUserDevices(db, id);
  return row.sessionVersion;
}

export async function setPasswordHash(db: Executor, id: number, passwordHash: string, at: string): Promise<void> {
  await db.updateTable('users').set({ passwordHash, updatedAt: at }).where('id', '=', id).execute();
}

/** The names of the given users, by id (a list's "who" column); unknown ids are left out. */
export async function userNamesByIds(db: Executor, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'name'])
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((u) => [u.id, u.name]));
}
