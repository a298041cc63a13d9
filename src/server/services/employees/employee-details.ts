import type { Db } from '../../db/connection.ts';
import { recentAttendancesOf } from '../../db/repositories/attendances.ts';
import { findEmployee, type EmployeeDto } from '../../db/repositories/employees.ts';
import { recentLeavesOf } from '../../db/repositories/leaves.ts';
import { findCurrentSchedule, parseRestDays } from '../../db/repositories/schedules.ts';

export interface EmployeeDetails {
  employee: EmployeeDto;
  schedule: { startTime: string; offTime: string; totalHours: number; restDays: string[]; fromDate: string; toDate: string | null } | null;
  attendance: { _id: number; date: string; timezone: string; timeIn: string; timeOut: string | null; workedSeconds: number | null; statusIn: string | null; earlyDepartureSeconds: number }[];
  leaves: { _id: number; leaveTypeName: string; fromDate: string; toDate: string; status: string; reason: string }[];
}

/** Everything the employee details page shows: profile, current schedule, recent attendance and leave. */
export async function employeeDetails(db: Db, id: number): Promise<EmployeeDetails | undefined> {
  const employee = await findEmployee(db, id);
  if (!employee) return undefined;
  const schedule = await findCurrentSchedule(db, id);
  const attendance = await recentAttendancesOf(db, id, 10);
  const leaves = await recentLeavesOf(db, id, 10);
  return {
    employee,
    schedule: schedule ? { ...schedule, restDays: parseRestDays(schedule.restDays) } : null,
    attendance: attendance.map(({ id: _id, ...rest }) => ({ _id, ...rest })),
    leaves: leaves.map(({ id: _id, ...rest }) => ({ _id, ...rest })),
  };
}
