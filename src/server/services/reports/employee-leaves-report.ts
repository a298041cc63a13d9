import { employmentOf } from '#domain/leave/accrual.ts';
import { daysInYear, leaveBalances } from '#domain/leave/leave-rules.ts';
import { parseYear } from '#domain/reports/periods.ts';
import { oneOf, positiveId } from '#domain/reports/report-query.ts';
import { sumColumns, type Report, type ReportColumn, type ReportRow } from '#domain/reports/report-table.ts';
import { localDateOf } from '#domain/time/zoned-time.ts';
import type { Language } from '#i18n/languages.ts';
import { translate } from '#i18n/translate.ts';
import { nowMs } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { allLeaveTypes, byEmployee, holidaySets, holidaysByCompany, leaveGroupPrivileges, leavesOverlapping, reportChoices, reportEmployees, schedulesByEmployee } from '../../db/repositories/report-data.ts';
import { getSettings } from '../get-settings.ts';
import { describeCriteria, STATUS_FILTERS, statusFilter } from './report-criteria.ts';

const LEAVE_STATUSES = ['pending', 'approved', 'declined'] as const;
const STATUS_LABELS = { pending: 'reports.leaveStatus.pending', approved: 'reports.leaveStatus.approved', declined: 'reports.leaveStatus.declined' } as const;

const LEAVE_COLUMNS: ReportColumn[] = [
  { key: 'employee', label: 'reports.columns.employee', kind: 'text', width: 28 },
  { key: 'department', label: 'reports.columns.department', kind: 'text', width: 18 },
  { key: 'leaveType', label: 'reports.columns.leaveType', kind: 'text', width: 18 },
  { key: 'from', label: 'reports.columns.from', kind: 'date', width: 12 },
  { key: 'to', label: 'reports.columns.to', kind: 'date', width: 12 },
  { key: 'days', label: 'reports.columns.workingDays', kind: 'number', width: 10 },
  { key: 'status', label: 'reports.columns.status', kind: 'label', width: 12 },
  { key: 'reason', label: 'reports.columns.reason', kind: 'text', width: 36 },
];

const BALANCE_COLUMNS: ReportColumn[] = [
  { key: 'employee', label: 'reports.columns.employee', kind: 'text', width: 28 },
  { key: 'department', label: 'reports.columns.department', kind: 'text', width: 18 },
  { key: 'leaveType', label: 'reports.columns.leaveType', kind: 'text', width: 18 },
  { key: 'allowance', label: 'reports.columns.allowance', kind: 'number', width: 10 },
  { key: 'carriedOver', label: 'reports.columns.carriedOver', kind: 'number', width: 10 },
  { key: 'taken', label: 'reports.columns.taken', kind: 'number', width: 10 },
  { key: 'pending', label: 'reports.columns.pending', kind: 'number', width: 10 },
  { key: 'remaining', label: 'reports.columns.remaining', kind: 'number', width: 10 },
];

/**
 * Employee leave in a year (`year`, default this year): the requests by type and status, with the
 * working days each takes in that year, and every employee's balance per leave type of their
 * leave group (taken, pending, remaining; the same rules as the leave screens). Filters:
 * `department`, `employee`, `leaveType`, `leaveStatus` (pending/approved/declined), `status`
 * (employees; active by default).
 */
