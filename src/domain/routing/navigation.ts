import type { AccountType, Permissions } from '../permissions/permissions.ts';
import { resolvePageAccess } from './resolve-page-access.ts';

/** Icon names; the shell maps them to lucide icons. */
export type NavIcon =
  | 'dashboard'
  | 'employees'
  | 'attendance'
  | 'corrections'
  | 'conflicts'
  | 'periodClose'
  | 'schedule'
  | 'roster'
  | 'leave'
  | 'reports'
  | 'users'
  | 'organization'
  | 'settings'
  | 'terminals'
  | 'workplaces'
  | 'inspection'
  | 'outbox'
  | 'apiTokens'
  | 'webhooks'
  | 'account'
  | 'clock';

export interface NavItem {
  key: string;
  labelKey: string;
  icon: NavIcon;
  /** Leaf items have a path; groups have children. */
  path?: string;
  children?: NavItem[];
}

const leaf = (key: string, path: string, labelKey: string, icon: NavIcon): NavItem => ({ key, path, labelKey, icon });

const ADMIN_NAV: NavItem[] = [
  leaf('dashboard', '/dashboard', 'pages.dashboard', 'dashboard'),
  leaf('employees', '/employees', 'pages.employees', 'employees'),
  leaf('attendance', '/attendance', 'pages.attendance', 'attendance'),
  leaf('attendance-corrections', '/attendance-corrections', 'pages.attendanceCorrections', 'corrections'),
  leaf('clock-conflicts', '/clock-conflicts', 'pages.clockConflicts', 'conflicts'),
  leaf('period-close', '/period-close', 'pages.periodClose', 'periodClose'),
  leaf('schedule', '/schedule', 'pages.schedule', 'schedule'),
  leaf('roster', '/roster', 'pages.roster', 'roster'),
  leaf('leave', '/leave-list', 'pages.leaveList', 'leave'),
  {
    key: 'reports',
    labelKey: 'pages.reports',
    icon: 'reports',
    children: [
      leaf('reports-overview', '/reports', 'nav.reportsOverview', 'reports'),
      leaf('report-attendance', '/reports/employee-attendance', 'pages.reportEmployeeAttendance', 'reports'),
      leaf('report-birthdays', '/reports/employee-birthdays', 'pages.reportEmployeeBirthdays', 'reports'),
      leaf('report-leaves', '/reports/employee-leaves', 'pages.reportEmployeeLeaves', 'reports'),
      leaf('report-list', '/reports/employee-list', 'pages.reportEmployeeList', 'reports'),
      leaf('report-schedule', '/reports/employee-schedule', 'pages.reportEmployeeSchedule', 'reports'),
      leaf('report-payroll', '/reports/payroll', 'pages.reportPayroll', 'reports'),
      leaf('report-hours-balance', '/reports/hours-balance', 'pages.reportHoursBalance', 'reports'),
      leaf('report-organization', '/reports/organization-profile', 'pages.reportOrganizationProfile', 'reports'),
      leaf('report-users', '/reports/user-accounts', 'pages.reportUserAccounts', 'reports'),
      leaf('report-representatives', '/representatives', 'pages.representatives', 'reports'),
      leaf('report-disputes', '/representatives/disputes', 'pages.disputedDays', 'reports'),
    ],
  },
  leaf('users', '/users', 'pages.users', 'users'),
  {
    key: 'organization',
    labelKey: 'nav.organization',
    icon: 'organization',
    children: [
      leaf('company', '/company', 'pages.company', 'organization'),
      leaf('department', '/department', 'pages.department', 'organization'),
      leaf('jobtitle', '/jobtitle', 'pages.jobtitle', 'organization'),
      leaf('leavetype', '/leavetype', 'pages.leavetype', 'organization'),
      leaf('leavegroup', '/leavegroup', 'pages.leavegroup', 'organization'),
      leaf('holidays', '/holidays', 'pages.holidays', 'organization'),
    ],
  },
  leaf('setting', '/setting', 'pages.setting', 'settings'),
  leaf('terminals', '/terminals', 'pages.terminals', 'terminals'),
  leaf('workplaces', '/settings/workplaces', 'pages.workplaces', 'workplaces'),
  leaf('inspection-links', '/inspection-links', 'pages.inspectionLinks', 'inspection'),
  leaf('outbox', '/settings/outbox', 'pages.outbox', 'outbox'),
  leaf('api-tokens', '/settings/api-tokens', 'pages.apiTokens', 'apiTokens'),
  leaf('webhooks', '/settings/webhooks', 'pages.webhooks', 'webhooks'),
  leaf('clock', '/clock', 'clock.title', 'clock'),
];

