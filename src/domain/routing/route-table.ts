import type { AccountType, Authority } from '../permissions/permissions.ts';

/**
 * The one table of page routes (spec section 2) and the authority each needs (section 6).
 * Middleware reads it for every page request; `{id}` matches one path segment.
 *
 * - `public`: anyone (the clock, access denied).
 * - `guest`: only signed-out users (sign-in, first-run sign-up).
 * - `admin`: SuperAdmin and Admin account types.
 * - `personal`: Admin and Employee account types.
 */
export type RouteSet = 'public' | 'guest' | 'admin' | 'personal';

export interface PageRoute {
  pattern: string;
  set: RouteSet;
  authority: readonly Authority[];
}

const admin = (pattern: string, ...authority: Authority[]): PageRoute => ({ pattern, set: 'admin', authority });
const personal = (pattern: string, ...authority: Authority[]): PageRoute => ({
  pattern,
  set: 'personal',
  authority,
});

export const PAGE_ROUTES: readonly PageRoute[] = [
  { pattern: '/sign-in', set: 'guest', authority: [] },
  { pattern: '/sign-up', set: 'guest', authority: [] },
  { pattern: '/clock', set: 'public', authority: [] },
  // One-time links of decision 066: the token in the path is the only key.
  { pattern: '/forgot-password', set: 'guest', authority: [] },
  { pattern: '/join/{id}', set: 'public', authority: [] },
  { pattern: '/reset-password/{id}', set: 'public', authority: [] },
  { pattern: '/access-denied', set: 'public', authority: [] },
  // The labour inspectorate's read-only link (decision 036): the token in the path is the only key.
  { pattern: '/inspection/{id}', set: 'public', authority: [] },
  { pattern: '/inspection/{id}/record.xlsx', set: 'public', authority: [] },
  { pattern: '/inspection/{id}/record.pdf', set: 'public', authority: [] },
  { pattern: '/inspection/{id}/record.json', set: 'public', authority: [] },
  { pattern: '/inspection/{id}/record.csv', set: 'public', authority: [] },
  // A worker's private calendar feed (decision 087): the secret in the path is the only key.
  { pattern: '/calendar/{id}.ics', set: 'public', authority: [] },

  admin('/dashboard', 'dashboard.read'),
  admin('/employees', 'employee.read'),
  admin('/employee-create', 'employee.create'),
  admin('/employee-edit/{id}', 'employee.update'),
  admin('/employee-details/{id}', 'employee.read'),
  admin('/attendance', 'attendance.read'),
  admin('/attendance-create', 'attendance.create'),
  admin('/attendance-edit/{id}', 'attendance.update'),
  admin('/attendance-corrections', 'attendance.update'),
  admin('/clock-conflicts', 'attendance.update'),
  admin('/period-close', 'attendance.update'),
  admin('/schedule', 'schedule.read'),
  // Open-shift claims and swaps waiting for a decision (decision 086).
  admin('/roster-requests', 'schedule.update'),
  admin('/schedule-create', 'schedule.create'),
  admin('/schedule-edit/{id}', 'schedule.update'),
  admin('/roster', 'schedule.read'),
  admin('/leave-list', 'leave.read'),
  admin('/leave-edit/{id}', 'leave.update'),
  admin('/reports', 'report.read'),
  admin('/reports/employee-attendance', 'report.read'),
  admin('/reports/employee-birthdays', 'report.read'),
  admin('/reports/employee-leaves', 'report.read'),
  admin('/reports/employee-list', 'report.read'),
  admin('/reports/employee-schedule', 'report.read'),
  admin('/reports/payroll', 'report.read'),
  admin('/reports/hours-balance', 'report.read'),
  admin('/reports/organization-profile', 'report.read'),
  admin('/reports/user-accounts', 'report.read'),
  admin('/representatives', 'workTotals.read'),
  admin('/representatives/disputes', 'workTotals.read'),
  admin('/inspection-links', 'setting.read'),
  // Clock terminals (decision 042): setting.read lists, setting.update creates, pairs and revokes.
  admin('/terminals', 'setting.read'),
  // Workplaces for proof of place (decision 068): setting.read lists, setting.update changes; company-scoped.
  admin('/settings/workplaces', 'setting.read'),
  // API tokens and the API reference (decision 057): every admin account, for its own tokens.
  admin('/settings/api-tokens'),
  admin('/api-docs'),
  // Help pages rendered from docs/ (decision 076): every admin account; signed out, sign in first.
  admin('/help'),
  admin('/help/{id}'),
  // Webhooks (decision 058): setting.read sees them and their deliveries, setting.update changes them.
  admin('/settings/webhooks', 'setting.read'),
  admin('/users'),
  admin('/users-create', 'user.create'),
  admin('/users-edit/{id}', 'user.update'),
  admin('/setting', 'setting.read'),
  // Messages waiting, failed and sent (decision 054): setting.read sees them, setting.update retries and discards.
  admin('/settings/outbox', 'setting.read'),
  admin('/company', 'company.read'),
  admin('/department', 'department.read'),
  admin('/jobtitle', 'jobTitles.read'),
  admin('/leavetype', 'leaveType.read'),
  admin('/leavegroup', 'leaveGroup.read'),
  admin('/holidays', 'company.read'),
  admin('/account-setting'),

  personal('/personal/dashboard'),
  personal('/personal/clock'),
  personal('/personal/attendance'),
  personal('/personal/schedule'),
  personal('/personal/leave'),
  personal('/personal/leave-create'),
  personal('/personal/leave-edit/{id}'),
  personal('/personal/setting'),
  personal('/personal/account-setting'),
];

/** Which route sets each account type may open (spec section 2, "Route sets by account type"). */
export const ROUTE_SETS: Record<AccountType, readonly RouteSet[]> = {
  SuperAdmin: ['admin'],
  Admin: ['admin', 'personal'],
  Employee: ['personal'],
};

const compiled = PAGE_ROUTES.map((route) => ({
  route,
  regex: new RegExp(`^${route.pattern.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{id\}/g, '[^/]+')}$`),
}));

/** Finds the route a path belongs to; a trailing slash is ignored. */
export function matchPageRoute(pathname: string): PageRoute | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return compiled.find((c) => c.regex.test(path))?.route;
}
