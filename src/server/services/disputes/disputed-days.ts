import { isDispute, resolvedAt, type DisputedDay } from '#domain/attendance/disputes.ts';
import { localDateOf } from '#domain/time/zoned-time.ts';
import type { Db } from '../../db/connection.ts';
import { disputeAnswerRows } from '../../db/repositories/attendance-correction-acceptances.ts';
import { getSettings } from '../get-settings.ts';

/**
 * The representatives' list of disputed days (issue 38 point 4, decision 082): one row per
 * correction a worker rejected, of the account's company (null: every company), newest day first,
 * with the employee's name and dates only (the day, the objection, the resolution). The same list
 * serves administrators holding `workTotals.read`.
 */
export async function disputedDays(db: Db, companyId: number | null): Promise<DisputedDay[]> {
  const zone = (await getSettings(db)).timezone;
  const rows = await disputeAnswerRows(db, companyId);
  const byDay = new Map<number, typeof rows>();
  for (const r of rows) byDay.set(r.attendanceId, [...(byDay.get(r.attendanceId) ?? []), r]);
  const out: DisputedDay[] = [];
  for (const day of byDay.values()) {
    const answers = day.map((r) => ({ revision: r.revision, status: r.status, comment: null, answeredAt: r.answeredAt }));
    for (const r of day.filter((x) => isDispute({ ...x, comment: null }))) {
      const resolved = resolvedAt(answers, r.revision);
      out.push({
        employeeId: r.employeeId,
        name: `${r.firstName} ${r.lastName}`,
        date: r.date,
        objectedOn: localDateOf(r.answeredAt ?? r.date, zone),
        resolvedOn: resolved ? localDateOf(resolved, zone) : null,
      });
    }
  }
  return out;
}