const PERSONAL_NAV: NavItem[] = [
  leaf('personal-dashboard', '/personal/dashboard', 'pages.personalDashboard', 'dashboard'),
  leaf('personal-attendance', '/personal/attendance', 'pages.personalAttendance', 'attendance'),
  leaf('personal-schedule', '/personal/schedule', 'pages.personalSchedule', 'schedule'),
  leaf('personal-leave', '/personal/leave', 'pages.personalLeave', 'leave'),
  leaf('personal-setting', '/personal/setting', 'pages.personalSetting', 'settings'),
  leaf('personal-account', '/personal/account-setting', 'pages.personalAccountSetting', 'account'),
  leaf('personal-clock', '/personal/clock', 'pages.personalClock', 'clock'),
];

/** What a signed-out visitor of an open page (the clock) sees in the menu. */
export const PUBLIC_NAV: readonly NavItem[] = [leaf('public-clock', '/clock', 'clock.title', 'clock'), leaf('public-sign-in', '/sign-in', 'common.signIn', 'account')];

export type NavArea = 'admin' | 'personal';

interface Subject {
  accountType: AccountType;
  permissions: Permissions;
}

const allowed = (user: Subject, path: string) => resolvePageAccess(path, '', user, { firstRun: false }).kind === 'allow';

function filter(items: NavItem[], user: Subject): NavItem[] {
  const out: NavItem[] = [];
  for (const item of items) {
    if (item.children) {
      const children = filter(item.children, user);
      if (children.length > 0) out.push({ ...item, children });
    } else if (item.path && allowed(user, item.path)) {
      out.push(item);
    }
  }
  return out;
}

/** The area a path belongs to: the personal pages, or the admin area (everything else). */
export function navAreaOf(pathname: string): NavArea {
  return pathname.startsWith('/personal/') || pathname === '/personal' ? 'personal' : 'admin';
}

/**
 * The menu a user sees in an area: only what the role permits. Employees always get the
 * personal menu; a SuperAdmin only the admin one.
 */
export function navigationFor(user: Subject, area: NavArea = 'admin'): NavItem[] {
  const effective: NavArea = user.accountType === 'Employee' ? 'personal' : user.accountType === 'SuperAdmin' ? 'admin' : area;
  return filter(effective === 'personal' ? PERSONAL_NAV : ADMIN_NAV, user);
}

/** Leaf items in menu order (for quick access and tests). */
export function flattenNavigation(items: NavItem[]): NavItem[] {
  return items.flatMap((item) => (item.children ? flattenNavigation(item.children) : [item]));
}

/** True when the item or one of its children is the current page. */
export function isActive(item: NavItem, pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (item.path) {
    if (item.path === path) return true;
    // Forms and details belong to their list: /employee-edit/3 -> /employees.
    const family: Record<string, string[]> = {
      '/employees': ['/employee-create', '/employee-edit/', '/employee-details/'],
      '/attendance': ['/attendance-create', '/attendance-edit/'],
      '/schedule': ['/schedule-create', '/schedule-edit/'],
      '/leave-list': ['/leave-edit/'],
      '/users': ['/users-create', '/users-edit/'],
      '/personal/leave': ['/personal/leave-create', '/personal/leave-edit/'],
    };
    return (family[item.path] ?? []).some((prefix) => path.startsWith(prefix));
  }
  return (item.children ?? []).some((child) => isActive(child, path));
}

/** "Switch to my account" is offered to an Admin linked to an employee record. */
export function canSwitchToPersonal(user: { accountType: AccountType; employeeId: number | null }): boolean {
  return user.accountType === 'Admin' && user.employeeId !== null;
}
