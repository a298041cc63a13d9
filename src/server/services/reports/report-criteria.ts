import type { Language } from '#i18n/languages.ts';
import { translate } from '#i18n/translate.ts';
import type { Db } from '../../db/connection.ts';
import { findEmployeeName } from '../../db/repositories/employees.ts';
import { roleDisplayName } from '#domain/permissions/role-names.ts';
import { reportChoiceName, type EmployeeFilter } from '../../db/repositories/report-data.ts';

export const STATUS_FILTERS = ['active', 'archived'] as const;

/** The employee status filter (empty = any status). */
export function statusFilter(status: '' | 'active' | 'archived'): Pick<EmployeeFilter, 'status'> {
  return status === '' ? {} : { status };
}

const STATUS_LABELS = { '': 'reports.filters.anyStatus', active: 'reports.filters.active', archived: 'reports.filters.archived' } as const;

async function nameOf(db: Db, table: 'companies' | 'departments' | 'jobTitles' | 'leaveTypes' | 'roles', id: number): Promise<string> {
  return (await reportChoiceName(db, table, id)) ?? `#${id}`;
}

/**
 * The filters a report ran with, as label and value in the user's language (shown above the
 * table, on paper and at the top of the Excel sheet). Filters not given are left out, except the
 * employee status, which is always said.
 */
export async function describeCriteria(
  db: Db,
  lang: Language,
  chosen: {
    company?: number | undefined;
    department?: number | undefined;
    jobTitle?: number | undefined;
    employee?: number | undefined;
    leaveType?: number | undefined;
    role?: number | undefined;
    status?: '' | 'active' | 'archived' | undefined;
  },
): Promise<{ label: string; value: string }[]> {
  const t = (key: string) => translate(lang, key);
  const out: { label: string; value: string }[] = [];
  if (chosen.company) out.push({ label: t('reports.filters.company'), value: await nameOf(db, 'companies', chosen.company) });
  if (chosen.department) out.push({ label: t('reports.filters.department'), value: await nameOf(db, 'departments', chosen.department) });
  if (chosen.jobTitle) out.push({ label: t('reports.filters.jobTitle'), value: await nameOf(db, 'jobTitles', chosen.jobTitle) });
  if (chosen.leaveType) out.push({ label: t('reports.filters.leaveType'), value: await nameOf(db, 'leaveTypes', chosen.leaveType) });
  if (chosen.role) out.push({ label: t('reports.filters.role'), value: roleDisplayName(await nameOf(db, 'roles', chosen.role), t) });
  if (chosen.employee) {
    const e = await findEmployeeName(db, chosen.employee);
    out.push({ label: t('reports.filters.employee'), value: e ? `${e.firstName} ${e.lastName}` : `#${chosen.employee}` });
  }
  if (chosen.status !== undefined) out.push({ label: t('reports.filters.status'), value: t(STATUS_LABELS[chosen.status]) });
  return out;
}
