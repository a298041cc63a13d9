import { type ListQuery } from '#domain/lists/list-query.ts';
import { containsText } from '../like.ts';
import { ACCOUNT_TYPES, USER_STATUSES } from '#domain/users/user-schemas.ts';
import type { Db } from '../connection.ts';
import type { AccountType } from '../schema.ts';
import type { UserDto } from '#domain/api/records.ts';
import { sortDirection } from '../sort-direction.ts';
import { byName } from '../text-order.ts';

export type { UserDto };

/** The stored fields a user update writes (the hash only when the password changes). */
export interface UserWrite {
  name: string;
  email: string;
  roleId: number;
  status: 'enabled' | 'disabled';
  accountType: AccountType;
  companyId: number | null;
  employeeId: number | null;
}

export const USER_SORT = {
  name: byName('users.name'),
  email: 'users.email',
  status: 'users.status',
  accountType: 'users.accountType',
  role: byName('roles.name'),
  lastSignInAt: 'users.lastSignInAt',
  createdAt: 'users.createdAt',
} as const;

function base(db: Db) {
  return db.selectFrom('users').innerJoin('roles', 'roles.id', 'users.roleId').leftJoin('companies', 'companies.id', 'users.companyId').leftJoin('employees', 'employees.id', 'users.employeeId');
}

function select(q: ReturnType<typeof base>) {
  return q.select([
    'users.id',
    'users.name',
    'users.email',
    'users.roleId',
    'roles.name as roleName',
    'users.status',
    'users.accountType',
    'users.companyId',
    'companies.name as companyName',
    'users.employeeId',
    'employees.firstName',
    'employees.lastName',
    'users.image',
    'users.lastSignInAt',
    'users.createdAt',
  ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];
const toDto = (r: Row): UserDto => ({
  _id: r.id,
  name: r.name,
  email: r.email,
  role: r.roleId,
  roleName: r.roleName,
  status: r.status,
  accountType: r.accountType,
  company: r.companyId,
  companyName: r.companyName,
  employee: r.employeeId,
  employeeName: r.firstName === null ? null : `${r.firstName} ${r.lastName ?? ''}`.trim(),
  image: r.image,
  lastSignInAt: r.lastSignInAt,
  createdAt: r.createdAt,
});

/** Search by name or email; filters `role` (id), `status`, `accountType`, `company` (id). */
export async function listUserRecords(db: Db, query: ListQuery): Promise<{ data: UserDto[]; total: number }> {
  let q = base(db);
  if (query.q) q = q.where((eb) => eb.or([containsText('users.name', query.q), containsText('users.email', query.q)]));
  const role = Number(query.filters['role']);
  if (Number.isInteger(role) && role > 0) q = q.where('users.roleId', '=', role);
  const company = Number(query.filters['company']);
  if (Number.isInteger(company) && company > 0) q = q.where('users.companyId', '=', company);
  const status = USER_STATUSES.find((s) => s === query.filters['status']);
  if (status) q = q.where('users.status', '=', status);
  const accountType = ACCOUNT_TYPES.find((a) => a === query.filters['accountType']);
  if (accountType) q = q.where('users.accountType', '=', accountType);
  const total = Number((await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n ?? 0);
  const rows = await select(q)
    .orderBy(USER_SORT[query.sort as keyof typeof USER_SORT], sortDirection(query.dir))
    .orderBy('users.id')
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .execute();
  return { total, data: rows.map(toDto) };
}

export async function findUserRecord(db: Db, id: number): Promise<UserDto | undefined> {
  const row = await select(base(db)).where('users.id', '=', id).executeTakeFirst();
  return row && toDto(row);
}

/** Id of the user holding this email (stored lower-cased), if any. */
export async function userIdByEmail(db: Db, email: string): Promise<number | undefined> {
  return (await db.selectFrom('users').select('id').where('email', '=', email.toLowerCase()).executeTakeFirst())?.id;
}

/** Id of the user linked to this employee record, if any. */
export async function userIdByEmployee(db: Db, employeeId: number): Promise<number | undefined> {
  return (await db.selectFrom('users').select('id').where('employeeId', '=', employeeId).executeTakeFirst())?.id;
}

export async function countEnabledSuperAdmins(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('accountType', '=', 'SuperAdmin')
    .where('status', '=', 'enabled')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function rowExists(db: Db, table: 'roles' | 'companies' | 'employees', id: number): Promise<boolean> {
  return (await db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

export async function updateUserRecord(db: Db, id: number, write: UserWrite, passwordHash: string | undefined, at: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...write, email: write.email.toLowerCase(), ...(passwordHash ? { passwordHash } : {}), updatedAt: at })
    .where('id', '=', id)
    .execute();
}

export async function deleteUserRecord(db: Db, id: number): Promise<void> {
  await db.deleteFrom('users').where('id', '=', id).execute();
}

/** Which accounts the user accounts report lists. Absent fields do not filter. */
export interface UserAccountFilter {
  accountType?: AccountType | undefined;
  status?: 'enabled' | 'disabled' | undefined;
  roleId?: number | undefined;
  /** Only accounts that never signed in. */
  neverSignedIn?: boolean | undefined;
}

/** Accounts under the filter with their role's name and linked employee's name, by name then id. */
export function findUserAccounts(db: Db, filter: UserAccountFilter) {
  let q = db
    .selectFrom('users')
    .innerJoin('roles', 'roles.id', 'users.roleId')
    .leftJoin('employees', 'employees.id', 'users.employeeId')
    .select(['users.id', 'users.name', 'users.email', 'users.accountType', 'roles.name as roleName', 'users.status', 'employees.firstName', 'employees.lastName', 'users.lastSignInAt', 'users.createdAt'])
    .orderBy(byName('users.name'))
    .orderBy('users.id');
  if (filter.accountType) q = q.where('users.accountType', '=', filter.accountType);
  if (filter.status) q = q.where('users.status', '=', filter.status);
  if (filter.roleId) q = q.where('users.roleId', '=', filter.roleId);
  if (filter.neverSignedIn) q = q.where('users.lastSignInAt', 'is', null);
  return q.execute();
}

/** The names of the enabled SuperAdmins other than `exceptId`, by name: who can decide a request its maker may not (issue 34, point 5). */
export async function otherSuperAdminNames(db: Db, exceptId: number): Promise<string[]> {
  const rows = await db.selectFrom('users').select('name').where('accountType', '=', 'SuperAdmin').where('status', '=', 'enabled').where('id', '<>', exceptId).orderBy(byName('name')).execute();
  return rows.map((r) => r.name);
}
