import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import { byName } from '../text-order.ts';
import { employeeEmailColumn, parseEmployeeEmail } from '../stored-formats.ts';

type Executor = Kysely<Database>;

/**
 * Invitations and password resets (migration 0037, decision 066). Only a token's SHA-256 is kept;
 * a use is one conditional UPDATE, so a link is used at most once whatever runs at the same time.
 */

/** What an invitation needs to know of an employee: the address, the company, whether an account exists. */
export async function employeesToInvite(db: Executor, filter: { ids: readonly number[] } | { companyId: number | null }) {
  let q = db
    .selectFrom('employees')
    .innerJoin('companies', 'companies.id', 'employees.companyId')
    .leftJoin('users', 'users.employeeId', 'employees.id')
    .select(['employees.id', 'employees.firstName', 'employees.lastName', 'employees.email', 'employees.companyId', 'companies.name as companyName', 'employees.status', 'users.id as userId'])
    .orderBy(byName('employees.lastName'))
    .orderBy(byName('employees.firstName'))
    .orderBy('employees.id');
  if ('ids' in filter) {
    if (filter.ids.length === 0) return [];
    q = q.where('employees.id', 'in', [...filter.ids]);
  } else {
    q = q.where('employees.status', '=', 'active').where('users.id', 'is', null);
    if (filter.companyId !== null) q = q.where('employees.companyId', '=', filter.companyId);
  }
  return (await q.execute()).map((e) => ({ ...e, email: parseEmployeeEmail(e.email) }));
}

/** The built-in Employee role of a company (a default role still named "Employee"). */
export async function builtInEmployeeRole(db: Executor, companyId: number): Promise<number | undefined> {
  const row = await db.selectFrom('roles').select('id').where('companyId', '=', companyId).where('isDefault', '=', 1).where('name', '=', 'Employee').orderBy('id').executeTakeFirst();
  return row?.id;
}

export async function insertInvitation(
  db: Executor,
  row: { employeeId: number; tokenHash: string; email: string | null; delivery: 'email' | 'sheet'; createdBy: number; createdAt: string; expiresAt: string },
): Promise<number> {
  const inserted = await db
    .insertInto('invitations')
    .values({ ...row, email: employeeEmailColumn(row.email) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** Revokes the employee's invitations still unused (a resend replaces them; a revoke ends them). Returns how many. */
export async function revokeUnusedInvitations(db: Executor, employeeId: number, by: number, at: string): Promise<number> {
  const result = await db.updateTable('invitations').set({ revokedAt: at, revokedBy: by }).where('employeeId', '=', employeeId).where('acceptedAt', 'is', null).where('revokedAt', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Whether the employee has an invitation still open at `now`. */
export async function hasOpenInvitation(db: Executor, employeeId: number, now: string): Promise<boolean> {
  const row = await db.selectFrom('invitations').select('id').where('employeeId', '=', employeeId).where('acceptedAt', 'is', null).where('revokedAt', 'is', null).where('expiresAt', '>', now).executeTakeFirst();
  return row !== undefined;
}

/** The newest invitation of each employee (for the list's "invited" or "expired"). */
export async function latestInvitations(db: Executor, employeeIds: readonly number[]) {
  if (employeeIds.length === 0) return new Map<number, { usedAt: string | null; revokedAt: string | null; expiresAt: string }>();
  const rows = await db
    .selectFrom('invitations')
    .select(['employeeId', 'acceptedAt', 'revokedAt', 'expiresAt'])
    .where('employeeId', 'in', [...employeeIds])
    .orderBy('id')
    .execute();
  return new Map(rows.map((r) => [r.employeeId, { usedAt: r.acceptedAt, revokedAt: r.revokedAt, expiresAt: r.expiresAt }]));
}

/** Which of these employees have an account linked to them. */
export async function employeesWithAccount(db: Executor, employeeIds: readonly number[]): Promise<Set<number>> {
  if (employeeIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('users')
    .select('employeeId')
    .where('employeeId', 'in', [...employeeIds])
    .execute();
  return new Set(rows.map((r) => r.employeeId).filter((id): id is number => id !== null));
}

/** The invitation a token's hash names, with its employee (whatever its state; the caller decides). */
export async function findInvitationByHash(db: Executor, tokenHash: string) {
  const row = await db
    .selectFrom('invitations')
    .innerJoin('employees', 'employees.id', 'invitations.employeeId')
    .select([
      'invitations.id',
      'invitations.employeeId',
      'invitations.email',
      'invitations.acceptedAt',
      'invitations.revokedAt',
      'invitations.expiresAt',
      'employees.firstName',
      'employees.lastName',
      'employees.companyId',
      'employees.status as employeeStatus',
    ])
    .where('invitations.tokenHash', '=', tokenHash)
    .executeTakeFirst();
  // No address: the worker gives the one they will sign in with on accepting (issue 37).
  return row && { ...row, email: parseEmployeeEmail(row.email) };
}

/** Marks the invitation used if it is still open at `at`; false when another request used it first, or it closed. */
export async function claimInvitation(db: Executor, id: number, at: string): Promise<boolean> {
  const result = await db.updateTable('invitations').set({ acceptedAt: at }).where('id', '=', id).where('acceptedAt', 'is', null).where('revokedAt', 'is', null).where('expiresAt', '>', at).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function setInvitationUser(db: Executor, id: number, userId: number): Promise<void> {
  await db.updateTable('invitations').set({ userId }).where('id', '=', id).execute();
}

export async function insertPasswordReset(db: Executor, row: { userId: number; tokenHash: string; createdAt: string; expiresAt: string }): Promise<number> {
  const inserted = await db.insertInto('passwordResets').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

/** A reset a token's hash names, with its account's state. */
export function findPasswordResetByHash(db: Executor, tokenHash: string) {
  return db
    .selectFrom('passwordResets')
    .innerJoin('users', 'users.id', 'passwordResets.userId')
    .select(['passwordResets.id', 'passwordResets.userId', 'passwordResets.usedAt', 'passwordResets.expiresAt', 'users.email', 'users.status'])
    .where('passwordResets.tokenHash', '=', tokenHash)
    .executeTakeFirst();
}

/** Marks the reset used if still open at `at`; false when used already or expired. */
export async function claimPasswordReset(db: Executor, id: number, at: string): Promise<boolean> {
  const result = await db.updateTable('passwordResets').set({ usedAt: at }).where('id', '=', id).where('usedAt', 'is', null).where('expiresAt', '>', at).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A new password ends the account's other open reset links too. */
export async function closePasswordResets(db: Executor, userId: number, at: string): Promise<void> {
  await db.updateTable('passwordResets').set({ usedAt: at }).where('userId', '=', userId).where('usedAt', 'is', null).execute();
}
