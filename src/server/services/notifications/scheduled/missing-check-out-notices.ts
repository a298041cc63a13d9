import { activeScheduleOn } from '#domain/schedules/schedule-rules.ts';
import { MISSING_CHECK_OUT_LOOKBACK_DAYS, missingCheckOutDueAt } from '#domain/notifications/due-missing-check-out.ts';
import { addDays, localDateOf } from '#domain/time/zoned-time.ts';
import { nowMs } from '#server/clock/now.ts';
import type { Db } from '#server/db/connection.ts';
import { autoClosedAttendancesSince, openAttendancesSince } from '#server/db/repositories/open-attendances.ts';
import { queuedDedupeKeys } from '#server/db/repositories/outbox-dedupe.ts';
import { reportEmployees, schedulesByEmployee } from '#server/db/repositories/report-data.ts';
import { getSettings } from '../../get-settings.ts';
import { managersOf, notifyEmployee, notifyUsers } from '../notify.ts';
import { missingCheckOutEmail } from '../templates/missing-check-out.ts';
import { kindSettings } from './kind-settings.ts';
import { emailConfigured } from './email-configured.ts';

const keyOf = (attendanceId: number) => `missingCheckOut:${attendanceId}`;

/**
 * "You did not check out" (issue 22.2, decision 056), run by a minute job: each day still open, or
 * closed by the automatic clock-out and not corrected since, of the last
 * MISSING_CHECK_OUT_LOOKBACK_DAYS, once it is due (07:00 company time the morning after, or an hour
 * after a later scheduled end: missingCheckOutDueAt) -> the employee, and their managers when the
 * company's switch says so. Once per day and recipient (dedupe key per attendance), each day's
 * messages in one transaction. Returns how many days it looked at as due.
 */
export async function sendMissingCheckOutNotices(db: Db, now = nowMs()): Promise<number> {
  if (!(await emailConfigured(db))) return 0;
  const settings = await getSettings(db);
  const from = addDays(localDateOf(now, settings.timezone), -MISSING_CHECK_OUT_LOOKBACK_DAYS);
  const open = await openAttendancesSince(db, from);
  const closed = await autoClosedAttendancesSince(db, from);
  const all = [...open.map((d) => ({ ...d, closedAt: null as string | null })), ...closed.map((d) => ({ ...d, workFlag: null, closedAt: d.timeOut }))];
  const queued = await queuedDedupeKeys(
    db,
    all.map((d) => keyOf(d.id)),
  );
  const days = all.filter((d) => !queued.has(keyOf(d.id)));
  if (days.length === 0) return 0;
  const setting = await kindSettings(
    db,
    'missingCheckOut',
    days.map((d) => d.companyId),
  );
  const ids = [...new Set(days.map((d) => d.employeeId))];
  const schedules = await schedulesByEmployee(db, { ids });
  const employees = new Map((await reportEmployees(db, { ids })).map((e) => [e.id, e]));
  let due = 0;
  for (const day of days) {
    const kind = setting(day.companyId);
    const employee = employees.get(day.employeeId);
    if (!kind.enabled || !employee) continue;
    const schedule = day.workFlag === null ? activeScheduleOn(schedules.get(day.employeeId) ?? [], day.date) : undefined;
    if (now < missingCheckOutDueAt(day, schedule, settings.timezone, day.timezone)) continue;
    due++;
    const facts = {
      employeeId: day.employeeId,
      employeeName: `${employee.firstName} ${employee.lastName}`,
      date: day.date,
      timezone: day.timezone,
      timeIn: day.timeIn,
      timeFormat: settings.timeFormat,
      closedAt: day.closedAt,
    };
    await db.transaction().execute(async (trx) => {
      await notifyEmployee(trx, { kind: 'missingCheckOut', employeeId: day.employeeId, dedupeKey: keyOf(day.id), content: missingCheckOutEmail(facts, 'employee') });
      if (!kind.toManagers) return;
      const managers = await managersOf(trx, day.employeeId);
      await notifyUsers(trx, { kind: 'missingCheckOut', companyId: day.companyId, userIds: managers, dedupeKey: (userId) => `${keyOf(day.id)}:user:${userId}`, content: missingCheckOutEmail(facts, 'manager') });
    });
  }
  return due;
}
