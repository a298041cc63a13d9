import type { Authority, Resource } from '../permissions/permissions.ts';
import type { RouteRecords } from '../permissions/record-access.ts';

/**
 * The one table of JSON API endpoints and the authority each needs. Middleware answers 401 for a
 * missing session and 403 for a missing authority before any endpoint runs; endpoints still check
 * record ownership themselves. `public` endpoints need no session. The table and the endpoint files
 * under src/pages/api list the same methods and paths (tests/unit/api-table-files.test.ts).
 */
export interface ApiRoute {
  method: string;
  pattern: string;
  public?: boolean;
  authority: readonly Authority[];
  /**
   * Employee-owned data (decision 024): the middleware lets the request through only when the
   * record-access policy allows this kind of access (`routeRecordAccess`); the service then
   * limits it to the account's employees.
   */
  records?: RouteRecords;
  /** Only an API token reaches it; a session is refused with 403 `tokens.mcpTokenOnly` (the MCP server, decision 096). */
  tokenOnly?: true;
}

/** Collections served with the same list/create/read/update/delete shape. */
const COLLECTIONS: ReadonlyArray<readonly [path: string, resource: Resource]> = [
  ['employees', 'employee'],
  ['attendances', 'attendance'],
  ['schedules', 'schedule'],
  ['leaves', 'leave'],
  ['users', 'user'],
  ['roles', 'role'],
  ['companies', 'company'],
  ['departments', 'department'],
  ['job-titles', 'jobTitles'],
  ['leave-types', 'leaveType'],
  ['leave-groups', 'leaveGroup'],
  // Company holidays are company setup: the company authorities guard them.
  ['holidays', 'company'],
];

/** Collections of employee-owned data (decision 024). */
const EMPLOYEE_OWNED = new Set(['employees', 'attendances', 'schedules', 'leaves']);

