import { readFileSync } from 'node:fs';
import path from 'node:path';
import { FACES } from './faces.ts';
import type { Client } from './http-client.ts';

/**
 * Test helper for the security and bad-input suites: real record ids of a `--demo` server and a
 * valid body for every write endpoint of the API table, keyed `METHOD pattern`. A suite that walks
 * the API table fails on a write endpoint missing here, so a new endpoint gets its checks.
 */

export const FACE_PNG = path.join(FACES, 'amy1.png');
export const faceDataUrl = () => `data:image/png;base64,${readFileSync(FACE_PNG).toString('base64')}`;
/** A WebAuthn response of the right shape that no authenticator made. */
const PASSKEY_RESPONSE = { id: 'AAAA', rawId: 'AAAA', type: 'public-key', response: { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature: 'AAAA' }, clientExtensionResults: {} };

export const DESCRIPTOR = Array.from({ length: 128 }, (_, i) => Math.round(Math.sin(i) * 1000) / 10_000);

const IMPORT_CSV = [
  'firstName,lastName,gender,email,nationalId,company,department,jobTitle,leaveGroup,employmentType,pin',
  'Marina,Soler Vidal,female,marina.soler@example.com,12345678Z,Panadería La Espiga,Obrador,Oficial de panadería,General,regular,4827190',
].join('\n');

/** Ids of the demo data, read over the API as a SuperAdmin. */
export interface DemoIds {
  company: number;
  department: number;
  jobTitle: number;
  leaveType: number;
  leaveGroup: number;
  role: number;
  /** The employee behind employee@demo.jornada, and one of someone else. */
  ownEmployee: number;
  otherEmployee: number;
  user: number;
  schedule: number;
  /** An attendance day and a leave request of another employee than employee@demo.jornada. */
  otherAttendance: number;
  otherLeave: number;
  ownAttendance: number;
  ownLeave: number;
  holiday: number;
  /** A clock terminal, waiting for its device (decision 042). */
  terminal: number;
  /** A webhook, disabled so that no event reaches its address (decision 058). */
  webhook: number;
  /** The local date of the server's today (the demo data is laid around it). */
  today: string;
}

async function first(client: Client, path: string): Promise<any> {
  const res = await client.get(path);
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  const body = await res.json();
  if (!body.data?.length) throw new Error(`${path}: no records`);
  return body.data[0];
}

export async function demoIds(admin: Client): Promise<DemoIds> {
  const jobTitle = await first(admin, '/api/job-titles?pageSize=1');
  const own = await first(admin, '/api/employees?q=Javier%20Moreno&pageSize=1');
  const other = await first(admin, '/api/employees?q=Elena%20Ramos&pageSize=1');
  const user = await first(admin, '/api/users?q=manager&pageSize=1');
  const holiday = await admin.post('/api/holidays', { name: 'Fiesta local', date: '2026-09-08', company: jobTitle.company });
  if (holiday.status !== 201) throw new Error(`holiday: ${holiday.status} ${await holiday.text()}`);
  const today = (await first(admin, '/api/attendances?pageSize=1')).date as string;
  const leaves = (await (await admin.get('/api/leaves?pageSize=100')).json()).data as { _id: number; employee: number }[];
  const otherLeave = leaves.find((l) => l.employee !== own._id);
  if (!otherLeave) throw new Error('no leave of another employee');
  const terminal = await admin.post('/api/terminals', { name: 'Terminal de prueba', location: 'Entrada', methods: ['pin', 'badge'] });
  if (terminal.status !== 201) throw new Error(`terminal: ${terminal.status} ${await terminal.text()}`);
  const webhook = await admin.post('/api/webhooks', { url: 'http://127.0.0.1:9/jornada-test', events: ['period.approved'] });
  if (webhook.status !== 201) throw new Error(`webhook: ${webhook.status} ${await webhook.text()}`);
  const webhookId = (await webhook.json()).data._id as number;
  const disabled = await admin.request('PATCH', `/api/webhooks/${webhookId}`, { enabled: false });
  if (disabled.status !== 200) throw new Error(`webhook: ${disabled.status} ${await disabled.text()}`);
  return {
    company: jobTitle.company,
    department: jobTitle.department,
    jobTitle: jobTitle._id,
    leaveType: (await first(admin, '/api/leave-types?pageSize=1'))._id,
    leaveGroup: (await first(admin, '/api/leave-groups?pageSize=1'))._id,
    role: (await first(admin, '/api/roles?pageSize=1'))._id,
    ownEmployee: own._id,
    otherEmployee: other._id,
    user: user._id,
    schedule: (await first(admin, `/api/schedules?employee=${other._id}&pageSize=1`))._id,
    otherAttendance: (await first(admin, `/api/attendances?employee=${other._id}&pageSize=1`))._id,
    ownAttendance: (await first(admin, `/api/attendances?employee=${own._id}&pageSize=1`))._id,
    otherLeave: otherLeave._id,
    ownLeave: (await first(admin, `/api/leaves?employee=${own._id}&pageSize=1`))._id,
    holiday: (await holiday.json()).data._id,
    terminal: (await terminal.json()).data._id,
    webhook: webhookId,
    today,
  };
}

