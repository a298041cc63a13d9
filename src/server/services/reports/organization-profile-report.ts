import { positiveId } from '#domain/reports/report-query.ts';
import { sumColumns, type Report, type ReportColumn } from '#domain/reports/report-table.ts';
import type { Language } from '#i18n/languages.ts';
import { translate } from '#i18n/translate.ts';
import { nowMs } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { employeeHeadCounts, profileCompanies, profileDepartments, profileJobTitles } from '../../db/repositories/organization-profile.ts';
import { reportChoices } from '../../db/repositories/report-data.ts';
import { describeCriteria } from './report-criteria.ts';

const HEADS: ReportColumn[] = [
  { key: 'active', label: 'reports.columns.activeEmployees', kind: 'number', width: 12 },
  { key: 'women', label: 'reports.columns.women', kind: 'number', width: 10 },
  { key: 'men', label: 'reports.columns.men', kind: 'number', width: 10 },
  { key: 'trainees', label: 'reports.columns.trainees', kind: 'number', width: 10 },
  { key: 'archived', label: 'reports.columns.archivedEmployees', kind: 'number', width: 12 },
];
const HEAD_KEYS = HEADS.map((c) => c.key);

interface Heads {
  active: number;
  women: number;
  men: number;
  trainees: number;
  archived: number;
}

/**
 * Organization profile: companies, their departments and job titles, with head counts (active
 * employees, of which women, men and trainees; archived employees). `company` narrows to one.
 */
export async function organizationProfileReport(db: Db, params: URLSearchParams, lang: Language): Promise<Report> {
  const company = positiveId(params.get('company'));
  const t = (key: string, p?: Record<string, unknown>) => translate(lang, key, p);
  const companies = await profileCompanies(db, company);
  const departments = await profileDepartments(db, company);
  const jobTitles = await profileJobTitles(db, company);
  // One grouped count: per job title (and so per department and company) by status, gender, type.
  const counts = await employeeHeadCounts(db, company);

  const empty = (): Heads => ({ active: 0, women: 0, men: 0, trainees: 0, archived: 0 });
  const byCompany = new Map<number, Heads>();
  const byDepartment = new Map<number, Heads>();
  const byJobTitle = new Map<number, Heads>();
  const add = (map: Map<number, Heads>, id: number, c: (typeof counts)[number]) => {
    const h = map.get(id) ?? empty();
    const n = Number(c.n);
    if (c.status === 'archived') h.archived += n;
    else {
      h.active += n;
      if (c.gender === 'female') h.women += n;
      if (c.gender === 'male') h.men += n;
      if (c.employmentType === 'trainee') h.trainees += n;
    }
    map.set(id, h);
  };
  for (const c of counts) {
    add(byCompany, c.companyId, c);
    add(byDepartment, c.departmentId, c);
    add(byJobTitle, c.jobTitleId, c);
  }
  const companyName = new Map(companies.map((c) => [c.id, c.name]));
  const departmentName = new Map(departments.map((d) => [d.id, d.name]));

  const companyRows = companies.map((c) => ({
    cells: {
      company: c.name,
      departments: departments.filter((d) => d.companyId === c.id).length,
      jobTitles: jobTitles.filter((j) => j.companyId === c.id).length,
      ...(byCompany.get(c.id) ?? empty()),
    },
    href: `/reports/employee-list?company=${c.id}`,
  }));
  const departmentRows = departments.map((d) => ({
    cells: {
      company: companyName.get(d.companyId) ?? '',
      department: d.name,
      jobTitles: jobTitles.filter((j) => j.departmentId === d.id).length,
      ...(byDepartment.get(d.id) ?? empty()),
    },
    href: `/reports/employee-list?department=${d.id}`,
  }));
  const jobTitleRows = jobTitles.map((j) => ({
    cells: {
      company: companyName.get(j.companyId) ?? '',
      department: departmentName.get(j.departmentId) ?? '',
      jobTitle: j.name,
      ...(byJobTitle.get(j.id) ?? empty()),
    },
    href: `/reports/employee-list?jobTitle=${j.id}`,
  }));
  const text = (key: string, label: string, width = 22): ReportColumn => ({ key, label, kind: 'text', width });
  const count = (key: string, label: string): ReportColumn => ({ key, label, kind: 'number', width: 12 });
  return {
    name: 'organization-profile',
    title: 'pages.reportOrganizationProfile',
    criteria: await describeCriteria(db, lang, { company }),
    tables: [
      {
        title: 'reports.companies',
        columns: [text('company', 'reports.columns.company', 28), count('departments', 'reports.columns.departments'), count('jobTitles', 'reports.columns.jobTitles'), ...HEADS],
        rows: companyRows,
        totals: { company: t('reports.total'), ...sumColumns(companyRows, ['departments', 'jobTitles', ...HEAD_KEYS]) },
        empty: 'reports.noCompanies',
      },
      {
        title: 'reports.departments',
        columns: [text('company', 'reports.columns.company'), text('department', 'reports.columns.department'), count('jobTitles', 'reports.columns.jobTitles'), ...HEADS],
        rows: departmentRows,
        totals: { company: t('reports.total'), ...sumColumns(departmentRows, ['jobTitles', ...HEAD_KEYS]) },
        empty: 'reports.noDepartments',
      },
      {
        title: 'reports.jobTitles',
        columns: [text('company', 'reports.columns.company'), text('department', 'reports.columns.department'), text('jobTitle', 'reports.columns.jobTitle'), ...HEADS],
        rows: jobTitleRows,
        totals: { company: t('reports.total'), ...sumColumns(jobTitleRows, HEAD_KEYS) },
        empty: 'reports.noJobTitles',
      },
    ],
    generatedAt: new Date(nowMs()).toISOString(),
  };
}

export async function organizationChoices(db: Db) {
  return { companies: await reportChoices(db, 'companies') };
}
