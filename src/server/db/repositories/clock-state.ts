import type { Kysely } from 'kysely';
import type { AttendanceState } from '#domain/clock/clock-engine.ts';
import type { ScheduleRule } from '#domain/schedules/schedule-rules.ts';
import { addDays } from '#domain/time/zoned-time.ts';
import { plannedDayRule } from '#domain/roster/planned-day.ts';
import type { Database } from '../schema.ts';
import { SCHEDULE_RULE_COLUMNS, toScheduleRule } from './schedules.ts';

/** What the clock engine needs to know about one employee around `today` (a local date): attendances dated yesterday, today and tomorrow. */
export interface ClockState {
  schedules: ScheduleRule[];
  attendanceToday: AttendanceState | null;
  attendanceYesterday: AttendanceState | null;
  attendanceTomorrow: AttendanceState | null;
  previousOpen: AttendanceState | null;
  /** Approved leave dates among yesterday, today and tomorrow (the shifts a check-in may belong to). */
  approvedLeaveDates: string[];
}

/** Reads the clock state of an employee; call inside the punch's transaction. */
export async function loadClockState(db: Kysely<Database>, employeeId: number, today: string): Promise<ClockState> {
  const yesterday = addDays(today, -1);
  const tomorrow = addDays(today, 1);
  const [scheduleRows, planned, recent, open, leaves] = await Promise.all([
    db.selectFrom('schedules').select(SCHEDULE_RULE_COLUMNS).where('employeeId', '=', employeeId).execute(),
    db
      .selectFrom('plannedDays')
      .select(['id', 'employeeId', 'date', 'kind', 'startTime', 'endTime', 'breakMinutes', 'publishedAt'])
      .where('employeeId', '=', employeeId)
      .where('date', '>=', yesterday)
      .where('date', '<=', tomorrow)
      .execute(),
    db
      .selectFrom('attendances')
      .select(['id', 'date', 'timezone', 'timeIn', 'timeOut', 'workFlag'])
      .where('employeeId', '=', employeeId)
      .where('date', 'in', [yesterday, today, tomorrow])
      .where('voidedAt', 'is', null)
      .execute(),
    db
      .selectFrom('attendances')
      .select(['id', 'date', 'timezone', 'timeIn', 'timeOut', 'workFlag'])
      .where('employeeId', '=', employeeId)
      .where('date', '<', today)
      .where('timeOut', 'is', null)
      .where('voidedAt', 'is', null)
      .orderBy('date', 'desc')
      .limit(1)
      .executeTakeFirst(),
    db.selectFrom('leaves').select(['fromDate', 'toDate']).where('employeeId', '=', employeeId).where('status', '=', 'approved').where('fromDate', '<=', tomorrow).where('toDate', '>=', yesterday).execute(),
  ]);

  const rows = open ? [...recent, open] : recent;
  const ids = [...new Set(rows.map((r) => r.id))];
  const breaks = ids.length ? await db.selectFrom('attendanceBreaks').select(['id', 'attendanceId', 'startAt', 'endAt']).where('attendanceId', 'in', ids).orderBy('startAt').execute() : [];
  const withBreaks = (r: (typeof rows)[number] | undefined): AttendanceState | null =>
    r
      ? {
          ...r,
          breaks: breaks.filter((b) => b.attendanceId === r.id).map(({ id, startAt, endAt }) => ({ id, startAt, endAt })),
        }
      : null;

  return {
    // A published roster day (decision 085) of yesterday, today or tomorrow wins over the pattern.
    schedules: [...scheduleRows.map(toScheduleRule), ...planned.map(plannedDayRule)],
    attendanceToday: withBreaks(recent.find((r) => r.date === today)),
    attendanceYesterday: withBreaks(recent.find((r) => r.date === yesterday)),
    attendanceTomorrow: withBreaks(recent.find((r) => r.date === tomorrow)),
    previousOpen: withBreaks(open),
    approvedLeaveDates: [yesterday, today, tomorrow].filter((d) => leaves.some((l) => l.fromDate <= d && l.toDate >= d)),
  };
}