/**
 * The id to put in `/api/<collection>/{id}` for each collection, from the demo ids; `overrides`
 * set or replace entries (each test names its own employee and report).
 */
export function idsByCollection(ids: DemoIds, overrides: Record<string, number | string> = {}): Record<string, number | string> {
  return {
    employees: ids.otherEmployee,
    attendances: ids.otherAttendance,
    schedules: ids.schedule,
    leaves: ids.otherLeave,
    users: ids.user,
    roles: ids.role,
    companies: ids.company,
    departments: ids.department,
    'job-titles': ids.jobTitle,
    'leave-types': ids.leaveType,
    'leave-groups': ids.leaveGroup,
    holidays: ids.holiday,
    terminals: ids.terminal,
    webhooks: ids.webhook,
    punches: 1,
    ...overrides,
  };
}

/** `YYYY-MM-DD` `days` after (or before) a date. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The first Monday after a date. */
export function mondayAfter(date: string): string {
  const day = new Date(`${date}T12:00:00Z`).getUTCDay();
  return addDays(date, (1 - day + 7) % 7 || 7);
}

/** The nearest Wednesday on or before a date (a working day in every demo schedule). */
export function wednesdayBefore(date: string): string {
  const day = new Date(`${date}T12:00:00Z`).getUTCDay();
  return addDays(date, -((day - 3 + 7) % 7));
}

export interface WriteCase {
  /** A body the endpoint accepts (for item routes: at the record `ids` names). */
  body: Record<string, unknown>;
  /** Field names that are dates, times and references, for targeted bad values. */
  dates?: string[];
  times?: string[];
  refs?: string[];
  /** Text fields with their maximum length (stored and shown back as sent). */
  texts?: Record<string, number>;
  /** A partial update: fields left out keep their stored values, so `{}` is a valid change. */
  partial?: boolean;
}

/** Endpoints that take no body: only their path ids can be wrong. */
export const NO_BODY = new Set([
  'POST /api/sign-out',
  'POST /api/account/sign-out-everywhere',
  'POST /api/account/passkeys/options',
  'DELETE /api/account/sessions/{id}',
  // Decision 090: a TOTP set-up starts and a user's second factors are reset without a body.
  'POST /api/account/two-factor/setup',
  'DELETE /api/users/{id}/two-factor',
  'DELETE /api/users/{id}/sessions',
  'POST /api/backups',
  'DELETE /api/{c}/{id}',
  'POST /api/{c}/{id}/archive',
  'POST /api/leaves/{id}/withdraw',
  'POST /api/attendance-corrections/{id}/withdraw',
  'DELETE /api/employees/{id}/photos/{id}',
  'POST /api/inspection-links/{id}/revoke',
  'POST /api/legal-holds/{id}/release',
  'POST /api/api-tokens/{id}/revoke',
  'POST /api/terminals/{id}/pairing-code',
  'POST /api/terminals/{id}/revoke',
  'POST /api/terminals/{id}/reset-sequence',
  'POST /api/clock/challenge',
  'POST /api/outbox/{id}/retry',
  'POST /api/outbox/{id}/discard',
  'POST /api/webhooks/{id}/secret',
  'POST /api/webhooks/{id}/test',
  // Issue 41.4: resuming a paused webhook.
  'POST /api/webhooks/{id}/resume',
  // Issue 36.1: revoking an employee's unused invitation.
  'DELETE /api/employees/{id}/invitation',
  // Issue 38.1: removing a standby period or an interruption.
  'DELETE /api/personal/standby/{id}',
  'DELETE /api/personal/interruptions/{id}',
  // Issue 39.7: the worker's calendar feed is made and revoked without a body.
  'POST /api/personal/calendar-feed',
  'DELETE /api/personal/calendar-feed',
  'DELETE /api/standby-periods/{id}',
  'DELETE /api/disconnection-interruptions/{id}',
  // Issue 39.6: claims and swap steps name their record in the path only.
  'POST /api/personal/open-shifts/{id}/claim',
  'DELETE /api/personal/open-shifts/{id}/claim',
  'POST /api/personal/swaps/{id}/accept',
  'POST /api/personal/swaps/{id}/decline',
  'POST /api/personal/swaps/{id}/cancel',
  'POST /api/roster/claims/{id}/approve',
  'POST /api/roster/claims/{id}/decline',
  'POST /api/roster/swaps/{id}/approve',
  'POST /api/roster/swaps/{id}/reject',
  // Issue 39: removing a draft roster shift.
  'DELETE /api/roster/shifts/{id}',
]);

