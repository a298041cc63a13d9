import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';

type Executor = Kysely<Database>;

/** OpenID Connect links (migration 0053, decision 092): one account per (issuer, subject). */
export async function findIdentityUser(db: Executor, issuer: string, subject: string): Promise<number | undefined> {
  const row = await db.selectFrom('userIdentities').select('userId').where('issuer', '=', issuer).where('subject', '=', subject).executeTakeFirst();
  return row?.userId;
}

export async function insertIdentity(db: Executor, row: { userId: number; issuer: string; subject: string; email: string; at: string }): Promise<void> {
  await db.insertInto('userIdentities').values({ userId: row.userId, issuer: row.issuer, subject: row.subject, email: row.email, createdAt: row.at, lastUsedAt: row.at }).execute();
}

export async function touchIdentity(db: Executor, issuer: string, subject: string, email: string, at: string): Promise<void> {
  await db.updateTable('userIdentities').set({ email, lastUsedAt: at }).where('issuer', '=', issuer).where('subject', '=', subject).execute();
}

/** Active employees with this address (any case) and whether an account is already linked to each. */
export async function activeEmployeesByEmail(db: Executor, email: string) {
  return db
    .selectFrom('employees')
    .leftJoin('users', 'users.employeeId', 'employees.id')
    .select(['employees.id', 'employees.firstName', 'employees.lastName', 'employees.companyId', 'users.id as userId'])
    .where((eb) => eb(eb.fn('lower', ['employees.email']), '=', email.toLowerCase()))
    .where('employees.status', '=', 'active')
    .where('employees.purgedAt', 'is', null)
    .execute();
}
