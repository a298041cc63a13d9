import { DEFAULT_MISSED_CHECK_IN_MINUTES, dueMissedCheckIn } from '#domain/attendance/due-missed-check-in.ts';
import { nextDate } from '#domain/reports/day-calendar.ts';
import { addDays, localDateOf } from '#domain/time/zoned-time.ts';
import { nowMs } from '#server/clock/now.ts';
import type { Db } from '#server/db/connection.ts';
import { queuedDedupeKeys } from '#server/db/repositories/outbox-dedupe.ts';
import { attendancesIn, holidaysByCompany, leavesOverlapping, reportEmployees, schedulesByEmployee } from '#server/db/repositories/report-data.ts';
import { aroundPeriod } from '#domain/reports/periods.ts';
import { getSettings } from '../../get-settings.ts';
import { managersOf, notifyEmployee, notifyUsers } from '../notify.ts';
import { missedCheckInEmail } from '../templates/missed-check-in.ts';
import { kindSettings } from './kind-settings.ts';
import { emailConfigured } from './email-configured.ts';

/**
 * "You have not checked in" (issue 22.2, decision 056), run by a minute job: each active employee
 * of a company with the kind on whose shift of today (or last night's) started `minutes` ago (the
 * company's setting, default 30) without a check-in, approved leave or company holiday
 * (dueMissedCheckIn) -> the employee, and their managers when the company's switch says so. Once
 * per employee and work date (dedupe key). Returns how many employees were found due.
 */
export async function sendMissedCheckInNotices(db: Db, now = nowMs()): Promise<number> {
  if (!(await emailConfigured(db))) return 0;
  const settings = await getSettings(db);
  const today = localDateOf(now, settings.timezone);
  const period = { from: addDays(today, -1), to: today };
  const active = { status: 'active' as const };
  const all = await reportEmployees(db, active);
  const setting = await kindSettings(
    db,
    'missedCheckIn',
    all.map((e) => e.companyId),
  );
  const employees = all.filter((e) => setting(e.companyId).enabled);
  if (employees.length === 0) return 0;
  const queued = await queuedDedupeKeys(
    db,
    employees.flatMap((e) => [keyOf(e.id, period.from), keyOf(e.id, period.to)]),
  );
  const schedules = await schedulesByEmployee(db, active, aroundPeriod(period));
  const attended = datesBy(await attendancesIn(db, active, period));
  const onLeave = new Map<number, Set<string>>();
  for (const l of await leavesOverlapping(db, active, period)) {
    const dates = onLeave.get(l.employeeId) ?? new Set<string>();
    for (let d = l.fromDate < period.from ? period.from : l.fromDate; d <= l.toDate && d <= period.to; d = nextDate(d)) dates.add(d);
    onLeave.set(l.employeeId, dates);
  }
  const holidays = await holidaysByCompany(db, period);
  const none = new Set<string>();
  let due = 0;
  for (const e of employees) {
    const kind = setting(e.companyId);
    const minutes = kind.minutes ?? DEFAULT_MISSED_CHECK_IN_MINUTES;
    const missed = dueMissedCheckIn(
      {
        schedules: schedules.get(e.id) ?? [],
        attendedDates: attended.get(e.id) ?? none,
        leaveDates: onLeave.get(e.id) ?? none,
        holidayDates: new Set(holidays.get(e.companyId)?.keys() ?? []),
        startDate: e.officialStartDate,
        endDate: e.endDate,
      },
      settings.timezone,
      minutes,
      now,
    );
    if (!missed || queued.has(keyOf(e.id, missed.date))) continue;
    due++;
    const facts = { employeeId: e.id, employeeName: `${e.firstName} ${e.lastName}`, date: missed.date, scheduledStart: missed.scheduledStart, timezone: settings.timezone, minutes, timeFormat: settings.timeFormat };
    await db.transaction().execute(async (trx) => {
      await notifyEmployee(trx, { kind: 'missedCheckIn', employeeId: e.id, dedupeKey: keyOf(e.id, missed.date), content: missedCheckInEmail(facts, 'employee') });
      if (!kind.toManagers) return;
      const managers = await managersOf(trx, e.id);
      await notifyUsers(trx, { kind: 'missedCheckIn', companyId: e.companyId, userIds: managers, dedupeKey: (userId) => `${keyOf(e.id, missed.date)}:user:${userId}`, content: missedCheckInEmail(facts, 'manager') });
    });
  }
  return due;
}

const keyOf = (employeeId: number, date: string) => `missedCheckIn:${employeeId}:${date}`;

function datesBy(rows: readonly { employeeId: number; date: string }[]): Map<number, Set<string>> {
  const out = new Map<number, Set<string>>();
  for (const r of rows) out.set(r.employeeId, (out.get(r.employeeId) ?? new Set<string>()).add(r.date));
  return out;
}
