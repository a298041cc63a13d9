import { complementaryByEmployee } from '../../db/repositories/complementary-hours.ts';
import { contractTermsByEmployee } from '../../db/repositories/contract-terms.ts';
import { partTimeOf } from '#domain/employees/contract-terms.ts';
import { breakRulesByDate } from '../../db/repositories/break-rules-history.ts';
import { buildMonthlyRecord, type MonthlyRecord, type MonthlyRecordTotals } from '#domain/reports/monthly-record.ts';
import { currentSnapshots } from '../../db/repositories/approval-snapshots.ts';
import { aroundPeriod, monthPeriod, type Period } from '#domain/reports/periods.ts';
import { createDayCalendar, nextDate } from '#domain/reports/day-calendar.ts';
import { addDays, localDateOf } from '#domain/time/zoned-time.ts';
import { withWorkTimeWarnings } from '#domain/worktime/work-time-warnings-by-day.ts';
import { warningLimitsOn } from '#domain/worktime/worktime-settings.ts';
import { nowMs } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import {
  byEmployee,
  holidaysByCompany,
  leavesOverlapping,
  recordAttendancesIn,
  reportEmployees,
  revisionsOf,
  schedulesByEmployee,
  voidedAttendancesIn,
  type EmployeeFilter,
  type RevisionRow,
} from '../../db/repositories/report-data.ts';
import { interruptionsIn, standbyIn } from '../../db/repositories/time-apart.ts';
import { acknowledgementsOfMonth } from '../../db/repositories/record-acknowledgements.ts';
import type { ReceiptState } from '#domain/access/receipt-figures.ts';
import { receiptStateOf } from './receipt-state.ts';
import { getSettings } from '../get-settings.ts';
import { absenceFloors } from './absence-floors.ts';
import type { ChainHead } from '#domain/record-chain/record-chain.ts';
import { recordChainHeads } from '../record-chain/record-chain-head.ts';
import { acceptanceState } from '#domain/attendance/correction-rules.ts';
import { disputesOf, isDispute } from '#domain/attendance/disputes.ts';
import type { WorkerAcceptance } from '#domain/reports/monthly-record.ts';
import { acceptancesOf, type AcceptanceRow } from '../../db/repositories/attendance-correction-acceptances.ts';
import { correctionRequestsOn, type CorrectionRequestRow } from '../../db/repositories/attendance-correction-requests.ts';

/** A worker's correction request as the day's history shows it. */
export type RecordRequest = CorrectionRequestRow;

/** A revision as the history shows it, with the worker's answer when it waited for one (decision 034). */
export interface RecordRevision extends RevisionRow {
  acceptance: (WorkerAcceptance & { dueAt: string; answeredAt: string | null }) | null;
}

export interface RecordEmployee {
  id: number;
  name: string;
  nationalId: string;
  companyName: string;
  departmentName: string;
  jobTitleName: string;
  /** Printed in the record's header (draft Royal Decree on the digital record, decision 035). */
  companyTaxId: string | null;
  socialSecurityNumber: string | null;
  /** The contract terms in force on the period's last day (effective-dated, issue 33 point 1). */
  workingDayType: 'full-time' | 'part-time';
  partTimePercent: number | null;
}

export interface EmployeeMonthlyRecord {
  employee: RecordEmployee;
  record: MonthlyRecord;
  /** Revision history of the month's corrected days, by date (only with `withRevisions`). */
  revisions: Record<string, RecordRevision[]>;
  /** The worker's correction requests of the month, by date, oldest first (only with `withRevisions`). */
  requests: Record<string, CorrectionRequestRow[]>;
  /** The head of the employee's company's record chain when read (decision 033); null while empty. */
  chainHead: ChainHead | null;
  /** When the employee acknowledged receiving this month's record (decision 036), or null. */
  acknowledgedAt: string | null;
  /** The receipt and whether the month changed after it (decision 077), or null without one. */
  receipt?: ReceiptState | null;
  /** When the month's approval froze the totals shown (decision 051, update of issue 33), or null: computed now. */
  frozenAt?: string | null;
}

