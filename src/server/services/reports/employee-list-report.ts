import { oneOf, positiveId } from '#domain/reports/report-query.ts';
import type { Report, ReportColumn } from '#domain/reports/report-table.ts';
import type { Language } from '#i18n/languages.ts';
import { translate } from '#i18n/translate.ts';
import { nowMs } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { reportChoices, reportEmployees } from '../../db/repositories/report-data.ts';
import { describeCriteria, STATUS_FILTERS, statusFilter } from './report-criteria.ts';

const COLUMNS: ReportColumn[] = [
  { key: 'employee', label: 'reports.columns.employee', kind: 'text', width: 28 },
  { key: 'nationalId', label: 'reports.columns.nationalId', kind: 'text', width: 14 },
  { key: 'email', label: 'reports.columns.email', kind: 'text', width: 30 },
  { key: 'phone', label: 'reports.columns.phone', kind: 'text', width: 16 },
  { key: 'company', label: 'reports.columns.company', kind: 'text', width: 20 },
  { key: 'department', label: 'reports.columns.department', kind: 'text', width: 18 },
  { key: 'jobTitle', label: 'reports.columns.jobTitle', kind: 'text', width: 22 },
  { key: 'employmentType', label: 'reports.columns.employmentType', kind: 'label', width: 14 },
  { key: 'employmentStatus', label: 'reports.columns.employmentStatus', kind: 'text', width: 16 },
  { key: 'startDate', label: 'reports.columns.startDate', kind: 'date', width: 12 },
  { key: 'status', label: 'reports.columns.status', kind: 'label', width: 12 },
];

const TYPE_LABELS = { regular: 'employees.typeRegular', trainee: 'employees.typeTrainee' } as const;
const STATUS_LABELS = { active: 'employees.statusActive', archived: 'employees.statusArchived' } as const;

/** Employee list: `company`, `department`, `jobTitle`, `employee`, `employmentType`, `status` (active by default; `all`). */
export async function employeeListReport(db: Db, params: URLSearchParams, lang: Language): Promise<Report> {
  const status = params.get('status') === 'all' ? '' : (oneOf(params.get('status'), STATUS_FILTERS) ?? 'active');
  const employmentType = oneOf(params.get('employmentType'), ['regular', 'trainee'] as const);
  const filter = {
    company: positiveId(params.get('company')),
    department: positiveId(params.get('department')),
    jobTitle: positiveId(params.get('jobTitle')),
    employee: positiveId(params.get('employee')),
    employmentType,
    ...statusFilter(status),
  };
  const employees = await reportEmployees(db, filter);
  const criteria = await describeCriteria(db, lang, { company: filter.company, department: filter.department, jobTitle: filter.jobTitle, employee: filter.employee, status });
  if (employmentType) criteria.push({ label: translate(lang, 'reports.filters.employmentType'), value: translate(lang, TYPE_LABELS[employmentType]) });
  return {
    name: 'employee-list',
    title: 'pages.reportEmployeeList',
    criteria,
    tables: [
      {
        columns: COLUMNS,
        rows: employees.map((e) => ({
          cells: {
            employee: `${e.firstName} ${e.lastName}`,
            nationalId: e.nationalId,
            email: e.email,
            phone: e.phone,
            company: e.companyName,
            department: e.departmentName,
            jobTitle: e.jobTitleName,
            employmentType: TYPE_LABELS[e.employmentType],
            employmentStatus: e.employmentStatus,
            startDate: e.officialStartDate,
            status: STATUS_LABELS[e.status],
          },
          href: `/employee-details/${e.id}`,
        })),
        totals: { employee: translate(lang, 'reports.employeeCount', { n: employees.length }) },
        empty: 'reports.noEmployees',
      },
    ],
    generatedAt: new Date(nowMs()).toISOString(),
  };
}

export async function employeeListChoices(db: Db) {
  return { companies: await reportChoices(db, 'companies'), departments: await reportChoices(db, 'departments'), jobTitles: await reportChoices(db, 'jobTitles') };
}
