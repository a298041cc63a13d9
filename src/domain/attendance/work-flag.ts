import { activeScheduleOn, isRestDay, type ScheduleRule } from '../schedules/schedule-rules.ts';

/**
 * Work recorded outside the schedule (issue 18.3, decision 032), kept on the attendance:
 * `rest-day` = worked on a rest day of the schedule in force; `unscheduled` = worked with no
 * schedule in force, or at a time that belongs to none of the employee's shifts. Only recorded
 * when the `acceptUnscheduledWork` setting is on; such a day expects no work, so all of it is
 * overtime.
 */
export const WORK_FLAGS = ['rest-day', 'unscheduled'] as const;
export type WorkFlag = (typeof WORK_FLAGS)[number];

/** i18n key of a flag's short label (attendance list badge, exports, monthly record notes). */
export const WORK_FLAG_LABELS: Readonly<Record<WorkFlag, string>> = {
  'rest-day': 'attendance.workFlag.rest-day',
  unscheduled: 'attendance.workFlag.unscheduled',
};

/**
 * The flag a manual day on `date` takes from the schedules: `unscheduled` without a schedule in
 * force, `rest-day` on its rest day, null on a working day.
 */
export function workFlagOfDate(schedules: readonly ScheduleRule[], date: string): WorkFlag | null {
  const schedule = activeScheduleOn(schedules, date);
  if (!schedule) return 'unscheduled';
  return isRestDay(schedule, date) ? 'rest-day' : null;
}
