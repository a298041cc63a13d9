import { dueSummaryMonth } from '#domain/notifications/due-monthly-summary.ts';
import { nowMs } from '#server/clock/now.ts';
import type { Db } from '#server/db/connection.ts';
import { queuedDedupeKeys } from '#server/db/repositories/outbox-dedupe.ts';
import { reportEmployees } from '#server/db/repositories/report-data.ts';
import { getSettings } from '../../get-settings.ts';
import { monthlyRecords } from '../../reports/monthly-records.ts';
import { notifyEmployee } from '../notify.ts';
import { monthlySummaryEmail } from '../templates/monthly-summary.ts';
import { kindSettings } from './kind-settings.ts';
import { emailConfigured } from './email-configured.ts';

/**
 * Last month's summary (issue 22.2, decision 056), run by a minute job: from 08:00 on the 1st
 * (company zone) until the end of the 3rd (dueSummaryMonth), each active employee of a company with
 * the kind on who has a record that month (a schedule in force or an attendance: monthlyRecords)
 * gets the month's totals from the legal record with the link to acknowledge it. Once per employee
 * and month (dedupe key); employees already queued are skipped before their record is read, so
 * the job costs one indexed read a minute once the month's summaries are out. Returns how many
 * summaries it handed to the outbox.
 */
export async function sendMonthlySummaries(db: Db, now = nowMs()): Promise<number> {
  const settings = await getSettings(db);
  const month = dueSummaryMonth(settings.timezone, now);
  if (month === null || !(await emailConfigured(db))) return 0;
  const all = await reportEmployees(db, { status: 'active' });
  const setting = await kindSettings(
    db,
    'monthlySummary',
    all.map((e) => e.companyId),
  );
  const employees = all.filter((e) => setting(e.companyId).enabled);
  const queued = await queuedDedupeKeys(
    db,
    employees.map((e) => keyOf(e.id, month)),
  );
  const waiting = employees.filter((e) => !queued.has(keyOf(e.id, month)));
  // One try an hour: an employee without an address (or before SMTP is set up) is not read every minute.
  const left = waiting.filter((e) => now - (tried.get(keyOf(e.id, month)) ?? -Infinity) >= RETRY_MS);
  if (left.length === 0) return 0;
  const { records } = await monthlyRecords(db, { status: 'active', ids: left.map((e) => e.id) }, month);
  let sent = 0;
  for (const { employee, record } of records) {
    await db.transaction().execute((trx) => notifyEmployee(trx, { kind: 'monthlySummary', employeeId: employee.id, dedupeKey: keyOf(employee.id, month), content: monthlySummaryEmail(month, record.totals) }));
    sent++;
  }
  for (const e of left) tried.set(keyOf(e.id, month), now);
  return sent;
}

const RETRY_MS = 3_600_000;
const tried = new Map<string, number>();
const keyOf = (employeeId: number, month: string) => `monthlySummary:${employeeId}:${month}`;
