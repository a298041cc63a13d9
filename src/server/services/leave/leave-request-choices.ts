import type { LeaveTypeAllowance } from '#domain/leave/leave-rules.ts';
import type { ScheduleRule } from '#domain/schedules/schedule-rules.ts';
import type { Db } from '../../db/connection.ts';
import { schedulesOfEmployee } from '../../db/repositories/attendances.ts';
import { allowedLeaveTypes } from '../../db/repositories/leaves.ts';

/** What an employee's leave request form chooses from and counts with. */
export interface LeaveRequestChoices {
  leaveTypes: LeaveTypeAllowance[];
  schedules: ScheduleRule[];
}

/** The leave types the employee may request (by name) and their schedules (the form counts working days with them). */
export async function leaveRequestChoices(db: Db, employeeId: number): Promise<LeaveRequestChoices> {
  const [leaveTypes, schedules] = await Promise.all([allowedLeaveTypes(db, employeeId), schedulesOfEmployee(db, employeeId)]);
  return { leaveTypes, schedules };
}
