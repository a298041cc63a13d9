import { breakRulesOnDate } from '../../db/repositories/break-rules-history.ts';
import { computeAttendanceMetrics } from '#domain/attendance/attendance-metrics.ts';
import { dueAutoClockOut } from '#domain/attendance/due-auto-clock-out.ts';
import { activeScheduleOn } from '#domain/schedules/schedule-rules.ts';
import { addDays, localDateOf } from '#domain/time/zoned-time.ts';
import { nowMs } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { applyAttendanceCorrection, findAttendanceDetail, insertAttendanceRevision, replaceAttendanceBreaks, schedulesOfEmployee } from '../../db/repositories/attendances.ts';
import { openAttendancesSince } from '../../db/repositories/open-attendances.ts';
import { schedulesByEmployee } from '../../db/repositories/report-data.ts';
import { log } from '../../log.ts';
import { getSettings } from '../get-settings.ts';
import { keepOriginalRevision } from './keep-original-revision.ts';
import { periodLockRefusal } from '../../db/repositories/record-lock.ts';

/** Open days older than this are left to a person (an install that just switched the policy on). */
export const AUTO_CLOCK_OUT_LOOKBACK_DAYS = 31;

/**
 * The automatic clock-out policy (issue 22.3, decision 056), run by a minute job: with
 * `autoClockOut` on, every open day whose scheduled end lies `autoClockOutAfterHours` in the past
 * is closed at that scheduled end (dueAutoClockOut). Returns how many days it closed.
 */
export async function runAutoClockOut(db: Db, now = nowMs()): Promise<number> {
  const settings = await getSettings(db);
  if (!settings.autoClockOut) return 0;
  const today = localDateOf(now, settings.timezone);
  const open = await openAttendancesSince(db, addDays(today, -AUTO_CLOCK_OUT_LOOKBACK_DAYS));
  if (open.length === 0) return 0;
  const schedules = await schedulesByEmployee(db, { ids: [...new Set(open.map((a) => a.employeeId))] });
  let closed = 0;
  for (const day of open) {
    const due = dueAutoClockOut(day, activeScheduleOn(schedules.get(day.employeeId) ?? [], day.date), settings.autoClockOutAfterHours, now);
    if (due && (await closeAutomatically(db, day.id, settings.autoClockOutAfterHours, now))) closed++;
  }
  return closed;
}

/**
 * Closes one day in its own transaction (judged again on what it reads there), as a correction by the system: the attendance takes the
 * check-out, recomputed hours and `closed_automatically`; its revision goes up by one and a
 * revision row (author null = the system, chained like every revision) keeps the values, after the
 * day's original as its first revision (as a person's correction does); an audit entry with user
 * null. Re-read inside the transaction, so a check-out punched meanwhile wins. A day in an
 * approved period is left alone (the lock binds the system too) and logged. No worker acceptance:
 * nobody corrected the worker; the day is an exception for an administrator to review.
 */
export async function closeAutomatically(db: Db, id: number, afterHours: number, now: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const before = await findAttendanceDetail(trx, id);
    if (!before || before.timeOut !== null || before.voidedAt !== null) return false;
    const schedule = activeScheduleOn(await schedulesOfEmployee(trx, before.employee), before.date);
    const due = dueAutoClockOut({ ...before, breaks: before.breaks.map(({ startAt, endAt }) => ({ startAt, endAt })) }, schedule, afterHours, now);
    if (!due) return false;
    const locked = await periodLockRefusal(trx, before.employee, before.date);
    if (locked) {
      log.debug({ attendance: id, date: before.date }, 'automatic clock-out skipped: the period is approved');
      return false;
    }
    const at = new Date(now).toISOString();
    const shift = { timeIn: before.timeIn, timeOut: due.checkOut, breaks: due.breaks };
    // The grace in force on the day's date (effective-dated, decision 050).
    const { graceMinutes } = await breakRulesOnDate(trx, before.date);
    const metrics = computeAttendanceMetrics({ date: before.date, timeZone: before.timezone, graceMinutes, schedule, shift });
    await keepOriginalRevision(trx, id, before);
    const revision = before.revision + 1;
    await applyAttendanceCorrection(trx, id, { timeOut: shift.timeOut, ...metrics, revision, updatedAt: at, closedAutomatically: 1 });
    await replaceAttendanceBreaks(trx, id, shift.breaks);
    await insertAttendanceRevision(trx, {
      attendanceId: id,
      revision,
      timeIn: shift.timeIn,
      timeOut: shift.timeOut,
      breaks: shift.breaks,
      workedSeconds: metrics.workedSeconds,
      reason: null,
      authorId: null,
      createdAt: at,
    });
    const { revisions: _revisions, ...snapshot } = before;
    await appendAudit(trx, {
      userId: null,
      entity: 'attendance',
      entityId: id,
      action: 'auto-clock-out',
      before: snapshot,
      after: { ...shift, ...metrics, revision, closedAutomatically: true, scheduledEnd: due.scheduledEnd },
      at,
    });
    return true;
  });
}
