import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import { parseEmployeeEmail } from '../stored-formats.ts';

export interface RecipientAccount {
  userId: number;
  email: string;
  language: string | null;
  accountType: string;
  companyId: number | null;
  rolePermissions: string;
}

/** Enabled accounts by id, with what deciding on their emails needs. */
export async function findRecipientAccounts(db: Kysely<Database>, userIds: readonly number[]): Promise<RecipientAccount[]> {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('users')
    .innerJoin('roles', 'roles.id', 'users.roleId')
    .select(['users.id as userId', 'users.email', 'users.language', 'users.accountType', 'users.companyId', 'roles.permissions as rolePermissions'])
    .where('users.id', 'in', userIds)
    .where('users.status', '=', 'enabled')
    .execute();
}

/** Enabled administrator accounts (Admin, SuperAdmin) of a company or of every company. */
export async function findAdminAccounts(db: Kysely<Database>, companyId: number): Promise<RecipientAccount[]> {
  return db
    .selectFrom('users')
    .innerJoin('roles', 'roles.id', 'users.roleId')
    .select(['users.id as userId', 'users.email', 'users.language', 'users.accountType', 'users.companyId', 'roles.permissions as rolePermissions'])
    .where('users.status', '=', 'enabled')
    .where('users.accountType', 'in', ['Admin', 'SuperAdmin'])
    .where((eb) => eb.or([eb('users.companyId', 'is', null), eb('users.companyId', '=', companyId)]))
    .orderBy('users.id')
    .execute();
}

export interface EmployeeRecipient {
  employeeId: number;
  companyId: number;
  /** The employee's own address; null when they have none (issue 37). */
  email: string | null;
  companyEmail: string | null;
  /** The enabled account linked to the employee, if any. */
  userId: number | null;
  userEmail: string | null;
  userLanguage: string | null;
}

/** An employee with their linked, enabled account (the first one when several). */
export async function findEmployeeRecipient(db: Kysely<Database>, employeeId: number): Promise<EmployeeRecipient | undefined> {
  const employee = await db.selectFrom('employees').select(['id', 'companyId', 'email', 'companyEmail']).where('id', '=', employeeId).executeTakeFirst();
  if (!employee) return undefined;
  const user = await db.selectFrom('users').select(['id', 'email', 'language']).where('employeeId', '=', employeeId).where('status', '=', 'enabled').orderBy('id').executeTakeFirst();
  return {
    employeeId: employee.id,
    companyId: employee.companyId,
    email: parseEmployeeEmail(employee.email),
    companyEmail: employee.companyEmail,
    userId: user?.id ?? null,
    userEmail: user?.email ?? null,
    userLanguage: user?.language ?? null,
  };
}
