import { sql, type Insertable, type Updateable } from 'kysely';
import { type ListQuery } from '#domain/lists/list-query.ts';
import { containsText } from '../like.ts';
import type { Db } from '../connection.ts';
import { deletePlannedDaysOf } from './planned-days.ts';
import type { EmployeeTable } from '../schema.ts';
import { deleteFaceDescriptorsOf } from './face-descriptors.ts';
import { scopedEmployeeFilter, type RecordAccount } from '#domain/permissions/record-access.ts';
import type { EmployeeDto } from '#domain/api/records.ts';
import { sortDirection } from '../sort-direction.ts';
import { addDays } from '#domain/time/zoned-time.ts';
import { refuseLockedPeriod, refuseUndatedChange } from './record-lock.ts';
import { deleteContractTermsOf, insertInitialContractTerms } from './contract-terms.ts';
import { deleteComplementaryOf } from './complementary-hours.ts';
import { chainFigureDeletions } from './record-chain.ts';
import { figureRecords } from './record-chain-figures.ts';
import { byName } from '../text-order.ts';
import { parseEmployeeEmail } from '../stored-formats.ts';
import { preparedQuery } from '../prepared-query.ts';
import { coalescedRead } from '../coalesced-read.ts';
import { engineOf } from '../engine.ts';

export type { EmployeeDto };

export const EMPLOYEE_SORTS = {
  name: [byName('employees.lastName'), byName('employees.firstName')],
  email: ['employees.email'],
  department: [byName('departments.name')],
  jobTitle: [byName('jobTitles.name')],
  startDate: ['employees.officialStartDate'],
  createdAt: ['employees.createdAt'],
} as const;

const base = (db: Db) =>
  db
    .selectFrom('employees')
    .innerJoin('companies', 'companies.id', 'employees.companyId')
    .innerJoin('departments', 'departments.id', 'employees.departmentId')
    .innerJoin('jobTitles', 'jobTitles.id', 'employees.jobTitleId')
    .innerJoin('leaveGroups', 'leaveGroups.id', 'employees.leaveGroupId');

const select = (q: ReturnType<typeof base>) =>
  q.select((eb) => [
    'employees.id',
    'employees.firstName',
    'employees.lastName',
    'employees.gender',
    'employees.civilStatus',
    'employees.height',
    'employees.weight',
    'employees.email',
    'employees.phone',
    'employees.birthday',
    'employees.nationalId',
    'employees.placeOfBirth',
    'employees.address',
    'employees.image',
    'employees.companyId',
    'employees.departmentId',
    'employees.jobTitleId',
    'employees.leaveGroupId',
    'employees.leavePrivilege',
    'employees.companyEmail',
    'employees.employmentType',
    'employees.employmentStatus',
    'employees.officialStartDate',
    'employees.endDate',
    'employees.dateRegularized',
    'employees.rfidCard',
    'employees.status',
    'employees.biometricConsentAt',
    'employees.socialSecurityNumber',
    'employees.workingDayType',
    'employees.partTimePercent',
    'employees.professionalCategory',
    'employees.contractType',
    'employees.personalClock',
    'employees.purgedAt',
    'employees.createdAt',
    'employees.updatedAt',
    'companies.name as companyName',
    'departments.name as departmentName',
    'jobTitles.name as jobTitleName',
    'leaveGroups.name as leaveGroupName',
    eb.selectFrom('faceDescriptors').whereRef('faceDescriptors.employeeId', '=', 'employees.id').select(eb.fn.countAll().as('n')).as('faceDescriptors'),
  ]);

type Row = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];

