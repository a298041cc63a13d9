import type { LeaveTypeAllowance } from '#domain/leave/leave-rules.ts';
import type { ScheduleRule } from '#domain/schedules/schedule-rules.ts';
import type { Db } from '../../db/connection.ts';
import { addDays, localDateOf } from '#domain/time/zoned-time.ts';
import { nowIso } from '../../clock/now.ts';
import { getSettings } from '../get-settings.ts';
import { schedulesOfEmployee } from '../../db/repositories/attendances.ts';
import { allowedLeaveTypes } from '../../db/repositories/leaves.ts';

/** What an employee's leave request form chooses from and counts with. */
export interface LeaveRequestChoices {
  leaveTypes: LeaveTypeAllowance[];
  schedules: ScheduleRule[];
}

/**
 * The leave types the employee may request (by name) and their schedules (the form previews the
 * working days with them; the server counts again). Published roster days from a month back on
 * only: the page stays small however long the roster's history grows.
 */
export async function leaveRequestChoices(db: Db, employeeId: number): Promise<LeaveRequestChoices> {
  const recent = { from: addDays(localDateOf(nowIso(), (await getSettings(db)).timezone), -31), to: '9999-12-31' };
  const [leaveTypes, schedules] = await Promise.all([allowedLeaveTypes(db, employeeId), schedulesOfEmployee(db, employeeId, recent)]);
  return { leaveTypes, schedules };
}