export const API_ROUTES: readonly ApiRoute[] = [
  { method: 'GET', pattern: '/api/health', public: true, authority: [] },
  { method: 'POST', pattern: '/api/user/login', public: true, authority: [] },
  // Passkey sign-in (decision 091): passwordless, or the second factor of a password sign-in's ticket.
  { method: 'POST', pattern: '/api/user/login/passkey/options', public: true, authority: [] },
  { method: 'POST', pattern: '/api/user/login/passkey', public: true, authority: [] },
  // The sign-in's second step (decision 090): the ticket of a right password is the key; codes count in the sign-in limits.
  { method: 'POST', pattern: '/api/user/login/second-factor', public: true, authority: [] },
  { method: 'POST', pattern: '/api/user/login/two-factor-setup', public: true, authority: [] },
  { method: 'POST', pattern: '/api/user/login/two-factor-setup/confirm', public: true, authority: [] },
  { method: 'POST', pattern: '/api/sign-up', public: true, authority: [] },
  // Single sign-on (decision 092): to the OpenID provider and back; the challenge cookie binds both ends.
  { method: 'GET', pattern: '/api/auth/oidc/start', public: true, authority: [] },
  { method: 'GET', pattern: '/api/auth/oidc/callback', public: true, authority: [] },
  { method: 'POST', pattern: '/api/sign-out', public: true, authority: [] },
  { method: 'POST', pattern: '/api/clock', public: true, authority: [] },
  // A paired terminal's nonce for its next face punch (decision 043): the terminal credential, no session.
  { method: 'POST', pattern: '/api/clock/challenge', public: true, authority: [] },
  // A paired terminal's door QR code (decision 069): the terminal credential, no session.
  { method: 'GET', pattern: '/api/clock/door-code', public: true, authority: [] },
  // Clock terminals (decision 042): a device pairs with a one-time code and then names itself with its credential.
  { method: 'POST', pattern: '/api/terminal/pair', public: true, authority: [] },
  { method: 'GET', pattern: '/api/terminal', public: true, authority: [] },
  { method: 'GET', pattern: '/api/terminals', authority: ['setting.read'] },
  { method: 'POST', pattern: '/api/terminals', authority: ['setting.update'] },
  { method: 'PATCH', pattern: '/api/terminals/{id}', authority: ['setting.update'] },
  { method: 'POST', pattern: '/api/terminals/{id}/pairing-code', authority: ['setting.update'] },
  { method: 'POST', pattern: '/api/terminals/{id}/revoke', authority: ['setting.update'] },
  { method: 'POST', pattern: '/api/terminals/{id}/reset-sequence', authority: ['setting.update'] },
  // Webhooks (decision 058): setting.read lists them with their deliveries; setting.update registers, changes, reveals the secret, tests, deletes.
  // Workplaces for proof of place (decision 068): company-scoped like terminals.
  { method: 'GET', pattern: '/api/workplaces', authority: ['setting.read'] },
  { method: 'POST', pattern: '/api/workplaces', authority: ['setting.update'] },
  { method: 'PATCH', pattern: '/api/workplaces/{id}', authority: ['setting.update'] },
  { method: 'DELETE', pattern: '/api/workplaces/{id}', authority: ['setting.update'] },
  { method: 'GET', pattern: '/api/webhooks', authority: ['setting.read'] },
  { method: 'POST', pattern: '/api/webhooks', authority: ['setting.update'] },
  { method: 'PATCH', pattern: '/api/webhooks/{id}', authority: ['setting.update'] },
  { method: 'DELETE', pattern: '/api/webhooks/{id}', authority: ['setting.update'] },
  { method: 'POST', pattern: '/api/webhooks/{id}/secret', authority: ['setting.update'] },
  { method: 'POST', pattern: '/api/webhooks/{id}/test', authority: ['setting.update'] },
  // A webhook paused after failing repeatedly is resumed by hand (decision 094).
  { method: 'POST', pattern: '/api/webhooks/{id}/resume', authority: ['setting.update'] },
  // Late punches of a paired terminal (decision 046): the terminal credential, checked by the endpoint.
  { method: 'POST', pattern: '/api/clock/offline', public: true, authority: [] },
  // Late punches the server could not apply, for administrators who see every employee.
  { method: 'GET', pattern: '/api/clock-conflicts', authority: ['attendance.read'], records: 'everyone' },
  { method: 'POST', pattern: '/api/clock-conflicts/{id}/resolve', authority: ['attendance.update'], records: 'everyone' },
  { method: 'POST', pattern: '/api/clock-conflicts/{id}/dismiss', authority: ['attendance.update'], records: 'everyone' },
  // Approval and lock of periods (decision 051): figures and writes about every employee at once.
  { method: 'GET', pattern: '/api/periods', authority: ['attendance.update'], records: 'everyone' },
  { method: 'POST', pattern: '/api/periods/approve', authority: ['attendance.update'], records: 'everyone' },
  { method: 'POST', pattern: '/api/periods/reopen', authority: ['attendance.update'], records: 'everyone' },
  { method: 'GET', pattern: '/api/me', authority: [] },
  { method: 'POST', pattern: '/api/account/password', authority: [] },
  // Ends the account's other sessions (decision 023): any signed-in account, its own sessions only.
  { method: 'POST', pattern: '/api/account/sign-out-everywhere', authority: [] },
  // The account's own passkeys (decision 091): any signed-in account, only its own (another's is a 404).
  { method: 'GET', pattern: '/api/account/passkeys', authority: [] },
  { method: 'POST', pattern: '/api/account/passkeys/options', authority: [] },
  { method: 'POST', pattern: '/api/account/passkeys', authority: [] },
  { method: 'PATCH', pattern: '/api/account/passkeys/{id}', authority: [] },
  { method: 'POST', pattern: '/api/account/passkeys/{id}/remove', authority: [] },
  // The account's own sessions (decision 093): any signed-in account, its own only (another's is a 404).
  { method: 'GET', pattern: '/api/account/sessions', authority: [] },
  { method: 'DELETE', pattern: '/api/account/sessions/{id}', authority: [] },
  // Two-step sign-in of the account itself (decision 090): any signed-in account, its own only.
  { method: 'GET', pattern: '/api/account/two-factor', authority: [] },
  { method: 'POST', pattern: '/api/account/two-factor/setup', authority: [] },
  { method: 'POST', pattern: '/api/account/two-factor/enable', authority: [] },
  { method: 'POST', pattern: '/api/account/two-factor/disable', authority: [] },
  { method: 'POST', pattern: '/api/account/two-factor/recovery-codes', authority: [] },
  { method: 'GET', pattern: '/api/settings', authority: ['setting.read'] },
  { method: 'PUT', pattern: '/api/settings', authority: ['setting.update'] },
  // Face recognition is switched only here, after the notice (decision 047); the DPIA draft with the settings.
  // The SMTP server for notifications (decision 054): the password is never answered.
  { method: 'GET', pattern: '/api/settings/email', authority: ['setting.read'] },
  { method: 'PUT', pattern: '/api/settings/email', authority: ['setting.update'] },
  // Single sign-on's provider (decision 092): installation-wide, so the service lets only the SuperAdmin in.
  { method: 'GET', pattern: '/api/settings/sso', authority: ['setting.read'] },
  { method: 'PUT', pattern: '/api/settings/sso', authority: ['setting.update'] },
  { method: 'GET', pattern: '/api/settings/face-recognition', authority: ['setting.read'] },
  { method: 'POST', pattern: '/api/settings/face-recognition', authority: ['setting.update'] },
  { method: 'GET', pattern: '/api/settings/face-recognition/dpia', authority: ['setting.read'] },
  // Email (decision 054): a test message through the saved SMTP settings; the outbox of every email and webhook delivery.
  { method: 'POST', pattern: '/api/settings/email/test', authority: ['setting.update'] },
  { method: 'GET', pattern: '/api/outbox', authority: ['setting.read'] },
  { method: 'POST', pattern: '/api/outbox/{id}/retry', authority: ['setting.update'] },
  { method: 'POST', pattern: '/api/outbox/{id}/discard', authority: ['setting.update'] },
  // Database backups: the status with the settings, "Back up now" with the right to change them.
  { method: 'GET', pattern: '/api/backups', authority: ['setting.read'] },
  { method: 'POST', pattern: '/api/backups', authority: ['setting.update'] },
  // Notifications (decision 055): a company's switches with the settings' authorities (never an
  // Employee account's); each account's own mutes and email language, any signed-in account.
  { method: 'GET', pattern: '/api/settings/notifications', authority: ['setting.read'], records: 'everyone' },
  { method: 'PUT', pattern: '/api/settings/notifications', authority: ['setting.update'], records: 'everyone' },
  { method: 'GET', pattern: '/api/account/notifications', authority: [] },
  { method: 'PUT', pattern: '/api/account/notifications', authority: [] },
  { method: 'POST', pattern: '/api/feedback', authority: [] },
  { method: 'GET', pattern: '/api/feedback', authority: ['setting.read'] },
  // Invitations and password resets (decision 066): an admin that sees every employee invites
  // (user.create; the service keeps an Admin to its company); the worker's side is public, the
  // one-time token in the body is the only key.
  { method: 'POST', pattern: '/api/invitations', authority: ['user.create'], records: 'everyone' },
  { method: 'POST', pattern: '/api/invitations/accept', public: true, authority: [] },
  { method: 'DELETE', pattern: '/api/employees/{id}/invitation', authority: ['user.create'], records: 'everyone' },
  { method: 'POST', pattern: '/api/password/forgot', public: true, authority: [] },
  { method: 'POST', pattern: '/api/password/reset', public: true, authority: [] },
  // Before the collections, so `/api/employees/{id}` does not capture them.
  { method: 'POST', pattern: '/api/employees/import', authority: ['employee.create'], records: 'employee' },
  { method: 'GET', pattern: '/api/employees/import-template', authority: ['employee.create'] },
  { method: 'GET', pattern: '/api/attendances/export', authority: ['attendance.read'], records: 'employee' },
  // Complementary hours (decision 081): an employee's pact, voluntary hours offered; the service checks record access.
  { method: 'POST', pattern: '/api/employees/{id}/complementary-pacts', authority: ['employee.update'], records: 'employee' },
  { method: 'POST', pattern: '/api/complementary-offers', authority: ['attendance.update'], records: 'employee' },
  { method: 'POST', pattern: '/api/schedules/bulk', authority: ['schedule.create'], records: 'employee' },
  // Rostering (issue 39, decision 085): the schedule authorities; every employee's plan, so never an
  // Employee account; the service keeps an Admin to its company's departments (another's is a 404).
  { method: 'GET', pattern: '/api/shift-templates', authority: ['schedule.read'], records: 'everyone' },
  { method: 'POST', pattern: '/api/shift-templates', authority: ['schedule.update'], records: 'everyone' },
  { method: 'PATCH', pattern: '/api/shift-templates/{id}', authority: ['schedule.update'], records: 'everyone' },
  { method: 'DELETE', pattern: '/api/shift-templates/{id}', authority: ['schedule.update'], records: 'everyone' },
  { method: 'GET', pattern: '/api/roster', authority: ['schedule.read'], records: 'everyone' },
  { method: 'POST', pattern: '/api/roster/shifts', authority: ['schedule.update'], records: 'everyone' },
  { method: 'PATCH', pattern: '/api/roster/shifts/{id}', authority: ['schedule.update'], records: 'everyone' },
  { method: 'DELETE', pattern: '/api/roster/shifts/{id}', authority: ['schedule.update'], records: 'everyone' },
  { method: 'POST', pattern: '/api/roster/copy-week', authority: ['schedule.update'], records: 'everyone' },
  { method: 'POST', pattern: '/api/roster/repeat', authority: ['schedule.update'], records: 'everyone' },
  { method: 'POST', pattern: '/api/roster/fill', authority: ['schedule.update'], records: 'everyone' },
  { method: 'POST', pattern: '/api/roster/publish', authority: ['schedule.update'], records: 'everyone' },
  { method: 'GET', pattern: '/api/roster/coverage', authority: ['schedule.read'], records: 'everyone' },
  { method: 'PUT', pattern: '/api/roster/coverage', authority: ['schedule.update'], records: 'everyone' },
  { method: 'GET', pattern: '/api/leaves/balances', authority: ['leave.read'], records: 'employee' },
  // Public holiday import (decision 053): the preview and the import belong to whoever may add holidays.
  { method: 'GET', pattern: '/api/holidays/places', authority: ['company.read'] },
  { method: 'GET', pattern: '/api/holidays/import', authority: ['company.create'] },
  { method: 'POST', pattern: '/api/holidays/import', authority: ['company.create'] },
  // An employee withdraws their own pending request (the Employee role has no leave.delete).
  { method: 'POST', pattern: '/api/leaves/{id}/withdraw', authority: ['leave.update'], records: 'leaveRequest' },
  // Two-sided corrections (decision 034): the worker requests a correction of their own day,
  // withdraws it and answers an administrator's correction (own records only, checked by the
  // service like a leave request); administrators with attendance.update decide.
  { method: 'GET', pattern: '/api/attendance-corrections', authority: ['attendance.read'], records: 'employee' },
  { method: 'POST', pattern: '/api/attendance-corrections', authority: ['attendance.read'], records: 'leaveRequest' },
  { method: 'POST', pattern: '/api/attendance-corrections/{id}/approve', authority: ['attendance.update'], records: 'employee' },
  { method: 'POST', pattern: '/api/attendance-corrections/{id}/decline', authority: ['attendance.update'], records: 'employee' },
  { method: 'POST', pattern: '/api/attendance-corrections/{id}/withdraw', authority: ['attendance.read'], records: 'leaveRequest' },
  { method: 'POST', pattern: '/api/attendances/{id}/acceptance', authority: ['attendance.read'], records: 'leaveRequest' },
  { method: 'GET', pattern: '/api/dashboard', authority: ['dashboard.read'], records: 'everyone' },
  { method: 'GET', pattern: '/api/reports/monthly-record', authority: ['report.read'], records: 'employee' },
  { method: 'GET', pattern: '/api/reports/monthly-record/export', authority: ['report.read'], records: 'employee' },
  // The record as PDF (decision 035): any account, because each employee downloads their own month
  // from the personal area; the service asks report.read of admins and scopes Employee accounts.
  { method: 'GET', pattern: '/api/reports/monthly-record/pdf', authority: ['report.read'], records: 'employee' },
  // The open export with the record chain (decision 084): every employee's chain entries, so only accounts that see everyone.
  { method: 'GET', pattern: '/api/reports/monthly-record/open-export', authority: ['report.read'], records: 'everyone' },
  // The payroll export (decision 052): report.read, scoped by the service like the record.
  { method: 'GET', pattern: '/api/reports/payroll', authority: ['report.read'], records: 'employee' },
  { method: 'GET', pattern: '/api/reports/payroll/export', authority: ['report.read'], records: 'employee' },
  { method: 'GET', pattern: '/api/reports/{id}', authority: ['report.read'], records: 'employee' },
  { method: 'GET', pattern: '/api/reports/{id}/export', authority: ['report.read'], records: 'employee' },
  // The personal area: any signed-in account, always scoped to its own employee (404 without one).
  { method: 'GET', pattern: '/api/personal/dashboard', authority: [] },
  { method: 'GET', pattern: '/api/personal/attendance', authority: [] },
  { method: 'GET', pattern: '/api/personal/attendance/export', authority: [] },
  { method: 'GET', pattern: '/api/personal/attendance/pdf', authority: [] },
  { method: 'GET', pattern: '/api/personal/schedule', authority: [] },
  // The worker's view of the roster (decision 087): their department's published week as PDF, and
  // their private calendar feed (session only: a token never mints or revokes a feed secret).
  { method: 'GET', pattern: '/api/personal/roster-week.pdf', authority: [] },
  { method: 'GET', pattern: '/api/personal/calendar-feed', authority: [] },
  { method: 'POST', pattern: '/api/personal/calendar-feed', authority: [] },
  { method: 'DELETE', pattern: '/api/personal/calendar-feed', authority: [] },
  // A department's published week as PDF for the wall: every employee's plan of the department, company-scoped.
  { method: 'GET', pattern: '/api/roster/week.pdf', authority: ['schedule.read'], records: 'everyone' },
  // "I have received my record for <month>": always the account's own employee (decision 036).
  { method: 'POST', pattern: '/api/personal/acknowledgements', authority: [] },
  // The personal clock (decision 067): the session's own employee; the service checks the switches, never a token.
  { method: 'POST', pattern: '/api/personal/clock', authority: [] },
  // The worker's overtime choice (decision 070): the session's own day; the service checks the company's switch, never a token.
  { method: 'POST', pattern: '/api/personal/overtime-choice', authority: [] },
  // The worker's answer to an offer of voluntary complementary hours (decision 081): their own offers only, never a token.
  { method: 'POST', pattern: '/api/personal/complementary-offers/{id}', authority: [] },
  // Its punches kept on the device while offline (decision 071): the same checks, then the kiosk's late-punch rules.
  { method: 'POST', pattern: '/api/personal/clock/offline', authority: [] },
  // Time apart (issue 38 point 1, decision 080): the worker's own standby periods and interruptions; the service refuses a token.
  { method: 'POST', pattern: '/api/personal/standby', authority: [] },
  { method: 'DELETE', pattern: '/api/personal/standby/{id}', authority: [] },
  { method: 'POST', pattern: '/api/personal/interruptions', authority: [] },
  { method: 'DELETE', pattern: '/api/personal/interruptions/{id}', authority: [] },
  // An administrator's entry of them: the attendance authorities, the record-access policy and four eyes in the service.
  // Open shifts and swaps (issue 39 point 6, decision 086): the worker's own (the service refuses a token on writes)…
  { method: 'GET', pattern: '/api/personal/open-shifts', authority: [] },
  { method: 'POST', pattern: '/api/personal/open-shifts/{id}/claim', authority: [] },
  { method: 'DELETE', pattern: '/api/personal/open-shifts/{id}/claim', authority: [] },
  { method: 'GET', pattern: '/api/personal/swaps', authority: [] },
  { method: 'POST', pattern: '/api/personal/swaps', authority: [] },
  { method: 'POST', pattern: '/api/personal/swaps/{id}/accept', authority: [] },
  { method: 'POST', pattern: '/api/personal/swaps/{id}/decline', authority: [] },
  { method: 'POST', pattern: '/api/personal/swaps/{id}/cancel', authority: [] },
  // …and the administrators' decisions, within the companies they manage (another's is a 404).
  { method: 'GET', pattern: '/api/roster/claims', authority: ['schedule.read'], records: 'everyone' },
  { method: 'POST', pattern: '/api/roster/claims/{id}/approve', authority: ['schedule.update'], records: 'everyone' },
  { method: 'POST', pattern: '/api/roster/claims/{id}/decline', authority: ['schedule.update'], records: 'everyone' },
  { method: 'GET', pattern: '/api/roster/swaps', authority: ['schedule.read'], records: 'everyone' },
  { method: 'POST', pattern: '/api/roster/swaps/{id}/approve', authority: ['schedule.update'], records: 'everyone' },
  { method: 'POST', pattern: '/api/roster/swaps/{id}/reject', authority: ['schedule.update'], records: 'everyone' },
  { method: 'POST', pattern: '/api/standby-periods', authority: ['attendance.create'], records: 'employee' },
  { method: 'DELETE', pattern: '/api/standby-periods/{id}', authority: ['attendance.update'], records: 'employee' },
  { method: 'POST', pattern: '/api/disconnection-interruptions', authority: ['attendance.create'], records: 'employee' },
  { method: 'DELETE', pattern: '/api/disconnection-interruptions/{id}', authority: ['attendance.update'], records: 'employee' },
  // Read-only links for the labour inspectorate, managed with the settings' authorities (decision 036).
  { method: 'GET', pattern: '/api/inspection-links', authority: ['setting.read'] },
  { method: 'POST', pattern: '/api/inspection-links', authority: ['setting.update'] },
  { method: 'POST', pattern: '/api/inspection-links/{id}/revoke', authority: ['setting.update'] },
  { method: 'GET', pattern: '/api/inspection-links/{id}/uses', authority: ['setting.read'] },
  // API tokens (decision 057): an Admin or SuperAdmin account manages its own (everyone's with
  // setting.update, checked by the service); an Employee account lists none and may make none.
  { method: 'GET', pattern: '/api/api-tokens', authority: [] },
  { method: 'POST', pattern: '/api/api-tokens', authority: [] },
  { method: 'POST', pattern: '/api/api-tokens/{id}/revoke', authority: [] },
  // The OpenAPI 3.1 document of this API, generated from this table and the endpoints' schemas: any account.
  { method: 'GET', pattern: '/api/openapi.json', authority: [] },
  // The MCP server for AI assistants (decision 096): an API token only (the middleware refuses a
  // session); each tool is a request to this API with the same token, under its own route's authority.
  { method: 'POST', pattern: '/api/mcp', authority: [], tokenOnly: true },
  // The workers' representatives' totals: names and monthly totals of everyone (decision 036).
  { method: 'GET', pattern: '/api/representatives/totals', authority: ['workTotals.read'], records: 'everyone' },
  // The days whose correction the worker rejected: names and dates only (issue 38.4, decision 082).
  { method: 'GET', pattern: '/api/representatives/disputes', authority: ['workTotals.read'], records: 'everyone' },
  // The getting-started guide of the signed-in user (admin accounts; steps carry their own authority).
  { method: 'GET', pattern: '/api/guide', authority: [] },
  { method: 'PUT', pattern: '/api/guide', authority: [] },
  ...COLLECTIONS.flatMap(([path, resource]): ApiRoute[] => {
    const records = EMPLOYEE_OWNED.has(path) ? ({ records: 'employee' } as const) : {};
    // An Employee account files, edits and withdraws (deletes) its own pending leave requests (decision 024).
    const request = path === 'leaves' ? ({ records: 'leaveRequest' } as const) : records;
    return [
      { method: 'GET', pattern: `/api/${path}`, authority: [`${resource}.read`], ...records },
      { method: 'POST', pattern: `/api/${path}`, authority: [`${resource}.create`], ...request },
      { method: 'GET', pattern: `/api/${path}/{id}`, authority: [`${resource}.read`], ...records },
      { method: 'PATCH', pattern: `/api/${path}/{id}`, authority: [`${resource}.update`], ...request },
      { method: 'DELETE', pattern: `/api/${path}/{id}`, authority: [`${resource}.delete`], ...request },
      // Only employees are archived (status active/archived); other records have no archive endpoint.
      ...(path === 'employees' ? [{ method: 'POST', pattern: `/api/${path}/{id}/archive`, authority: [`${resource}.archive` as const], ...records }] : []),
    ];
  }),
  // An administrator ends every session of a user (SuperAdmin rules as for editing the user).
  { method: 'DELETE', pattern: '/api/users/{id}/sessions', authority: ['user.update'] },
  // A SuperAdmin resets a user's second factors (decision 090); the service refuses any other account.
  { method: 'DELETE', pattern: '/api/users/{id}/two-factor', authority: ['user.update'] },
  // Employee photos and face enrolment (photo ids take the second {id}).
  { method: 'GET', pattern: '/api/employees/{id}/photos', authority: ['employee.read'], records: 'employee' },
  { method: 'POST', pattern: '/api/employees/{id}/photos', authority: ['employee.update'], records: 'employee' },
  { method: 'DELETE', pattern: '/api/employees/{id}/photos/{id}', authority: ['employee.update'], records: 'employee' },
  { method: 'GET', pattern: '/api/employees/{id}/photos/{id}/image', authority: ['employee.read'], records: 'employee' },
  { method: 'PUT', pattern: '/api/employees/{id}/photos/{id}/descriptor', authority: ['employee.update'], records: 'employee' },
  { method: 'PUT', pattern: '/api/employees/{id}/consent', authority: ['employee.update'], records: 'employee' },
  // Snapshots the clock terminal keeps with face punches (setting punchPhoto).
  { method: 'GET', pattern: '/api/attendances/{id}/punch-photos', authority: ['attendance.read'], records: 'employee' },
  { method: 'GET', pattern: '/api/punches/{id}/photo', authority: ['attendance.read'], records: 'employee' },
  // Voiding a manual day with a reason replaces deleting it (decision 033): the delete authority.
  { method: 'POST', pattern: '/api/attendances/{id}/void', authority: ['attendance.delete'], records: 'employee' },
  // The record chain's check (decision 033): whoever may read the settings.
  { method: 'GET', pattern: '/api/record-chain/verify', authority: ['setting.read'] },
  // Legal holds (decision 083): placing one on an employee only keeps data longer (employee.update);
  // a company-wide hold and a release, which lets the retention purge go on, take setting.update.
  { method: 'GET', pattern: '/api/legal-holds', authority: ['setting.read'], records: 'everyone' },
  { method: 'POST', pattern: '/api/legal-holds', authority: ['setting.update'], records: 'everyone' },
  { method: 'POST', pattern: '/api/legal-holds/{id}/release', authority: ['setting.update'], records: 'everyone' },
  { method: 'GET', pattern: '/api/employees/{id}/legal-holds', authority: ['employee.read'], records: 'employee' },
  { method: 'POST', pattern: '/api/employees/{id}/legal-holds', authority: ['employee.update'], records: 'employee' },
];

const BY_METHOD_AND_PATTERN = new Map(API_ROUTES.map((route) => [`${route.method} ${route.pattern}`, route]));
const PATTERNS = new Set(API_ROUTES.map((route) => route.pattern));

/**
 * Astro's `routePattern` of an endpoint file as the table writes it: every single `[param]` is
 * `{id}` (`/api/employees/[id]/photos/[photoId]` -> `/api/employees/{id}/photos/{id}`). The
 * catch-all `[...path]` stays as it is and so matches no entry.
 */
export function tablePattern(routePattern: string): string {
  return routePattern.replace(/\[[^\]./]+\]/g, '{id}');
}

/**
 * The endpoint for a method and the route Astro resolved (`context.routePattern`); HEAD is GET.
 * Keyed on the file route, the table cannot disagree with Astro about which endpoint a path reaches.
 */
export function matchApiRoute(method: string, routePattern: string): ApiRoute | undefined {
  const m = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
  return BY_METHOD_AND_PATTERN.get(`${m} ${tablePattern(routePattern)}`);
}

/** True when the route has an endpoint for another method (405 rather than 404). */
export function apiPathExists(routePattern: string): boolean {
  return PATTERNS.has(tablePattern(routePattern));
}
