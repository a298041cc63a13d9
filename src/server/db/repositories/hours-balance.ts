import type { Db } from '../connection.ts';
import { employeeWhere, type EmployeeFilter } from './report-data.ts';

/** Reads of the hours balance (decision 049) beyond the monthly record's own. */

/** Each filtered employee's first recorded (not voided) attendance date: the balance starts there at the earliest. */
export async function firstAttendanceDates(db: Db, filter: EmployeeFilter): Promise<Map<number, string>> {
  const rows = await db
    .selectFrom('attendances')
    .innerJoin('employees', 'employees.id', 'attendances.employeeId')
    .select(['attendances.employeeId', (eb) => eb.fn.min('attendances.date').as('first')])
    .where(employeeWhere(filter))
    .where('attendances.voidedAt', 'is', null)
    .groupBy('attendances.employeeId')
    .execute();
  return new Map(rows.map((r) => [r.employeeId, String(r.first)]));
}

/** Ids of the leave types that draw from the hours balance (time off in lieu). */
export async function toilLeaveTypeIds(db: Db): Promise<Set<number>> {
  const rows = await db.selectFrom('leaveTypes').select('id').where('drawsFromBalance', '=', 1).execute();
  return new Set(rows.map((r) => r.id));
}
