import { formatLocalDate } from '#domain/format/intl-format.ts';
import { isDate } from '#domain/reports/periods.ts';
import { oneOf, positiveId } from '#domain/reports/report-query.ts';
import type { Report, ReportColumn } from '#domain/reports/report-table.ts';
import { activeScheduleOn } from '#domain/schedules/schedule-rules.ts';
import { inWeekOrder, restDaysText } from '#domain/schedules/rest-days.ts';
import { localDateOf } from '#domain/time/zoned-time.ts';
import type { Language } from '#i18n/languages.ts';
import { translate } from '#i18n/translate.ts';
import { nowMs } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { reportChoices, reportEmployees, schedulesByEmployee } from '../../db/repositories/report-data.ts';
import { getSettings } from '../get-settings.ts';
import { describeCriteria, STATUS_FILTERS, statusFilter } from './report-criteria.ts';

const COLUMNS: ReportColumn[] = [
  { key: 'employee', label: 'reports.columns.employee', kind: 'text', width: 28 },
  { key: 'department', label: 'reports.columns.department', kind: 'text', width: 18 },
  { key: 'startTime', label: 'reports.columns.startTime', kind: 'time', width: 10 },
  { key: 'offTime', label: 'reports.columns.offTime', kind: 'time', width: 10 },
  { key: 'totalHours', label: 'reports.columns.hoursPerDay', kind: 'hours', width: 10 },
  { key: 'restDays', label: 'reports.columns.restDays', kind: 'text', width: 24 },
  { key: 'weeklyHours', label: 'reports.columns.weeklyHours', kind: 'hours', width: 12 },
  { key: 'fromDate', label: 'reports.columns.fromDate', kind: 'date', width: 12 },
  { key: 'toDate', label: 'reports.columns.toDate', kind: 'date', width: 12 },
  { key: 'state', label: 'reports.columns.schedule', kind: 'label', width: 16 },
];

/**
 * Employee schedules in force on a date (`date`, default today): hours, rest days, weekly hours,
 * validity; employees without a schedule that day are listed as such. `department`, `employee`, `status`
 * (active by default), `missing=1` for only those without a schedule.
 */
export async function employeeScheduleReport(db: Db, params: URLSearchParams, lang: Language): Promise<Report> {
  const settings = await getSettings(db);
  const today = localDateOf(nowMs(), settings.timezone);
  const date = isDate(params.get('date')) ? params.get('date')! : today;
  const status = params.get('status') === 'all' ? '' : (oneOf(params.get('status'), STATUS_FILTERS) ?? 'active');
  const onlyMissing = params.get('missing') === '1';
  const filter = { department: positiveId(params.get('department')), employee: positiveId(params.get('employee')), ...statusFilter(status) };
  const employees = await reportEmployees(db, filter);
  const schedules = await schedulesByEmployee(db, filter);
  const t = (key: string, p?: Record<string, unknown>) => translate(lang, key, p);
  const rows = employees
    .map((e) => {
      const s = activeScheduleOn(schedules.get(e.id) ?? [], date);
      return {
        cells: {
          employee: `${e.firstName} ${e.lastName}`,
          department: e.departmentName,
          startTime: s?.startTime ?? null,
          offTime: s?.offTime ?? null,
          totalHours: s?.totalHours ?? null,
          restDays: s ? restDaysText(s.restDays, t) : null,
          weeklyHours: s ? Math.round(s.totalHours * (7 - inWeekOrder(s.restDays).length) * 100) / 100 : null,
          fromDate: s?.fromDate ?? null,
          toDate: s?.toDate ?? null,
          state: s ? 'reports.scheduleInForce' : 'reports.noSchedule',
        },
        href: s ? `/schedule-edit/${s.id}` : `/employee-details/${e.id}`,
      };
    })
    .filter((r) => !onlyMissing || r.cells.startTime === null);
  const withSchedule = rows.filter((r) => r.cells.startTime !== null);
  const criteria = [{ label: t('reports.filters.date'), value: formatLocalDate(date, lang) }, ...(await describeCriteria(db, lang, { department: filter.department, employee: filter.employee, status }))];
  if (onlyMissing) criteria.push({ label: t('reports.filters.show'), value: t('reports.filters.onlyMissing') });
  return {
    name: 'employee-schedule',
    title: 'pages.reportEmployeeSchedule',
    criteria,
    tables: [
      {
        columns: COLUMNS,
        rows,
        totals: {
          employee: t('reports.scheduledCount', { n: withSchedule.length, total: rows.length }),
          weeklyHours: Math.round(withSchedule.reduce((sum, r) => sum + (r.cells.weeklyHours ?? 0), 0) * 100) / 100,
        },
        empty: 'reports.noEmployees',
      },
    ],
    generatedAt: new Date(nowMs()).toISOString(),
  };
}

export async function scheduleReportChoices(db: Db) {
  return { departments: await reportChoices(db, 'departments') };
}