export interface MonthlyRecords {
  month: string;
  period: Period;
  today: string;
  /** When the record was read (ISO 8601 UTC): an open day is "still working" or a forgotten check-out by it. */
  now: string;
  timezone: string;
  records: EmployeeMonthlyRecord[];
}

/**
 * The legal monthly working-time record (domain/reports/monthly-record.ts) of every employee under
 * the filter who had a schedule in force or an attendance that month, in name order. Employees
 * with neither have nothing to record and are left out. An approved month's totals are served
 * from its approval's snapshot (`frozenAt` says so) unless `fresh` is asked.
 */
export async function monthlyRecords(db: Db, filter: EmployeeFilter, month: string, options: { withRevisions?: boolean; fresh?: boolean } = {}): Promise<MonthlyRecords> {
  const settings = await getSettings(db);
  const now = new Date(nowMs()).toISOString();
  const today = localDateOf(now, settings.timezone);
  const period = monthPeriod(month);
  const calendar = createDayCalendar(settings.timezone);
  const breakRules = await breakRulesByDate(db);
  const employees = await reportEmployees(db, filter);
  const terms = await contractTermsByEmployee(db, filter);
  const schedules = await schedulesByEmployee(db, filter, aroundPeriod(period));
  const leaves = byEmployee(await leavesOverlapping(db, filter, period));
  const attendances = byEmployee(await recordAttendancesIn(db, filter, period));
  const holidays = await holidaysByCompany(db, period);
  const complementary = await complementaryByEmployee(db, filter, period);
  const voided = byEmployee(await voidedAttendancesIn(db, filter, period));
  // Time apart (issue 38 point 1): listed on the days, its work counted by dayFigures.
  const standby = byEmployee(await standbyIn(db, filter, period));
  const interruptions = byEmployee(await interruptionsIn(db, filter, period));
  // The day before the month: the first day's rest is measured from it (decision 050).
  const dayBefore = addDays(period.from, -1);
  const before = byEmployee(await recordAttendancesIn(db, filter, { from: dayBefore, to: dayBefore }));
  const limits = warningLimitsOn(breakRules);
  const floors = await absenceFloors(db, employees, (id) => schedules.get(id) ?? [], settings.timezone);
  const heads = await recordChainHeads(db);
  const every = [...attendances.values()].flat();
  // Decision 034: each day's latest answer to an administrator's correction, as of now.
  const answers = new Map<number, AcceptanceRow[]>();
  for (const a of await acceptancesOf(
    db,
    every.map((x) => x.id),
  ))
    answers.set(a.attendanceId, [...(answers.get(a.attendanceId) ?? []), a]);
  const requests = options.withRevisions
    ? await correctionRequestsOn(
        db,
        employees.map((e) => e.id),
        period.from,
        period.to,
      )
    : [];
  const requestedDays = new Set(requests.map((r) => `${r.employeeId} ${r.date}`));
  const corrected = options.withRevisions ? every.filter((a) => a.revision > 1 || answers.has(a.id) || requestedDays.has(`${a.employeeId} ${a.date}`)) : [];
  // Decision 082: a disputed day shows both sides, so its revisions are read for every record.
  const disputed = every.filter((a) => answers.get(a.id)?.some(isDispute));
  const revisions = await revisionsOf(db, [...new Set([...corrected, ...disputed].map((a) => a.id))]);
  const answerOf = (row: AcceptanceRow) => ({ state: acceptanceState(row, now), comment: row.comment, dueAt: row.dueAt, answeredAt: row.answeredAt });

  const records: EmployeeMonthlyRecord[] = [];
  for (const e of employees) {
    const own = (attendances.get(e.id) ?? []).map((a) => {
      const latest = answers.get(a.id)?.at(-1);
      const disputes = disputesOf(answers.get(a.id) ?? [], revisions.get(a.id) ?? []);
      return { ...a, acceptance: latest && latest.status !== 'superseded' ? answerOf(latest) : null, disputes };
    });
    const mine = schedules.get(e.id) ?? [];
    const scheduled = mine.some((s) => s.fromDate <= period.to && (s.toDate === null || s.toDate >= period.from));
    const ownVoided = voided.get(e.id) ?? [];
    const ownStandby = standby.get(e.id) ?? [];
    const ownInterruptions = interruptions.get(e.id) ?? [];
    if (own.length === 0 && ownVoided.length === 0 && ownStandby.length === 0 && ownInterruptions.length === 0 && !scheduled) continue;
    const leaveByDate = new Map<string, string>();
    for (const l of leaves.get(e.id) ?? []) {
      for (let d = l.fromDate < period.from ? period.from : l.fromDate; d <= l.toDate && d <= period.to; d = nextDate(d)) leaveByDate.set(d, l.leaveTypeName);
    }
    const built = buildMonthlyRecord({
      period,
      today,
      calendar,
      schedules: mine,
      leaveByDate,
      holidays: holidays.get(e.companyId),
      attendances: own,
      voided: ownVoided,
      breakRules,
      absenceFrom: floors.get(e.id)!,
      partTime: partTimeOf(terms, e.id),
      standby: ownStandby,
      interruptions: ownInterruptions,
      complementary: complementary.get(e.id) ?? { pacts: [], offers: [] },
    });
    const contract = terms.get(e.id)?.(period.to) ?? { workingDayType: 'full-time' as const, partTimePercent: null };
    const record = withWorkTimeWarnings(built, limits, before.get(e.id)?.at(-1));
    const history: Record<string, RecordRevision[]> = {};
    for (const a of own) {
      const list = revisions.get(a.id);
      const byRevision = new Map((answers.get(a.id) ?? []).map((x) => [x.revision, x]));
      if (list && options.withRevisions)
        history[a.date] = list.map((r) => {
          const answer = byRevision.get(r.revision);
          return { ...r, acceptance: answer ? answerOf(answer) : null };
        });
    }
    const asked: Record<string, CorrectionRequestRow[]> = {};
    for (const r of requests) if (r.employeeId === e.id) asked[r.date] = [...(asked[r.date] ?? []), r];
    records.push({
      employee: {
        id: e.id,
        name: `${e.firstName} ${e.lastName}`,
        nationalId: e.nationalId,
        companyName: e.companyName,
        departmentName: e.departmentName,
        jobTitleName: e.jobTitleName,
        companyTaxId: e.companyTaxId,
        socialSecurityNumber: e.socialSecurityNumber,
        workingDayType: contract.workingDayType,
        partTimePercent: contract.partTimePercent,
      },
      record,
      revisions: history,
      chainHead: heads.get(e.companyId) ?? null,
      acknowledgedAt: null,
      receipt: null,
      frozenAt: null,
      requests: asked,
    });
  }
  // An approved month's totals are the ones its approval froze; the day rows stay as computed now
  // (the snapshot holds totals only). `fresh` asks for the computation (approval, check).
  if (!options.fresh) {
    const frozen = await currentSnapshots(
      db,
      period,
      records.map((r) => r.employee.id),
    );
    for (const r of records) {
      const snapshot = frozen.get(r.employee.id);
      if (!snapshot) continue;
      r.record = { ...r.record, totals: snapshot.totals as unknown as MonthlyRecordTotals };
      r.frozenAt = snapshot.createdAt;
    }
  }
  const acknowledged = await acknowledgementsOfMonth(
    db,
    month,
    records.map((r) => r.employee.id),
  );
  const companyOf = new Map(employees.map((e) => [e.id, e.companyId]));
  for (const r of records) {
    const stored = acknowledged.get(r.employee.id);
    if (!stored) continue;
    r.acknowledgedAt = stored.acknowledgedAt;
    r.receipt = await receiptStateOf(db, stored, r.record.days, { employeeId: r.employee.id, companyId: companyOf.get(r.employee.id)! }, period);
  }
  return { month, period, today, now, timezone: settings.timezone, records };
}
