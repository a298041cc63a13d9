import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import { USER_WITH_ROLE_COLUMNS } from './users.ts';

type Executor = Kysely<Database>;

/** Columns a holder sees of a token (never its hash). */
const TOKEN_COLUMNS = [
  'apiTokens.id',
  'apiTokens.name',
  'apiTokens.hint',
  'apiTokens.userId',
  'apiTokens.permissions',
  'apiTokens.createdAt',
  'apiTokens.expiresAt',
  'apiTokens.revokedAt',
  'apiTokens.lastUsedAt',
] as const;

export async function insertApiToken(db: Executor, token: { name: string; tokenHash: string; hint: string; userId: number; permissions: string; createdAt: string; expiresAt: string }): Promise<number> {
  const row = await db.insertInto('apiTokens').values(token).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Tokens, newest first, with their creator's name, status, account type and role permissions as
 * they are now (what the token may do depends on them): one user's (`userId`) or everyone's.
 */
export function listApiTokens(db: Executor, userId?: number) {
  let query = db
    .selectFrom('apiTokens')
    .innerJoin('users', 'users.id', 'apiTokens.userId')
    .innerJoin('roles', 'roles.id', 'users.roleId')
    .select([...TOKEN_COLUMNS, 'users.name as userName', 'users.status as userStatus', 'users.accountType as userAccountType', 'roles.permissions as rolePermissions']);
  if (userId !== undefined) query = query.where('apiTokens.userId', '=', userId);
  return query.orderBy('apiTokens.createdAt', 'desc').orderBy('apiTokens.id', 'desc').execute();
}

export function findApiToken(db: Executor, id: number) {
  return db
    .selectFrom('apiTokens')
    .select([...TOKEN_COLUMNS])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The token a hash names, with its creator's account and role as they are now (one look-up). */
export function findApiTokenWithUser(db: Executor, tokenHash: string) {
  return db
    .selectFrom('apiTokens')
    .innerJoin('users', 'users.id', 'apiTokens.userId')
    .innerJoin('roles', 'roles.id', 'users.roleId')
    .select(['apiTokens.id as tokenId', 'apiTokens.permissions as tokenPermissions', 'apiTokens.expiresAt', 'apiTokens.revokedAt', 'apiTokens.lastUsedAt', ...USER_WITH_ROLE_COLUMNS])
    .where('apiTokens.tokenHash', '=', tokenHash)
    .executeTakeFirst();
}

export async function revokeApiToken(db: Executor, id: number, by: number, at: string): Promise<void> {
  await db.updateTable('apiTokens').set({ revokedAt: at, revokedBy: by }).where('id', '=', id).where('revokedAt', 'is', null).execute();
}

export async function touchApiToken(db: Executor, id: number, at: string): Promise<void> {
  await db.updateTable('apiTokens').set({ lastUsedAt: at }).where('id', '=', id).execute();
}