/** The key of a route with the collection name replaced, so one entry covers every collection. */
export function genericKey(method: string, pattern: string): string {
  return `${method} ${pattern.replace(/^\/api\/[a-z-]+\/\{id\}(\/archive)?$/, '/api/{c}/{id}$1')}`;
}

/**
 * A valid body for each write endpoint. `ids.employee` etc. are throwaway records the suites
 * create first, so accepting a body changes nothing of the demo data the other checks read.
 */
export function writeCases(ids: DemoIds, own: { employee: number; department: number }): Record<string, WriteCase> {
  const workday = wednesdayBefore(addDays(ids.today, -2));
  const future = wednesdayBefore(addDays(ids.today, 40));
  const rosterWeek = mondayAfter(addDays(ids.today, 60));
  // A Saturday night's on-call duty and an evening call of the week before (issue 38.1).
  const saturday = addDays(workday, -4);
  const standby = { kind: 'on_call', startAt: `${saturday}T18:00:00.000Z`, endAt: `${saturday}T23:00:00.000Z`, calledInSeconds: 3600, note: 'Avería' };
  const interruption = { at: `${addDays(workday, -1)}T20:30:00.000Z`, channel: 'phone', durationSeconds: 900, workDone: true, note: 'Llamada del encargado' };
  const employee = {
    firstName: 'Ana',
    lastName: 'Prueba Segura',
    gender: 'female',
    email: 'ana.segura@example.com',
    nationalId: 'X1234567L',
    company: ids.company,
    department: ids.department,
    jobTitle: ids.jobTitle,
    leaveGroup: ids.leaveGroup,
    employmentType: 'regular',
    pin: '7654321',
  };
  const shift = { startTime: '09:00', offTime: '17:00', totalHours: 8, restDays: ['Saturday', 'Sunday'], fromDate: addDays(ids.today, -60) };
  const employeeTexts = { firstName: 80, lastName: 120, nationalId: 40, phone: 40, placeOfBirth: 120, address: 300, leavePrivilege: 200, employmentStatus: 80 };
  return {
    'POST /api/user/login': { body: { email: 'admin@demo.jornada', password: 'Demo#2026' } },
    'POST /api/sign-up': { body: { company: 'Otra', full_name: 'Otra Persona', email: 'otra@example.com', password: 'Otra#20266' } },
    'POST /api/clock': { body: { action: 'check-in', pin: '100005' } },
    // Late punches of a paired terminal (decision 046); without a terminal credential always 403.
    'POST /api/clock/offline': { body: { sentAt: '2026-01-01T10:00:00.000Z', punches: [{ seq: 1, at: '2026-01-01T09:00:00.000Z', action: 'check-in', pin: '100005' }] } },
    'POST /api/clock-conflicts/{id}/resolve': { body: { note: 'Revisado con el empleado' } },
    'POST /api/clock-conflicts/{id}/dismiss': { body: { note: 'Fichaje de prueba' } },
    // Approval and lock of periods (decision 051): a period long past of the throwaway employee.
    'POST /api/periods/approve': { body: { date: addDays(ids.today, -800), employees: [own.employee] }, dates: ['date'] },
    'POST /api/periods/reopen': { body: { date: addDays(ids.today, -800), employee: own.employee, reason: 'Revisión' }, dates: ['date'], refs: ['employee'], texts: { reason: 1000 } },
    'POST /api/account/password': { body: { currentPassword: 'Demo#2026', newPassword: 'Nueva#2026x', confirmPassword: 'Nueva#2026x' } },
    // Passkeys (decision 091): shapes only; a made-up credential is refused after validation (the real ceremony is in passkeys.test.ts).
    'POST /api/account/passkeys': { body: { name: 'Portátil', response: PASSKEY_RESPONSE }, texts: { name: 80 } },
    'PATCH /api/account/passkeys/{id}': { body: { name: 'Portátil' }, texts: { name: 80 } },
    'POST /api/account/passkeys/{id}/remove': { body: { password: 'Demo#2026' } },
    // Without a ticket the options are the passwordless ones; `{}` is valid.
    'POST /api/user/login/passkey/options': { body: { ticket: 'x'.repeat(43) }, partial: true },
    'POST /api/user/login/passkey': { body: { challenge: 'x'.repeat(43), response: PASSKEY_RESPONSE } },
    'PUT /api/settings': { body: {} /* filled from GET /api/settings */ },
    // Two-step sign-in (decision 090): the demo admin has TOTP off, so a right password still changes nothing
    // (409); a code of the right shape; tickets of the right shape that name nothing (401).
    'POST /api/account/two-factor/enable': { body: { code: '123456' } },
    'POST /api/account/two-factor/disable': { body: { password: 'Demo#2026' } },
    'POST /api/account/two-factor/recovery-codes': { body: { password: 'Demo#2026' } },
    'POST /api/user/login/second-factor': { body: { ticket: 'C'.repeat(43), method: 'totp', code: '123456', rememberDevice: false } },
    'POST /api/user/login/two-factor-setup': { body: { ticket: 'D'.repeat(43) } },
    'POST /api/user/login/two-factor-setup/confirm': { body: { ticket: 'E'.repeat(43), code: '123456', rememberDevice: false } },
    // Turning it off changes nothing on the demo (off already) and deletes nothing (decision 047).
    'POST /api/settings/face-recognition': { body: { enabled: false } },
    // Email stays off on the demo: no server, no sender (decision 054).
    'PUT /api/settings/email': { body: { host: '', port: 587, security: 'starttls', user: '', from: '', appUrl: '' } },
    // Notifications (decision 055): a company's switch (the account's company, no ?companyId=) and one's own mutes.
    // Single sign-on stays off on the demo (decision 092); the SuperAdmin only.
    'PUT /api/settings/sso': { body: { enabled: false, displayName: '', issuer: '', clientId: '', createAccounts: false, passwordOnlySuperAdmin: false } },
    'PUT /api/settings/notifications': { body: { settings: [{ kind: 'terminalSilent', enabled: true }] } },
    'PUT /api/account/notifications': { body: { language: null, muted: [] } },
    'POST /api/feedback': { body: { message: 'Todo bien' }, texts: { message: 5000 } },
    // Without an SMTP server (the demo has none) a valid address is answered 409 (decision 054).
    'POST /api/settings/email/test': { body: { to: 'prueba@example.com' } },
    'PUT /api/guide': { body: { dismissed: true } },
    // The MCP server (decision 096): a session is refused before the body is read; tests/integration/mcp.test.ts sends it with a token.
    'POST /api/mcp': { body: { jsonrpc: '2.0', id: 1, method: 'tools/list' } },
    'POST /api/employees/import': { body: { csv: IMPORT_CSV, dryRun: true } },
    'POST /api/schedules/bulk': { body: { department: own.department, ...shift }, dates: ['fromDate', 'toDate'], times: ['startTime', 'offTime'], refs: ['department'] },
    'POST /api/employees': { body: employee, dates: ['birthday', 'officialStartDate', 'dateRegularized'], refs: ['company', 'department', 'jobTitle', 'leaveGroup'], texts: employeeTexts },
    'PATCH /api/employees/{id}': {
      body: { ...employee, email: 'ana.segura2@example.com', nationalId: 'X7654321M', pin: '' },
      dates: ['birthday', 'officialStartDate'],
      refs: ['company', 'department', 'jobTitle', 'leaveGroup'],
      texts: employeeTexts,
    },
    'POST /api/attendances': {
      body: { employee: own.employee, date: workday, timeIn: '09:05', timeOut: '17:00', reason: 'Olvidó fichar' },
      dates: ['date'],
      times: ['timeIn', 'timeOut', 'breakIn', 'breakOut'],
      refs: ['employee'],
      texts: { reason: 500 },
    },
    'PATCH /api/attendances/{id}': { body: { timeIn: '09:00', timeOut: '17:00', reason: 'Corrección' }, times: ['timeIn', 'timeOut', 'breakIn'], texts: { reason: 500 } },
    'POST /api/attendances/{id}/void': { body: { reason: 'Registrado por error' }, texts: { reason: 500 } },
    // Two-sided corrections (decision 034): the worker's request, the decision, the worker's answer.
    'POST /api/attendance-corrections': { body: { date: workday, timeIn: '09:00', timeOut: '17:00', reason: 'Olvidé fichar' }, dates: ['date'], times: ['timeIn', 'timeOut', 'breakIn', 'breakOut'] },
    // `{}` approves (the comment is optional), so the suites never send the bare body.
    'POST /api/attendance-corrections/{id}/approve': { body: { comment: 'Visto' }, partial: true },
    'POST /api/attendance-corrections/{id}/decline': { body: { comment: 'No consta' } },
    'POST /api/attendances/{id}/acceptance': { body: { revision: 1, answer: 'rejected', comment: 'No es así' } },
    'POST /api/schedules': { body: { employee: own.employee, ...shift }, dates: ['fromDate', 'toDate'], times: ['startTime', 'offTime'], refs: ['employee'] },
    'PATCH /api/schedules/{id}': { body: { employee: own.employee, ...shift, startTime: '08:00', offTime: '16:00' }, dates: ['fromDate'], times: ['startTime', 'offTime'], refs: ['employee'] },
    'POST /api/leaves': {
      body: { employee: own.employee, leaveType: ids.leaveType, from: future, to: addDays(future, 1), reason: 'Asuntos' },
      dates: ['from', 'to'],
      refs: ['employee', 'leaveType'],
      texts: { reason: 1000 },
    },
    'PATCH /api/leaves/{id}': { body: { status: 'approved', comment: 'De acuerdo' }, texts: { comment: 1000 } },
    'POST /api/users': {
      body: { name: 'Usuaria Prueba', email: 'usuaria.prueba@example.com', role: ids.role, status: 'enabled', accountType: 'Admin', company: ids.company, password: 'Prueba#2026x', confirmPassword: 'Prueba#2026x' },
      refs: ['role', 'employee', 'company'],
      texts: { name: 120 },
    },
    'PATCH /api/users/{id}': {
      body: { name: 'Usuaria Cambiada', email: 'semilla.cambiada@example.com', role: ids.role, status: 'enabled', accountType: 'Admin' },
      refs: ['role', 'employee'],
      texts: { name: 120 },
      partial: true,
    },
    'POST /api/roles': { body: { name: 'Rol de prueba', permissions: { employee: ['read'] } }, texts: { name: 120 } },
    'PATCH /api/roles/{id}': { body: { name: 'Rol cambiado', permissions: { employee: ['read', 'update'] } }, texts: { name: 120 } },
    'POST /api/companies': { body: { name: 'Empresa de prueba' }, texts: { name: 120 } },
    'PATCH /api/companies/{id}': { body: { name: 'Empresa cambiada' }, texts: { name: 120 } },
    'POST /api/departments': { body: { name: 'Departamento de prueba', company: ids.company }, refs: ['company'], texts: { name: 120 } },
    'PATCH /api/departments/{id}': { body: { name: 'Departamento cambiado', company: ids.company }, refs: ['company'], texts: { name: 120 } },
    'POST /api/job-titles': { body: { name: 'Puesto de prueba', department: ids.department, company: ids.company }, refs: ['department', 'company'], texts: { name: 120 } },
    'PATCH /api/job-titles/{id}': { body: { name: 'Puesto cambiado', department: ids.department, company: ids.company }, refs: ['department', 'company'], texts: { name: 120 } },
    'POST /api/leave-types': {
      body: { name: 'Permiso de prueba', company: ids.company, daysPerYear: 2, accrualDaysPerMonth: 0.5, carryOverMaxDays: 1, carryOverExpiry: '03-31' },
      refs: ['company'],
      texts: { name: 120 },
    },
    'PATCH /api/leave-types/{id}': { body: { name: 'Permiso cambiado', company: ids.company, daysPerYear: 3 }, refs: ['company'], texts: { name: 120 } },
    'POST /api/leave-groups': {
      body: { name: 'Grupo de prueba', description: 'Para pruebas', privilege: [ids.leaveType], status: 'active', company: ids.company },
      refs: ['company'],
      texts: { name: 120, description: 500 },
    },
    'PATCH /api/leave-groups/{id}': {
      body: { name: 'Grupo cambiado', description: 'Otra', privilege: [ids.leaveType], status: 'active', company: ids.company },
      refs: ['company'],
      texts: { name: 120, description: 500 },
    },
    'POST /api/holidays': { body: { name: 'Fiesta de prueba', date: '2026-12-26', company: ids.company }, dates: ['date'], refs: ['company'], texts: { name: 120 } },
    'PATCH /api/holidays/{id}': { body: { name: 'Fiesta cambiada', date: '2026-12-27', company: ids.company }, dates: ['date'], refs: ['company'], texts: { name: 120 } },
    // Public holidays of a year far from the demo's (decision 053).
    'POST /api/holidays/import': { body: { company: ids.company, country: 'ES', region: 'MD', year: 2031 }, refs: ['company'] },
    'POST /api/employees/{id}/photos': { body: { image: faceDataUrl() } },
    // Issue 34.4: no numbers; the server computes the face data from the stored photo.
    'PUT /api/employees/{id}/photos/{id}/descriptor': { body: {} },
    'PUT /api/employees/{id}/consent': { body: { consent: true } },
    // Both fields have defaults (a week, no label): `{}` makes a link.
    'POST /api/terminals': { body: { name: 'Puerta', location: 'Entrada', methods: ['pin'] }, texts: { name: 60, location: 120 } },
    'PATCH /api/terminals/{id}': { body: { name: 'Puerta principal', location: 'Entrada', methods: ['pin', 'badge'] }, texts: { name: 60, location: 120 } },
    'POST /api/terminal/pair': { body: { code: 'ABCD-EFGH' } },
    'POST /api/inspection-links': { body: { days: 7, label: 'Requerimiento de prueba' }, partial: true },
    // Legal holds (decision 083): on the throwaway company and employee.
    'POST /api/legal-holds': { body: { companyId: ids.company, reason: 'Requerimiento judicial de prueba' }, refs: ['companyId'], texts: { reason: 500 } },
    'POST /api/employees/{id}/legal-holds': { body: { reason: 'Demanda de prueba' }, texts: { reason: 500 } },
    'POST /api/personal/acknowledgements': { body: { month: '2026-01' } },
    // An API token (decision 057): a month from the demo's today, one permission every admin actor holds or not.
    'POST /api/api-tokens': { body: { name: 'Integración de prueba', expiresOn: addDays(ids.today, 30), permissions: { report: ['read'] } }, dates: ['expiresOn'] },
    // Webhooks (decision 058): an address nobody listens on; the demo's webhook is disabled.
    'POST /api/webhooks': { body: { url: 'http://127.0.0.1:9/jornada-hook', events: ['leave.decided'] } },
    'PATCH /api/webhooks/{id}': { body: { events: ['leave.decided', 'period.approved'] }, partial: true },
    // Invitations and password resets (issue 36.1-2, decision 066): a sheet for the throwaway
    // employee; links of the right shape that name nothing; an address nobody has.
    'POST /api/invitations': { body: { employees: [own.employee], delivery: 'sheet' } },
    'POST /api/invitations/accept': { body: { token: 'A'.repeat(43), password: 'Nueva#2026x', confirmPassword: 'Nueva#2026x' } },
    'POST /api/password/forgot': { body: { email: 'nadie@example.com' } },
    'POST /api/password/reset': { body: { token: 'B'.repeat(43), password: 'Nueva#2026x', confirmPassword: 'Nueva#2026x' } },
    // The personal clock (issue 36.3, decision 067).
    'POST /api/personal/clock': { body: { action: 'check-in', workMode: 'remote' } },
    // The worker's overtime choice (issue 36.7, decision 070): a day of the session's own.
    'POST /api/personal/overtime-choice': { body: { date: workday, compensation: 'rest' }, dates: ['date'] },
    // Complementary hours (issue 38.3, decision 081): a throwaway full-time employee: a valid body is refused with 422 after the checks.
    'POST /api/employees/{id}/complementary-pacts': { body: { signedOn: '2026-01-01', validFrom: '2026-01-01', sharePercent: 20 }, dates: ['signedOn', 'validFrom'] },
    'POST /api/complementary-offers': { body: { employee: own.employee, date: workday, minutes: 60 }, dates: ['date'] },
    'POST /api/personal/complementary-offers/{id}': { body: { answer: 'accept' } },
    // The personal clock's kept punches (issue 36.4, decision 071): the demo admin links no employee (403 after the body is checked).
    'POST /api/personal/clock/offline': { body: { device: 'device-0001', sentAt: '2026-01-01T10:00:00.000Z', punches: [{ seq: 1, at: '2026-01-01T09:00:00.000Z', action: 'check-in', workMode: 'remote' }] } },
    // Workplaces for proof of place (decision 068): the company is the Admin's own when not given.
    'POST /api/workplaces': { body: { name: 'Obrador', lat: 40.416775, lng: -3.70379, radiusM: 100 }, texts: { name: 120 } },
    'PATCH /api/workplaces/{id}': { body: { name: 'Obrador norte', lat: 40.4172, lng: -3.7038, radiusM: 150 }, texts: { name: 120 } },
    // Time apart (issue 38.1, decision 080): the personal ones are the session's own (the demo admin links no employee: 403 after the body is checked).
    'POST /api/personal/standby': { body: standby, texts: { note: 500 } },
    'POST /api/personal/interruptions': { body: interruption, texts: { note: 500 } },
    // Issue 39.6: the demo has no published shift, so a valid body ends in 404 (not my shift) or 403 (no linked employee).
    'POST /api/personal/swaps': { body: { shift: 1, colleague: ids.otherEmployee, otherShift: null, note: 'Cambio por médico' }, refs: ['shift', 'colleague'], texts: { note: 500 } },
    'POST /api/standby-periods': { body: { ...standby, employee: ids.otherEmployee }, refs: ['employee'], texts: { note: 500 } },
    'POST /api/disconnection-interruptions': { body: { ...interruption, employee: ids.otherEmployee }, refs: ['employee'], texts: { note: 500 } },
    // Rostering (issue 39, decision 085): the throwaway department and employee, weeks far ahead.
    'POST /api/shift-templates': { body: { name: 'Mañana', startTime: '07:00', endTime: '15:00', breakMinutes: 30, colour: '#2563eb', department: own.department }, times: ['startTime', 'endTime'], refs: ['department'] },
    'PATCH /api/shift-templates/{id}': { body: { name: 'Tarde', startTime: '15:00', endTime: '23:00' }, times: ['startTime', 'endTime'], partial: true },
    'POST /api/roster/shifts': {
      body: { department: own.department, employee: own.employee, date: rosterWeek, startTime: '09:00', endTime: '17:00', breakMinutes: 30 },
      dates: ['date'],
      times: ['startTime', 'endTime'],
      refs: ['department', 'employee'],
    },
    'PATCH /api/roster/shifts/{id}': { body: { startTime: '10:00', endTime: '18:00' }, times: ['startTime', 'endTime'], partial: true },
    'POST /api/roster/copy-week': { body: { department: own.department, from: rosterWeek, to: addDays(rosterWeek, 7) }, dates: ['from', 'to'], refs: ['department'] },
    'POST /api/roster/repeat': { body: { department: own.department, from: rosterWeek, weeks: 1, times: 2 }, dates: ['from'], refs: ['department'] },
    'POST /api/roster/fill': { body: { department: own.department, from: rosterWeek, to: addDays(rosterWeek, 6) }, dates: ['from', 'to'], refs: ['department'] },
    'POST /api/roster/publish': { body: { department: own.department, from: rosterWeek, to: addDays(rosterWeek, 6) }, dates: ['from', 'to'], refs: ['department'] },
    'PUT /api/roster/coverage': { body: { department: own.department, needs: [] }, refs: ['department'] },
  };
}
