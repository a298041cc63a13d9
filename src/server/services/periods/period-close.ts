import { partTimeOf } from '#domain/employees/contract-terms.ts';
import { contractTermsByEmployee } from '../../db/repositories/contract-terms.ts';
import { breakRulesByDate } from '../../db/repositories/break-rules-history.ts';
import { approvalPeriodOf, chosenPeriod, shiftPeriod } from '#domain/periods/approval-period.ts';
import type { PeriodCloseRow, PeriodCloseView } from '#domain/periods/period-close-view.ts';
import { exceptionCount, periodExceptions, periodTotals } from '#domain/periods/period-exceptions.ts';
import { createDayCalendar, nextDate } from '#domain/reports/day-calendar.ts';
import { buildMonthlyRecord } from '#domain/reports/monthly-record.ts';
import { addDays, localDateOf } from '#domain/time/zoned-time.ts';
import { nowIso } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { correctionRequestsOn } from '../../db/repositories/attendance-correction-requests.ts';
import { closeAttendancesIn } from '../../db/repositories/period-close-data.ts';
import { approvalsOverlapping, type PeriodApprovalRow } from '../../db/repositories/period-approvals.ts';
import { absenceFloors } from '../reports/absence-floors.ts';
import { byEmployee, holidaysByCompany, leavesOverlapping, reportEmployees, schedulesByEmployee, type EmployeeFilter } from '../../db/repositories/report-data.ts';
import { getSettings } from '../get-settings.ts';
import { interruptionsIn, standbyIn } from '../../db/repositories/time-apart.ts';
import { periodWarnings } from '#domain/periods/period-warnings.ts';
import { warningLimitsOn } from '#domain/worktime/worktime-settings.ts';
import { snapshotAlerts } from './approval-figures.ts';

/**
 * The month-close screen's data (decision 051): for every employee under the filter who has a
 * record in the period (as the legal record: a schedule in force or an attendance), the period's
 * totals and exceptions and its approval. The days are the legal record's own
 * (`buildMonthlyRecord` over the period: expected hours from schedules, holidays and approved
 * leave, DST-aware), read with a handful of set-based queries whatever the number of employees
 * (the budget: 500 employees under 300 ms, bench/period-close.mjs). Hours count as the break
 * rules say (counted seconds, decision 050); the warnings are the core's workTimeWarnings.
 */
export async function periodCloseView(db: Db, asked: { date?: string | null; department?: number | undefined }): Promise<PeriodCloseView> {
  const settings = await getSettings(db);
  const kind = approvalPeriodOf(settings);
  const now = nowIso();
  const today = localDateOf(now, settings.timezone);
  const period = chosenPeriod(asked.date, today, kind);
  const filter: EmployeeFilter = { department: asked.department };
  const calendar = createDayCalendar(settings.timezone);
  const employees = await reportEmployees(db, filter);
  const schedules = await schedulesByEmployee(db, filter);
  const floors = await absenceFloors(db, employees, (id) => schedules.get(id) ?? [], settings.timezone);
  const leaves = byEmployee(await leavesOverlapping(db, filter, period));
  // From the day before: the rest between it and the period's first day is judged (art. 34.3 ET).
  const dayBefore = addDays(period.from, -1);
  const attendances = byEmployee(await closeAttendancesIn(db, asked.department, { from: dayBefore, to: period.to }));
  const breakRules = await breakRulesByDate(db);
  // The daily ordinary hours are effective-dated with the break rules (decision 050).
  const limits = warningLimitsOn(breakRules);
  const terms = await contractTermsByEmployee(db, filter);
  const holidays = await holidaysByCompany(db, period);
  // Time apart (issue 38 point 1): its work is counted by dayFigures, as on the record.
  const standby = byEmployee(await standbyIn(db, filter, period));
  const interruptions = byEmployee(await interruptionsIn(db, filter, period));
  const approvals = new Map<number, PeriodApprovalRow[]>();
  for (const a of await approvalsOverlapping(db, period)) approvals.set(a.employeeId, [...(approvals.get(a.employeeId) ?? []), a]);

  const shown = employees.filter(
    (e) => (attendances.get(e.id) ?? []).some((a) => a.date >= period.from) || (schedules.get(e.id) ?? []).some((s) => s.fromDate <= period.to && (s.toDate === null || s.toDate >= period.from)),
  );
  const pending = new Map<number, number>();
  for (const r of await correctionRequestsOn(
    db,
    shown.map((e) => e.id),
    period.from,
    period.to,
  ))
    if (r.status === 'pending') pending.set(r.employeeId, (pending.get(r.employeeId) ?? 0) + 1);

  const rows = shown.map((e): PeriodCloseRow => {
    const leaveByDate = new Map<string, string>();
    for (const l of leaves.get(e.id) ?? []) {
      for (let d = l.fromDate < period.from ? period.from : l.fromDate; d <= l.toDate && d <= period.to; d = nextDate(d)) leaveByDate.set(d, l.leaveTypeName);
    }
    const own = attendances.get(e.id) ?? [];
    const previous = own[0]?.date === dayBefore ? own[0] : undefined;
    const { days } = buildMonthlyRecord({
      period,
      today,
      calendar,
      schedules: schedules.get(e.id) ?? [],
      leaveByDate,
      holidays: holidays.get(e.companyId),
      attendances: own,
      breakRules,
      absenceFrom: floors.get(e.id)!,
      partTime: partTimeOf(terms, e.id),
      standby: standby.get(e.id) ?? [],
      interruptions: interruptions.get(e.id) ?? [],
    });
    const exceptions = periodExceptions({ days, period, now, warnings: periodWarnings(days, limits, period, previous), pendingCorrections: pending.get(e.id) ?? 0 });
    const approved = approvals.get(e.id) ?? [];
    const approval = approved.find((a) => a.from === period.from && a.to === period.to) ?? approved.at(-1) ?? null;
    return {
      employee: { id: e.id, name: `${e.firstName} ${e.lastName}`, departmentName: e.departmentName },
      totals: periodTotals(days, period),
      exceptions,
      exceptionCount: exceptionCount(exceptions),
      approval: approval && {
        status: approval.status,
        from: approval.from,
        to: approval.to,
        approverName: approval.approverName,
        approvedAt: approval.approvedAt,
        reopenerName: approval.reopenerName,
        reopenedAt: approval.reopenedAt,
        reopenReason: approval.reopenReason,
      },
      locked: approved.some((a) => a.status === 'approved'),
    };
  });
  // The period's approved figures that a fresh computation no longer gives: shown, never applied.
  const listed = new Set(employees.map((e) => e.id));
  const alerts = (await snapshotAlerts(db, period)).filter((a) => listed.has(a.employeeId));
  return { kind, period, previous: shiftPeriod(period.from, kind, -1).from, next: shiftPeriod(period.from, kind, 1).from, today, ended: period.to < today, rows, snapshotAlerts: alerts };
}
