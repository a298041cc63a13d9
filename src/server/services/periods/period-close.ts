import { approvalPeriodOf, chosenPeriod, shiftPeriod } from '../../../domain/periods/approval-period.ts';
import { exceptionCount, periodExceptions, periodTotals } from '../../../domain/periods/period-exceptions.ts';
import { localDateOf } from '../../../domain/time/zoned-time.ts';
import { nowIso } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { correctionRequestsOn } from '../../db/repositories/attendance-correction-requests.ts';
import { approvalsOverlapping, type PeriodApprovalRow } from '../../db/repositories/period-approvals.ts';
import type { PeriodCloseRow, PeriodCloseView } from '../../../domain/periods/period-close-view.ts';
import type { EmployeeFilter } from '../../db/repositories/report-data.ts';
import { getSettings } from '../get-settings.ts';
import { monthlyRecords, type EmployeeMonthlyRecord } from '../reports/monthly-records.ts';
import { periodWarnings } from './period-warnings.ts';

/**
 * The month-close screen's data (decision 051): for every employee under the filter who has a
 * record in the period (monthly-records.ts: a schedule in force or an attendance), the period's
 * totals and exceptions, read from the legal record, and its approval. A week that straddles two
 * months reads both months' records. One read per table, whatever the number of employees
 * (the budget: 500 employees under 300 ms, bench/period-close.mjs).
 */
export async function periodCloseView(db: Db, asked: { date?: string | null; department?: number | undefined }): Promise<PeriodCloseView> {
  const settings = await getSettings(db);
  const kind = approvalPeriodOf(settings);
  const now = nowIso();
  const today = localDateOf(now, settings.timezone);
  const period = chosenPeriod(asked.date, today, kind);
  const filter: EmployeeFilter = { department: asked.department };
  const months = [...new Set([period.from.slice(0, 7), period.to.slice(0, 7)])];
  const byEmployee = new Map<number, EmployeeMonthlyRecord[]>();
  const order: number[] = [];
  for (const month of months) {
    for (const r of (await monthlyRecords(db, filter, month)).records) {
      const list = byEmployee.get(r.employee.id);
      if (list) list.push(r);
      else {
        byEmployee.set(r.employee.id, [r]);
        order.push(r.employee.id);
      }
    }
  }
  const approvals = new Map<number, PeriodApprovalRow[]>();
  for (const a of await approvalsOverlapping(db, period)) approvals.set(a.employeeId, [...(approvals.get(a.employeeId) ?? []), a]);
  const pending = new Map<number, number>();
  for (const r of await correctionRequestsOn(db, order, period.from, period.to)) if (r.status === 'pending') pending.set(r.employeeId, (pending.get(r.employeeId) ?? 0) + 1);

  const rows = order.map((id): PeriodCloseRow => {
    const records = byEmployee.get(id)!;
    const days = records.flatMap((r) => r.record.days);
    const exceptions = periodExceptions({ days, period, now, warnings: periodWarnings(days, settings, period), pendingCorrections: pending.get(id) ?? 0 });
    const own = approvals.get(id) ?? [];
    const exact = own.find((a) => a.from === period.from && a.to === period.to);
    const shown = exact ?? own.at(-1) ?? null;
    const { employee } = records[0]!;
    return {
      employee: { id, name: employee.name, departmentName: employee.departmentName },
      totals: periodTotals(days, period),
      exceptions,
      exceptionCount: exceptionCount(exceptions),
      approval: shown && {
        status: shown.status,
        from: shown.from,
        to: shown.to,
        approverName: shown.approverName,
        approvedAt: shown.approvedAt,
        reopenerName: shown.reopenerName,
        reopenedAt: shown.reopenedAt,
        reopenReason: shown.reopenReason,
      },
      locked: own.some((a) => a.status === 'approved'),
    };
  });
  return {
    kind,
    period,
    previous: shiftPeriod(period.from, kind, -1).from,
    next: shiftPeriod(period.from, kind, 1).from,
    today,
    ended: period.to < today,
    rows,
  };
}
