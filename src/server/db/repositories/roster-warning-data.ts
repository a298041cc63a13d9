import type { Db } from '../connection.ts';

/** What the roster warnings read beyond the shared readers (decision 088). */

/** The workers' draft shifts (not open ones) dated within the span, whatever their department. */
export async function draftShiftsOf(db: Db, employeeIds: readonly number[], span: { from: string; to: string }): Promise<{ employeeId: number; date: string; startTime: string; endTime: string; breakMinutes: number }[]> {
  if (employeeIds.length === 0) return [];
  const rows = await db
    .selectFrom('rosterShifts')
    .select(['employeeId', 'date', 'startTime', 'endTime', 'breakMinutes'])
    .where('employeeId', 'in', [...employeeIds])
    .where('date', '>=', span.from)
    .where('date', '<=', span.to)
    .execute();
  return rows.map((s) => ({ ...s, employeeId: s.employeeId!, breakMinutes: Number(s.breakMinutes) }));
}

/** Each employee's company (whose holidays apply). */
export function employeeCompanies(db: Db, employeeIds: readonly number[]): Promise<{ id: number; companyId: number }[]> {
  if (employeeIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('employees')
    .select(['id', 'companyId'])
    .where('id', 'in', [...employeeIds])
    .execute();
}
