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
  const [scheduleRows, planned, attendances, leaves] = await Promise.all([
    db.selectFrom('schedules').select(SCHEDULE_RULE_COLUMNS).where('employeeId', '=', employeeId).execute(),
    db
      .selectFrom('plannedDays')
      .select(['id', 'employeeId', 'date', 'kind', 'startTime', 'endTime', 'breakMinutes', 'publishedAt'])
      .where('employeeId', '=', employeeId)
      .where('date', '>=', yesterday)
      .where('date', '<=', tomorrow)
      .execute(),
    // The three days around today and the open days before it, in one read (a round trip each on PostgreSQL).
    db
      .selectFrom('attendances')
      .select(['id', 'date', 'timezone', 'timeIn', 'timeOut', 'workFlag'])
      .where('employeeId', '=', employeeId)
      .where('voidedAt', 'is', null)
      .where((eb) => eb.or([eb('date', 'in', [yesterday, today, tomorrow]), eb.and([eb('date', '<', today), eb('timeOut', 'is', null)])]))
      .execute(),
    db.selectFrom('leaves').select(['fromDate', 'toDate']).where('employeeId', '=', employeeId).where('status', '=', 'approved').where('fromDate', '<=', tomorrow).where('toDate', '>=', yesterday).execute(),
  ]);

  const recent = attendances.filter((r) => r.date === yesterday || r.date === today || r.date === tomorrow);
  // The latest day before today still open (the shift a check-out may close).
  const open = attendances.filter((r) => r.date < today && r.timeOut === null).reduce<(typeof attendances)[number] | undefined>((latest, r) => (!latest || r.date > latest.date ? r : latest), undefined);
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
