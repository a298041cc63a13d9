import { partTimeOf } from '#domain/employees/contract-terms.ts';
import { apartWorkByDate } from '#domain/worktime/time-apart.ts';
import { interruptionsIn, standbyIn } from '../../db/repositories/time-apart.ts';
import { contractTermsByEmployee } from '../../db/repositories/contract-terms.ts';
import { breakRulesByDate } from '../../db/repositories/break-rules-history.ts';
import { absenceFloors } from './absence-floors.ts';
import { addSummaries, EMPTY_SUMMARY, summarizeAttendance } from '#domain/reports/attendance-summary.ts';
import { createDayCalendar, createPeriodPlanner, leaveDateSet } from '#domain/reports/day-calendar.ts';
import { formatLocalDate } from '#domain/format/intl-format.ts';
import { aroundPeriod, isWholeMonth, parsePeriod, type Period } from '#domain/reports/periods.ts';
import { oneOf, positiveId } from '#domain/reports/report-query.ts';
import { formatMonth } from '#domain/reports/report-format.ts';
import type { Report, ReportColumn, ReportRow } from '#domain/reports/report-table.ts';
import { localDateOf } from '#domain/time/zoned-time.ts';
import type { Language } from '#i18n/languages.ts';
import { translate } from '#i18n/translate.ts';
import { nowMs } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import {
  attendanceFacts,
  byEmployee,
  employeeChoicesAll,
  holidaysByCompany,
  holidaySets,
  leavesOverlapping,
  reportChoices,
  reportEmployees,
  schedulesByEmployee,
  type EmployeeFilter,
} from '../../db/repositories/report-data.ts';
import { getSettings } from '../get-settings.ts';
import { describeCriteria, STATUS_FILTERS, statusFilter } from './report-criteria.ts';

export interface AttendanceReportQuery {
  period: Period;
  filter: EmployeeFilter;
  /** The employee status the user chose ('' = any). */
  status: '' | 'active' | 'archived';
}

/** `from`/`to` or `month` (default: this month), `department`, `employee`, `status` (active by default; `all`). */
export function parseAttendanceReportQuery(params: URLSearchParams, today: string): AttendanceReportQuery {
  const status = params.get('status') === 'all' ? '' : (oneOf(params.get('status'), STATUS_FILTERS) ?? 'active');
  return {
    period: parsePeriod({ from: params.get('from'), to: params.get('to'), month: params.get('month') }, today),
    filter: { department: positiveId(params.get('department')), employee: positiveId(params.get('employee')), ...statusFilter(status) },
    status,
  };
}

const COLUMNS: ReportColumn[] = [
  { key: 'employee', label: 'reports.columns.employee', kind: 'text', width: 28 },
  { key: 'department', label: 'reports.columns.department', kind: 'text', width: 18 },
  { key: 'scheduledDays', label: 'reports.columns.scheduledDays', kind: 'number', width: 12 },
  { key: 'attendedDays', label: 'reports.columns.attendedDays', kind: 'number', width: 12 },
  { key: 'absentDays', label: 'reports.columns.absentDays', kind: 'number', width: 10 },
  { key: 'leaveDays', label: 'reports.columns.leaveDays', kind: 'number', width: 10 },
  { key: 'workedSeconds', label: 'reports.columns.hoursWorked', kind: 'duration', width: 14 },
  { key: 'breakSeconds', label: 'reports.columns.breaks', kind: 'duration', width: 12 },
  { key: 'expectedSeconds', label: 'reports.columns.scheduledHours', kind: 'duration', width: 14 },
  { key: 'overtimeSeconds', label: 'reports.columns.overtime', kind: 'duration', width: 12 },
  { key: 'lateCount', label: 'reports.columns.lateArrivals', kind: 'number', width: 12 },
  { key: 'lateSeconds', label: 'reports.columns.lateTime', kind: 'duration', width: 12 },
  { key: 'earlyCount', label: 'reports.columns.earlyDepartures', kind: 'number', width: 12 },
  { key: 'earlySeconds', label: 'reports.columns.earlyTime', kind: 'duration', width: 12 },
  { key: 'openDays', label: 'reports.columns.missingCheckOuts', kind: 'number', width: 12 },
];