const toDto = (r: Row): EmployeeDto => ({
  _id: r.id,
  firstName: r.firstName,
  lastName: r.lastName,
  fullName: `${r.firstName} ${r.lastName}`,
  // Written only through the employee input's picklists (GENDERS, CIVIL_STATUSES), or emptied by the retention purge.
  gender: r.gender as EmployeeDto['gender'],
  civilStatus: r.civilStatus as EmployeeDto['civilStatus'],
  height: r.height,
  weight: r.weight,
  email: parseEmployeeEmail(r.email),
  phone: r.phone,
  birthday: r.birthday,
  nationalId: r.nationalId,
  placeOfBirth: r.placeOfBirth,
  address: r.address,
  image: r.image,
  company: r.companyId,
  companyName: r.companyName,
  department: r.departmentId,
  departmentName: r.departmentName,
  jobTitle: r.jobTitleId,
  jobTitleName: r.jobTitleName,
  leaveGroup: r.leaveGroupId,
  leaveGroupName: r.leaveGroupName,
  leavePrivilege: r.leavePrivilege,
  companyEmail: r.companyEmail,
  employmentType: r.employmentType,
  employmentStatus: r.employmentStatus,
  officialStartDate: r.officialStartDate,
  endDate: r.endDate,
  dateRegularized: r.dateRegularized,
  rfidCard: r.rfidCard,
  status: r.status,
  biometricConsentAt: r.biometricConsentAt,
  faceDescriptors: Number(r.faceDescriptors),
  socialSecurityNumber: r.socialSecurityNumber,
  workingDayType: r.workingDayType,
  partTimePercent: r.partTimePercent,
  professionalCategory: r.professionalCategory,
  contractType: r.contractType,
  personalClock: r.personalClock,
  purgedAt: r.purgedAt,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});

