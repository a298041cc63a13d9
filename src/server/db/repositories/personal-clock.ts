import type { Db } from '../connection.ts';

/** An employee as the personal clock needs them: who, whether active, both switches (decision 067) and the company's overtime choice (decision 070). */
export function findPersonalClockEmployee(db: Db, employeeId: number) {
  return db
    .selectFrom('employees')
    .innerJoin('companies', 'companies.id', 'employees.companyId')
    .select([
      'employees.id',
      'employees.firstName',
      'employees.lastName',
      'employees.status',
      'employees.companyId',
      'employees.personalClock',
      'companies.personalClock as companyPersonalClock',
      'companies.proofOfPlace',
      'companies.workerOvertimeChoice as companyOvertimeChoice',
    ])
    .where('employees.id', '=', employeeId)
    .executeTakeFirst();
}

/** The employee's latest attendance that is not voided, with its breaks: where they stand now. */
export async function findLatestAttendanceWithBreaks(db: Db, employeeId: number) {
  const row = await db
    .selectFrom('attendances')
    .select(['id', 'date', 'timezone', 'timeIn', 'timeOut', 'workMode'])
    .where('employeeId', '=', employeeId)
    .where('voidedAt', 'is', null)
    .orderBy('timeIn', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return undefined;
  const breaks = await db.selectFrom('attendanceBreaks').select(['startAt', 'endAt']).where('attendanceId', '=', row.id).orderBy('startAt').execute();
  return { ...row, breaks };
}

/** The employee's clock punches (never manual entries) from `since` (ISO UTC), oldest first. */
export function findClockPunchesSince(db: Db, employeeId: number, since: string) {
  return db
    .selectFrom('punches')
    .select(['id', 'action', 'at', 'method', 'terminal', 'workMode', 'device', 'place'])
    .where('employeeId', '=', employeeId)
    .where('method', '!=', 'manual')
    .where('at', '>=', since)
    .orderBy('at')
    .orderBy('id')
    .execute();
}

/** Switches a company's personal clock (the demo data set turns it on). */
export async function setCompanyPersonalClock(db: Db, companyId: number, on: boolean): Promise<void> {
  await db
    .updateTable('companies')
    .set({ personalClock: on ? 1 : 0 })
    .where('id', '=', companyId)
    .execute();
}