/**
 * Employee attendance over a period (spec section 2): per employee, days scheduled and attended,
 * absences, leave, hours worked, breaks, scheduled hours, overtime against the schedule, late
 * arrivals and early departures, and the totals. Figures count the period up to today (see
 * summarizeAttendance); every duration is a sum of recorded seconds.
 */
export async function employeeAttendanceReport(db: Db, params: URLSearchParams, lang: Language): Promise<Report> {
  const settings = await getSettings(db);
  const today = localDateOf(nowMs(), settings.timezone);
  const { period, filter, status } = parseAttendanceReportQuery(params, today);
  const calendar = createDayCalendar(settings.timezone);
  const employees = await reportEmployees(db, filter);
  const schedules = await schedulesByEmployee(db, filter, aroundPeriod(period));
  const leaves = byEmployee(await leavesOverlapping(db, filter, period));
  const attendances = await attendanceFacts(db, filter, period);
  const holidays = holidaySets(await holidaysByCompany(db, period));
  const planner = createPeriodPlanner(calendar, period);
  const floors = await absenceFloors(db, employees, (id) => schedules.get(id) ?? [], settings.timezone);
  const breakRules = await breakRulesByDate(db);
  const terms = await contractTermsByEmployee(db, filter);
  // Work recorded apart (issue 38 point 1): counted as the record counts it.
  const standby = byEmployee(await standbyIn(db, filter, period));
  const interruptions = byEmployee(await interruptionsIn(db, filter, period));

  let total = { ...EMPTY_SUMMARY };
  const rows: ReportRow[] = employees.map((e) => {
    const summary = summarizeAttendance({
      period,
      today,
      calendar,
      schedules: schedules.get(e.id) ?? [],
      leaveDates: leaveDateSet(leaves.get(e.id) ?? [], period.from, period.to),
      holidays: holidays.get(e.companyId),
      days: attendances.get(e.id) ?? [],
      planner,
      absenceFrom: floors.get(e.id)!,
      breakRules,
      partTime: partTimeOf(terms, e.id),
      apartWork: apartWorkByDate(standby.get(e.id) ?? [], interruptions.get(e.id) ?? []),
    });
    total = addSummaries(total, summary);
    return {
      cells: { employee: `${e.firstName} ${e.lastName}`, department: e.departmentName, ...summary },
      href: `/attendance?employee=${e.id}&from=${period.from}&to=${period.to}`,
    };
  });

  const t = (key: string, p?: Record<string, unknown>) => translate(lang, key, p);
  const periodText = isWholeMonth(period) ? formatMonth(period.from.slice(0, 7), lang) : `${formatLocalDate(period.from, lang)} – ${formatLocalDate(period.to, lang)}`;
  const criteria = [{ label: t('reports.filters.period'), value: periodText }, ...(await describeCriteria(db, lang, { department: filter.department, employee: filter.employee, status }))];
  if (period.to >= today) criteria.push({ label: t('reports.filters.note'), value: t('reports.upToToday', { date: formatLocalDate(today, lang) }) });

  return {
    name: 'employee-attendance',
    title: 'pages.reportEmployeeAttendance',
    criteria,
    tables: [{ columns: COLUMNS, rows, totals: { employee: t('reports.total'), ...total }, empty: 'reports.noEmployees' }],
    generatedAt: new Date(nowMs()).toISOString(),
  };
}

/** Choices for the attendance report's filters. */
export async function attendanceReportChoices(db: Db) {
  return { departments: await reportChoices(db, 'departments'), employees: await employeeChoicesAll(db) };
}