/** Server-side list: search over name, email and national ID; filters status, department, company. */
export async function listEmployees(db: Db, query: ListQuery, viewer: RecordAccount): Promise<{ data: EmployeeDto[]; total: number }> {
  let q = base(db);
  // Only the employees the viewer may read (decision 024).
  const only = scopedEmployeeFilter(viewer);
  if (only !== undefined) q = q.where('employees.id', '=', only ?? -1);
  if (query.q) {
    q = q.where((eb) => eb.or([containsText(sql<string>`employees.first_name || ' ' || employees.last_name`, query.q), containsText('employees.email', query.q), containsText('employees.nationalId', query.q)]));
  }
  const status = query.filters['status'];
  if (status === 'active' || status === 'archived') q = q.where('employees.status', '=', status);
  for (const [filter, column] of [
    ['department', 'employees.departmentId'],
    ['company', 'employees.companyId'],
    ['jobTitle', 'employees.jobTitleId'],
  ] as const) {
    const id = Number(query.filters[filter]);
    if (Number.isInteger(id) && id > 0) q = q.where(column, '=', id);
  }
  const total = Number((await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n ?? 0);
  let ordered = select(q);
  for (const column of EMPLOYEE_SORTS[query.sort as keyof typeof EMPLOYEE_SORTS]) ordered = ordered.orderBy(column, sortDirection(query.dir));
  const rows = await ordered
    .orderBy('employees.id')
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .execute();
  return { total, data: rows.map(toDto) };
}

export async function findEmployee(db: Db, id: number): Promise<EmployeeDto | undefined> {
  const r = await select(base(db)).where('employees.id', '=', id).executeTakeFirst();
  return r && toDto(r);
}

/** The columns the clock needs of the employee it identified. */
const PUNCH_COLUMNS = ['id', 'firstName', 'lastName', 'image', 'status', 'companyId'] as const;

/** The clock's view of one employee (name, photo, status), if the id exists. */
export async function findPunchEmployee(db: Db, id: number) {
  return db.selectFrom('employees').select(PUNCH_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/**
 * The employees holding a PIN key, any status, in the company given (a paired terminal's) or in
 * any company (null); at most 3 (the clock only needs to tell one from several: the same PIN in
 * two companies identifies nobody at an unpaired browser).
 */
export async function findEmployeesByPinKey(db: Db, key: string, companyId: number | null = null) {
  if (engineOf(db) === 'postgres') return pinLookupOf(db)({ key, companyId });
  return companyId === null ? byPinKey.execute(db, { key }) : byPinKeyInCompany.execute(db, { key, companyId });
}
// Every PIN punch looks its employee up: compiled once (prepared-query.ts).
const byPinKey = preparedQuery((db, p: { key: string }) => db.selectFrom('employees').select(PUNCH_COLUMNS).where('pinKey', '=', p.key).limit(3));
const byPinKeyInCompany = preparedQuery((db, p: { key: string; companyId: number }) => db.selectFrom('employees').select(PUNCH_COLUMNS).where('pinKey', '=', p.key).where('companyId', '=', p.companyId).limit(3));
/** PostgreSQL: many keys as one array parameter (one statement text whatever their number). */
const byPinKeys = preparedQuery((db, p: { keys: readonly string[] }) =>
  db
    .selectFrom('employees')
    .select([...PUNCH_COLUMNS, 'pinKey'])
    .where('pinKey', '=', sql<string>`any(${p.keys})`),
);

type PunchEmployeeRow = Awaited<ReturnType<typeof byPinKey.execute>>[number];
const pinLookups = new WeakMap<Db, (asked: { key: string; companyId: number | null }) => Promise<PunchEmployeeRow[]>>();

/** On PostgreSQL the look-ups of punches arriving together are one statement per turn of the event loop (coalesced-read.ts). */
function pinLookupOf(db: Db) {
  let lookup = pinLookups.get(db);
  if (!lookup) {
    lookup = coalescedRead(async (asked: readonly { key: string; companyId: number | null }[]) => {
      const rows = await byPinKeys.execute(db, { keys: [...new Set(asked.map((a) => a.key))] });
      return asked.map((a) =>
        rows
          .filter((r) => r.pinKey === a.key && (a.companyId === null || r.companyId === a.companyId))
          .slice(0, 3)
          .map(({ pinKey: _key, ...row }) => row),
      );
    });
    pinLookups.set(db, lookup);
  }
  return lookup;
}

/** The employees holding an RFID badge, any status; at most 3, like `findEmployeesByPinKey`. */
export async function findEmployeesByRfid(db: Db, card: string, companyId: number | null = null) {
  let q = db.selectFrom('employees').select(PUNCH_COLUMNS).where('rfidCard', '=', card);
  if (companyId !== null) q = q.where('companyId', '=', companyId);
  return q.limit(3).execute();
}

/** Whether an employee of the company (other than `exceptId`) uses this PIN key. */
export async function pinKeyInUse(db: Db, companyId: number, key: string, exceptId: number | null = null): Promise<boolean> {
  let q = db.selectFrom('employees').select('id').where('companyId', '=', companyId).where('pinKey', '=', key);
  if (exceptId !== null) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

/** Whether an employee (other than `exceptId`) carries this RFID badge. */
export async function rfidCardInUse(db: Db, card: string, exceptId: number | null = null): Promise<boolean> {
  let q = db.selectFrom('employees').select('id').where('rfidCard', '=', card);
  if (exceptId !== null) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

/** An employee's PIN key and company, if the id exists. */
export async function findEmployeePinKey(db: Db, id: number) {
  return db.selectFrom('employees').select(['pinKey', 'companyId']).where('id', '=', id).executeTakeFirst();
}

/** Company, PIN key, badge and national ID of every employee: what an import checks its rows against. */
export async function employeeUniqueKeys(db: Db) {
  return db.selectFrom('employees').select(['companyId', 'pinKey', 'rfidCard', 'nationalId']).execute();
}

/** An employee's current photo, status and biometric consent, if the id exists. */
export async function findEmployeeBiometrics(db: Db, id: number) {
  return db.selectFrom('employees').select(['image', 'status', 'biometricConsentAt', 'biometricConsentBy']).where('id', '=', id).executeTakeFirst();
}

/** An employee's recorded consent with the name of the user who recorded it, if the id exists. */
export async function findEmployeeConsent(db: Db, id: number) {
  return db
    .selectFrom('employees')
    .leftJoin('users', 'users.id', 'employees.biometricConsentBy')
    .select(['employees.biometricConsentAt', 'employees.biometricConsentBy', 'users.name'])
    .where('employees.id', '=', id)
    .executeTakeFirst();
}

/** Inserts one employee; returns its id. */
/**
 * Inserts an employee with their contract terms' first row, in force from the beginning (the
 * terms are effective-dated, issue 33 point 1: figures read them from the history).
 */
export async function insertEmployee(db: Db, values: Insertable<EmployeeTable>, authorId: number | null = null): Promise<number> {
  const row = await db.insertInto('employees').values(values).returning('id').executeTakeFirstOrThrow();
  await insertInitialContractTerms(db, [{ employeeId: row.id, terms: termsOfColumns(values), at: values.createdAt, authorId }]);
  return row.id;
}

/** The contract terms an employee row's columns hold (full time when left out). */
const termsOfColumns = (values: Pick<Insertable<EmployeeTable>, 'workingDayType' | 'partTimePercent'>) => {
  const workingDayType = values.workingDayType ?? 'full-time';
  return { workingDayType, partTimePercent: workingDayType === 'part-time' ? (values.partTimePercent ?? null) : null };
};

/** Rows per INSERT: 30 columns x 500 rows stays well inside SQLite's 32,766 bound parameters. */
const INSERT_CHUNK = 500;

/**
 * Inserts many employees, several hundred per statement (call inside the caller's transaction);
 * returns each one's id and PIN key, in the order given.
 */
export async function insertEmployees(db: Db, values: readonly Insertable<EmployeeTable>[]): Promise<{ id: number; pinKey: string }[]> {
  const inserted: { id: number; pinKey: string }[] = [];
  for (let i = 0; i < values.length; i += INSERT_CHUNK) {
    const chunk = values.slice(i, i + INSERT_CHUNK);
    const rows = await db.insertInto('employees').values(chunk).returning(['id', 'pinKey']).execute();
    inserted.push(...rows);
    // Each one's contract terms from the beginning (issue 33 point 1), matched by PIN key (unique).
    const byKey = new Map(chunk.map((v) => [v.pinKey, v]));
    await insertInitialContractTerms(
      db,
      rows.map((r) => {
        const v = byKey.get(r.pinKey)!;
        return { employeeId: r.id, terms: termsOfColumns(v), at: v.createdAt, authorId: null };
      }),
    );
  }
  return inserted;
}

/**
 * The column a month's figures are read from with no date of its own (the company, whose
 * holidays the days follow): a change would rewrite every approved month, so it is refused while
 * any period of the employee is approved (decision 051, update of issue 33).
 */
const UNDATED_FIGURE_COLUMNS = ['companyId'] as const;

/** The contract terms' columns: written only by `changeContractTerms` (contract-terms.ts), which dates the change. */
const CONTRACT_COLUMNS = ['workingDayType', 'partTimePercent'] as const;

/** Writes the given columns of one employee (not the contract terms: `changeContractTerms`). */
export async function updateEmployeeColumns(db: Db, id: number, changes: Updateable<EmployeeTable>): Promise<void> {
  if (CONTRACT_COLUMNS.some((c) => changes[c] !== undefined)) throw new Error('The contract terms are effective-dated: write them with changeContractTerms.');
  if (UNDATED_FIGURE_COLUMNS.some((c) => changes[c] !== undefined)) {
    const before = await db.selectFrom('employees').select(UNDATED_FIGURE_COLUMNS).where('id', '=', id).executeTakeFirst();
    if (before && UNDATED_FIGURE_COLUMNS.some((c) => changes[c] !== undefined && changes[c] !== before[c])) await refuseUndatedChange(db, id);
  }
  if (changes.officialStartDate !== undefined) await refuseLockedStartDateChange(db, id, changes.officialStartDate);
  await db.updateTable('employees').set(changes).where('id', '=', id).execute();
}

/**
 * The start date is the absence floor (decision 051, issue 33 point 6): moving it turns the days
 * between the old and the new date into absences or into days before the start. Refused (409
 * `periods.locked`) when those days touch an approved period; a date set or cleared where there was
 * none moves every day before it.
 */
async function refuseLockedStartDateChange(db: Db, id: number, next: string | null): Promise<void> {
  const before = (await db.selectFrom('employees').select('officialStartDate').where('id', '=', id).executeTakeFirst())?.officialStartDate ?? null;
  if (before === next) return;
  const dates = [before, next].filter((d): d is string => d !== null && d !== '').sort();
  if (dates.length === 0) return;
  const from = dates.length === 2 && before !== '' && next !== '' ? dates[0]! : '0000-01-01';
  const to = addDays(dates[dates.length - 1]!, -1);
  if (to >= from) await refuseLockedPeriod(db, id, { from, to });
}

/**
 * Whether attendance, punches, leave, time apart (standby periods, interruptions: issue 38) or an
 * acknowledged monthly record (the lawful working-time record, decision 036) refer to the employee.
 */
export async function employeeHasWorkRecords(db: Db, id: number): Promise<boolean> {
  for (const table of ['attendances', 'punches', 'leaves', 'standbyPeriods', 'disconnectionInterruptions', 'recordAcknowledgements'] as const) {
    const used = await db.selectFrom(table).select('id').where('employeeId', '=', id).executeTakeFirst();
    if (used) return true;
  }
  return false;
}

/** Deletes an employee together with their schedules and face descriptors. */
export async function deleteEmployeeRecord(db: Db, id: number): Promise<void> {
  // Their schedules' deletions are chained (decision 033, update of issue 33).
  const schedules = await db.selectFrom('schedules').select('id').where('employeeId', '=', id).execute();
  const gone = await figureRecords(
    db,
    'schedule',
    schedules.map((s) => s.id),
  );
  await db.deleteFrom('schedules').where('employeeId', '=', id).execute();
  await chainFigureDeletions(db, gone);
  await deleteContractTermsOf(db, id);
  await deleteComplementaryOf(db, id);
  await deletePlannedDaysOf(db, id);
  await deleteFaceDescriptorsOf(db, id);
  await db.deleteFrom('employees').where('id', '=', id).execute();
}

/** An employee's status (active/archived), undefined when there is no such employee. */
export async function findEmployeeStatus(db: Db, id: number): Promise<EmployeeTable['status'] | undefined> {
  return (await db.selectFrom('employees').select('status').where('id', '=', id).executeTakeFirst())?.status;
}

/** An employee's first and last name, if the employee exists. */
export function findEmployeeName(db: Db, id: number): Promise<{ firstName: string; lastName: string } | undefined> {
  return db.selectFrom('employees').select(['firstName', 'lastName']).where('id', '=', id).executeTakeFirst();
}

/** Ids of the active employees of a department (in the table's order). */
export async function activeEmployeeIdsOfDepartment(db: Db, departmentId: number): Promise<number[]> {
  const rows = await db.selectFrom('employees').select('id').where('departmentId', '=', departmentId).where('status', '=', 'active').execute();
  return rows.map((r) => r.id);
}

/** Whether the company has any employee. */
export async function companyHasEmployees(db: Db, companyId: number): Promise<boolean> {
  const row = await db.selectFrom('employees').select('id').where('companyId', '=', companyId).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** The most recently added active employees, newest first, with department and job title names. */
export function newestActiveEmployees(db: Db, limit: number) {
  return db
    .selectFrom('employees')
    .innerJoin('departments', 'departments.id', 'employees.departmentId')
    .innerJoin('jobTitles', 'jobTitles.id', 'employees.jobTitleId')
    .select(['employees.id', 'employees.firstName', 'employees.lastName', 'departments.name as department', 'jobTitles.name as jobTitle', 'employees.officialStartDate', 'employees.createdAt'])
    .where('employees.status', '=', 'active')
    .orderBy('employees.createdAt', 'desc')
    .orderBy('employees.id', 'desc')
    .limit(limit)
    .execute();
}

/** Every active employee with what lets them clock without their face (decision 047). */
export function activeEmployeeAlternatives(db: Db) {
  return db.selectFrom('employees').select(['id', 'firstName', 'lastName', 'status', 'pinKey', 'rfidCard']).where('status', '=', 'active').orderBy('id').execute();
}

/** How many employees are active. */
export async function countActiveEmployees(db: Db): Promise<number> {
  const row = await db
    .selectFrom('employees')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('status', '=', 'active')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The company an employee belongs to (throws when the employee does not exist). */
export async function companyIdOfEmployee(db: Db, employeeId: number): Promise<number> {
  const row = await db.selectFrom('employees').select('companyId').where('id', '=', employeeId).executeTakeFirstOrThrow();
  return row.companyId;
}
