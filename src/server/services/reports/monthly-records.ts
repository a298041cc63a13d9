import { buildMonthlyRecord, type MonthlyRecord } from '../../../domain/reports/monthly-record.ts';
import { monthPeriod, type Period } from '../../../domain/reports/periods.ts';
import { createDayCalendar, nextDate } from '../../../domain/reports/day-calendar.ts';
import { localDateOf } from '../../../domain/time/zoned-time.ts';
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
import { acknowledgementsOfMonth } from '../../db/repositories/record-acknowledgements.ts';
import { getSettings } from '../get-settings.ts';
import type { ChainHead } from '../../../domain/record-chain/record-chain.ts';
import { recordChainHeads } from '../record-chain/record-chain-head.ts';

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
  workingDayType: 'full-time' | 'part-time';
  partTimePercent: number | null;
}

export interface EmployeeMonthlyRecord {
  employee: RecordEmployee;
  record: MonthlyRecord;
  /** Revision history of the month's corrected days, by date (only with `withRevisions`). */
  revisions: Record<string, RevisionRow[]>;
  /** The head of the employee's company's record chain when read (decision 033); null while empty. */
  chainHead: ChainHead | null;
  /** When the employee acknowledged receiving this month's record (decision 036), or null. */
  acknowledgedAt: string | null;
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
 * with neither have nothing to record and are left out.
 */
export async function monthlyRecords(
  db: Db,
  filter: EmployeeFilter,
  month: string,
  options: { withRevisions?: boolean } = {},
): Promise<MonthlyRecords> {
  const settings = await getSettings(db);
  const now = new Date(nowMs()).toISOString();
  const today = localDateOf(now, settings.timezone);
  const period = monthPeriod(month);
  const calendar = createDayCalendar(settings.timezone);
  const employees = await reportEmployees(db, filter);
  const schedules = await schedulesByEmployee(db, filter);
  const leaves = byEmployee(await leavesOverlapping(db, filter, period));
  const attendances = byEmployee(await recordAttendancesIn(db, filter, period));
  const holidays = await holidaysByCompany(db, period);
  const voided = byEmployee(await voidedAttendancesIn(db, filter, period));
  const heads = await recordChainHeads(db);
  const corrected = options.withRevisions ? [...attendances.values()].flat().filter((a) => a.revision > 1) : [];
  const revisions = await revisionsOf(db, corrected.map((a) => a.id));

  const records: EmployeeMonthlyRecord[] = [];
  for (const e of employees) {
    const own = attendances.get(e.id) ?? [];
    const mine = schedules.get(e.id) ?? [];
    const scheduled = mine.some((s) => s.fromDate <= period.to && (s.toDate === null || s.toDate >= period.from));
    const ownVoided = voided.get(e.id) ?? [];
    if (own.length === 0 && ownVoided.length === 0 && !scheduled) continue;
    const leaveByDate = new Map<string, string>();
    for (const l of leaves.get(e.id) ?? []) {
      for (let d = l.fromDate < period.from ? period.from : l.fromDate; d <= l.toDate && d <= period.to; d = nextDate(d)) leaveByDate.set(d, l.leaveTypeName);
    }
    const record = buildMonthlyRecord({ period, today, calendar, schedules: mine, leaveByDate, holidays: holidays.get(e.companyId), attendances: own, voided: ownVoided });
    const history: Record<string, RevisionRow[]> = {};
    for (const a of own) {
      const list = revisions.get(a.id);
      if (list) history[a.date] = list;
    }
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
        workingDayType: e.workingDayType,
        partTimePercent: e.partTimePercent,
      },
      record,
      revisions: history,
      chainHead: heads.get(e.companyId) ?? null,
      acknowledgedAt: null,
    });
  }
  const acknowledged = await acknowledgementsOfMonth(db, month, records.map((r) => r.employee.id));
  for (const r of records) r.acknowledgedAt = acknowledged.get(r.employee.id) ?? null;
  return { month, period, today, now, timezone: settings.timezone, records };
}
