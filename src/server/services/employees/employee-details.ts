import type { Db } from '../../db/connection.ts';
import { findEmployee, type EmployeeDto } from '../../db/repositories/employees.ts';

export interface EmployeeDetails {
  employee: EmployeeDto;
  schedule: { startTime: string; offTime: string; totalHours: number; restDays: string[]; fromDate: string; toDate: string | null } | null;
  attendance: { _id: number; date: string; timeIn: string; timeOut: string | null; workedSeconds: number | null; statusIn: string | null; earlyDepartureSeconds: number }[];
  leaves: { _id: number; leaveTypeName: string; fromDate: string; toDate: string; status: string; reason: string }[];
}

/** Everything the employee details page shows: profile, current schedule, recent attendance and leave. */
export async function employeeDetails(db: Db, id: number): Promise<EmployeeDetails | undefined> {
  const employee = await findEmployee(db, id);
  if (!employee) return undefined;
  const schedule = await db
    .selectFrom('schedules')
    .select(['startTime', 'offTime', 'totalHours', 'restDays', 'fromDate', 'toDate'])
    .where('employeeId', '=', id)
    .where('status', '=', 'current')
    .orderBy('fromDate', 'desc')
    .executeTakeFirst();
  const attendance = await db
    .selectFrom('attendances')
    .select(['id', 'date', 'timeIn', 'timeOut', 'workedSeconds', 'statusIn', 'earlyDepartureSeconds'])
    .where('employeeId', '=', id)
    .orderBy('date', 'desc')
    .limit(10)
    .execute();
  const leaves = await db
    .selectFrom('leaves')
    .innerJoin('leaveTypes', 'leaveTypes.id', 'leaves.leaveTypeId')
    .select(['leaves.id', 'leaveTypes.name as leaveTypeName', 'leaves.fromDate', 'leaves.toDate', 'leaves.status', 'leaves.reason'])
    .where('leaves.employeeId', '=', id)
    .orderBy('leaves.fromDate', 'desc')
    .limit(10)
    .execute();
  let restDays: string[] = [];
  try {
    restDays = schedule ? (JSON.parse(schedule.restDays) as string[]) : [];
  } catch {
    restDays = [];
  }
  return {
    employee,
    schedule: schedule ? { ...schedule, restDays } : null,
    attendance: attendance.map(({ id: _id, ...rest }) => ({ _id, ...rest })),
    leaves: leaves.map(({ id: _id, ...rest }) => ({ _id, ...rest })),
  };
}
