import { birthMonth, nextBirthday } from '#domain/reports/birthdays.ts';
import { formatMonthName } from '#domain/reports/report-format.ts';
import { monthNumber, oneOf, positiveId } from '#domain/reports/report-query.ts';
import type { Report, ReportColumn } from '#domain/reports/report-table.ts';
import { localDateOf } from '#domain/time/zoned-time.ts';
import type { Language } from '#i18n/languages.ts';
import { translate } from '#i18n/translate.ts';
import { nowMs } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { reportChoices, reportEmployees } from '../../db/repositories/report-data.ts';
import { getSettings } from '../get-settings.ts';
import { describeCriteria, STATUS_FILTERS, statusFilter } from './report-criteria.ts';
import { compareNames } from '#domain/lists/sort-key.ts';

const COLUMNS: ReportColumn[] = [
  { key: 'employee', label: 'reports.columns.employee', kind: 'text', width: 28 },
  { key: 'department', label: 'reports.columns.department', kind: 'text', width: 18 },
  { key: 'month', label: 'reports.columns.month', kind: 'text', width: 12 },
  { key: 'birthday', label: 'reports.columns.birthday', kind: 'date', width: 12 },
  { key: 'nextBirthday', label: 'reports.columns.nextBirthday', kind: 'date', width: 14 },
  { key: 'turns', label: 'reports.columns.turns', kind: 'number', width: 8 },
  { key: 'daysUntil', label: 'reports.columns.daysUntil', kind: 'number', width: 10 },
];

/**
 * Employee birthdays by month: `month` 1-12 (default: this month; `all` for the whole year),
 * `department`, `employee`, `status` (active by default). In calendar order (month, day), with the age each
 * turns on the next birthday.
 */
export async function employeeBirthdaysReport(db: Db, params: URLSearchParams, lang: Language): Promise<Report> {
  const settings = await getSettings(db);
  const today = localDateOf(nowMs(), settings.timezone);
  const all = params.get('month') === 'all';
  const month = all ? undefined : (monthNumber(params.get('month')) ?? Number(today.slice(5, 7)));
  const status = params.get('status') === 'all' ? '' : (oneOf(params.get('status'), STATUS_FILTERS) ?? 'active');
  const filter = { department: positiveId(params.get('department')), employee: positiveId(params.get('employee')), ...statusFilter(status) };
  const employees = (await reportEmployees(db, filter)).filter((e) => e.birthday && /^\d{4}-\d{2}-\d{2}$/.test(e.birthday));
  const chosen = employees.filter((e) => month === undefined || birthMonth(e.birthday!) === month).sort((a, b) => a.birthday!.slice(5).localeCompare(b.birthday!.slice(5)) || compareNames(a.lastName, b.lastName));
  const criteria = [
    { label: translate(lang, 'reports.filters.month'), value: month === undefined ? translate(lang, 'reports.filters.allMonths') : formatMonthName(month, lang) },
    ...(await describeCriteria(db, lang, { department: filter.department, employee: filter.employee, status })),
  ];
  return {
    name: 'employee-birthdays',
    title: 'pages.reportEmployeeBirthdays',
    criteria,
    tables: [
      {
        columns: COLUMNS,
        rows: chosen.map((e) => {
          const next = nextBirthday(e.birthday!, today);
          return {
            cells: {
              month: formatMonthName(birthMonth(e.birthday!), lang),
              employee: `${e.firstName} ${e.lastName}`,
              department: e.departmentName,
              birthday: e.birthday,
              nextBirthday: next.date,
              turns: next.turns,
              daysUntil: next.daysUntil,
            },
            href: `/employee-details/${e.id}`,
          };
        }),
        totals: { employee: translate(lang, 'reports.employeeCount', { n: chosen.length }) },
        empty: 'reports.noBirthdays',
      },
    ],
    generatedAt: new Date(nowMs()).toISOString(),
  };
}

export async function birthdaysChoices(db: Db) {
  return { departments: await reportChoices(db, 'departments') };
}