export async function employeeLeavesReport(db: Db, params: URLSearchParams, lang: Language): Promise<Report> {
  const settings = await getSettings(db);
  const today = localDateOf(nowMs(), settings.timezone);
  const year = parseYear(params.get('year'), today);
  const status = params.get('status') === 'all' ? '' : (oneOf(params.get('status'), STATUS_FILTERS) ?? 'active');
  const leaveType = positiveId(params.get('leaveType'));
  const leaveStatus = oneOf(params.get('leaveStatus'), LEAVE_STATUSES);
  const filter = { department: positiveId(params.get('department')), employee: positiveId(params.get('employee')), ...statusFilter(status) };
  const range = { from: `${year}-01-01`, to: `${year}-12-31` };
  const employees = await reportEmployees(db, filter);
  const schedules = await schedulesByEmployee(db, filter);
  const leaves = await leavesOverlapping(db, filter, range, ['pending', 'approved', 'declined']);
  const leavesOf = byEmployee(leaves);
  const types = await allLeaveTypes(db);
  const privileges = await leaveGroupPrivileges(db);
  // Balances carry days over from earlier years (decision 053): their leave and holidays count too.
  const history = { from: '0000-01-01', to: range.to };
  const pastOf = byEmployee(await leavesOverlapping(db, filter, history, ['pending', 'approved']));
  const holidays = holidaySets(await holidaysByCompany(db, history));
  const calendarOf = (e: { id: number; companyId: number }) => ({ schedules: schedules.get(e.id) ?? [], holidays: holidays.get(e.companyId) });
  const t = (key: string, p?: Record<string, unknown>) => translate(lang, key, p);

  const employeeById = new Map(employees.map((e) => [e.id, e]));
  const leaveRows: ReportRow[] = leaves
    .filter((l) => (leaveType === undefined || l.leaveTypeId === leaveType) && (leaveStatus === undefined || l.status === leaveStatus))
    .map((l) => {
      const e = employeeById.get(l.employeeId)!;
      return {
        cells: {
          employee: `${e.firstName} ${e.lastName}`,
          department: e.departmentName,
          leaveType: l.leaveTypeName,
          from: l.fromDate,
          to: l.toDate,
          days: daysInYear(calendarOf(e), { from: l.fromDate, to: l.toDate }, year),
          status: STATUS_LABELS[l.status],
          reason: l.reason,
        },
        href: `/leave-edit/${l.id}`,
      };
    });

  const balanceRows: ReportRow[] = [];
  for (const e of employees) {
    const own = leavesOf.get(e.id) ?? [];
    const allowed = privileges.get(e.leaveGroupId) ?? new Set<number>();
    const standing = new Set(own.filter((l) => l.status !== 'declined').map((l) => l.leaveTypeId));
    const shown = types.filter((ty) => (allowed.has(ty.id) || standing.has(ty.id)) && (leaveType === undefined || ty.id === leaveType));
    const spans = (pastOf.get(e.id) ?? []).map((l) => ({ id: l.id, leaveTypeId: l.leaveTypeId, from: l.fromDate, to: l.toDate, status: l.status }));
    for (const b of leaveBalances(shown, spans, year, calendarOf(e), { employment: employmentOf(e, spans), asOf: today })) {
      balanceRows.push({
        cells: {
          employee: `${e.firstName} ${e.lastName}`,
          department: e.departmentName,
          leaveType: b.name,
          allowance: b.entitled,
          carriedOver: b.carriedOver,
          taken: b.taken,
          pending: b.pending,
          remaining: b.remaining,
        },
        href: `/leave-list?employee=${e.id}&leaveType=${b.leaveType}`,
      });
    }
  }

  const criteria = [{ label: t('reports.filters.year'), value: String(year) }, ...(await describeCriteria(db, lang, { department: filter.department, employee: filter.employee, leaveType, status }))];
  if (leaveStatus) criteria.push({ label: t('reports.filters.leaveStatus'), value: t(STATUS_LABELS[leaveStatus]) });
  return {
    name: 'employee-leaves',
    title: 'pages.reportEmployeeLeaves',
    criteria,
    tables: [
      {
        title: 'reports.leaveRequests',
        columns: LEAVE_COLUMNS,
        rows: leaveRows,
        totals: { employee: t('reports.requestCount', { n: leaveRows.length }), ...sumColumns(leaveRows, ['days']) },
        empty: 'reports.noLeave',
      },
      {
        title: 'reports.leaveBalances',
        columns: BALANCE_COLUMNS,
        rows: balanceRows,
        totals: { employee: t('reports.total'), ...sumColumns(balanceRows, ['taken', 'pending']) },
        empty: 'reports.noBalances',
      },
    ],
    generatedAt: new Date(nowMs()).toISOString(),
  };
}

export async function leavesReportChoices(db: Db) {
  return { departments: await reportChoices(db, 'departments'), leaveTypes: await reportChoices(db, 'leaveTypes') };
}
