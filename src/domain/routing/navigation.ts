import type { AccountType, Permissions } from '../permissions/permissions.ts';
import { resolvePageAccess } from './resolve-page-access.ts';

export interface NavLink {
  path: string;
  labelKey: string;
}

const ADMIN_LINKS: NavLink[] = [
  { path: '/dashboard', labelKey: 'pages.dashboard' },
  { path: '/employees', labelKey: 'pages.employees' },
  { path: '/attendance', labelKey: 'pages.attendance' },
  { path: '/schedule', labelKey: 'pages.schedule' },
  { path: '/leave-list', labelKey: 'pages.leaveList' },
  { path: '/reports', labelKey: 'pages.reports' },
  { path: '/users', labelKey: 'pages.users' },
  { path: '/company', labelKey: 'pages.company' },
  { path: '/department', labelKey: 'pages.department' },
  { path: '/jobtitle', labelKey: 'pages.jobtitle' },
  { path: '/leavetype', labelKey: 'pages.leavetype' },
  { path: '/leavegroup', labelKey: 'pages.leavegroup' },
  { path: '/setting', labelKey: 'pages.setting' },
];

const PERSONAL_LINKS: NavLink[] = [
  { path: '/personal/dashboard', labelKey: 'pages.personalDashboard' },
  { path: '/personal/attendance', labelKey: 'pages.personalAttendance' },
  { path: '/personal/schedule', labelKey: 'pages.personalSchedule' },
  { path: '/personal/leave', labelKey: 'pages.personalLeave' },
  { path: '/personal/setting', labelKey: 'pages.personalSetting' },
];

/** The links a user may follow: admin pages for admins, personal pages for employees. */
export function navigationFor(user: { accountType: AccountType; permissions: Permissions }): NavLink[] {
  const links = user.accountType === 'Employee' ? PERSONAL_LINKS : ADMIN_LINKS;
  return links.filter((link) => resolvePageAccess(link.path, '', user, { firstRun: false }).kind === 'allow');
}
