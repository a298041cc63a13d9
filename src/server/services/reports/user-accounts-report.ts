import { oneOf, positiveId } from '#domain/reports/report-query.ts';
import type { Report, ReportColumn } from '#domain/reports/report-table.ts';
import type { Language } from '#i18n/languages.ts';
import { translate } from '#i18n/translate.ts';
import { nowMs } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { reportChoices } from '../../db/repositories/report-data.ts';
import { findUserAccounts } from '../../db/repositories/user-records.ts';
import { roleDisplayName } from '#domain/permissions/role-names.ts';
import { describeCriteria } from './report-criteria.ts';

const COLUMNS: ReportColumn[] = [
  { key: 'name', label: 'reports.columns.name', kind: 'text', width: 26 },
  { key: 'email', label: 'reports.columns.email', kind: 'text', width: 30 },
  { key: 'accountType', label: 'reports.columns.accountType', kind: 'label', width: 18 },
  { key: 'role', label: 'reports.columns.role', kind: 'text', width: 18 },
  { key: 'status', label: 'reports.columns.status', kind: 'label', width: 12 },
  { key: 'employee', label: 'reports.columns.linkedEmployee', kind: 'text', width: 26 },
  { key: 'lastSignInAt', label: 'reports.columns.lastSignIn', kind: 'instant', width: 18 },
  { key: 'createdAt', label: 'reports.columns.createdAt', kind: 'instant', width: 18 },
];

const ACCOUNT_TYPES = ['SuperAdmin', 'Admin', 'Employee'] as const;
const TYPE_LABELS = { SuperAdmin: 'accountTypes.SuperAdmin', Admin: 'accountTypes.Admin', Employee: 'accountTypes.Employee' } as const;
const STATUS_LABELS = { enabled: 'reports.userStatus.enabled', disabled: 'reports.userStatus.disabled' } as const;

/**
 * User accounts: name, email, account type, role, status, linked employee, last sign-in.
 * Filters: `accountType`, `userStatus` (enabled/disabled), `role`, `never=1` (never signed in).
 */
export async function userAccountsReport(db: Db, params: URLSearchParams, lang: Language): Promise<Report> {
  const accountType = oneOf(params.get('accountType'), ACCOUNT_TYPES);
  const userStatus = oneOf(params.get('userStatus'), ['enabled', 'disabled'] as const);
  const role = positiveId(params.get('role'));
  const never = params.get('never') === '1';
  const users = await findUserAccounts(db, { accountType, status: userStatus, roleId: role, neverSignedIn: never });
  const t = (key: string, p?: Record<string, unknown>) => translate(lang, key, p);
  const criteria = await describeCriteria(db, lang, { role });
  if (accountType) criteria.unshift({ label: t('reports.filters.accountType'), value: t(TYPE_LABELS[accountType]) });
  if (userStatus) criteria.push({ label: t('reports.filters.status'), value: t(STATUS_LABELS[userStatus]) });
  if (never) criteria.push({ label: t('reports.filters.show'), value: t('reports.filters.neverSignedIn') });
  return {
    name: 'user-accounts',
    title: 'pages.reportUserAccounts',
    criteria,
    tables: [
      {
        columns: COLUMNS,
        rows: users.map((u) => ({
          cells: {
            name: u.name,
            email: u.email,
            accountType: TYPE_LABELS[u.accountType],
            role: roleDisplayName(u.roleName, t),
            status: STATUS_LABELS[u.status],
            employee: u.firstName ? `${u.firstName} ${u.lastName}` : null,
            lastSignInAt: u.lastSignInAt,
            createdAt: u.createdAt,
          },
          href: `/users-edit/${u.id}`,
        })),
        totals: { name: t('reports.userCount', { n: users.length }) },
        empty: 'reports.noUsers',
      },
    ],
    generatedAt: new Date(nowMs()).toISOString(),
  };
}

export async function userReportChoices(db: Db) {
  return { roles: await reportChoices(db, 'roles') };
}
