import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES, type ApiRoute } from '../../src/domain/routing/api-table.ts';
import { ACTIONS, hasAuthority, type AccountType, type Permissions } from '../../src/domain/permissions/permissions.ts';
import { canReadEmployeeRecord, routeRecordRefusal } from '../../src/domain/permissions/record-access.ts';
import { entryPath } from '../../src/domain/routing/entry-path.ts';
import { PAGE_ROUTES, ROUTE_SETS, type PageRoute } from '../../src/domain/routing/route-table.ts';
import { demoIds, idsByCollection, writeCases, type DemoIds } from '../helpers/api-bodies.ts';
import { changedTables, dbSnapshot } from '../helpers/db-snapshot.ts';
import { Client, location } from '../helpers/http-client.ts';
import { startServer, type TestServer } from '../helpers/test-server.ts';

/**
 * The authority matrix, generated from the one API table and the one route table (issue 11):
 * every endpoint and every page, as signed-out, Employee, an Employee with a broad custom role,
 * an Admin with a small role, an Admin with the Representatives role and the SuperAdmin, with real ids of the demo data. The expected
 * answer comes from the role (`hasAuthority`) and the record-access policy (decision 024,
 * `record-access.ts`). Refused writes are sent with a valid body to a real record and must write
 * nothing. Record-level access: an Employee never reaches another employee's attendance, leave
 * or schedule by id, whatever its role grants.
 */

type Actor = 'anon' | 'employee' | 'broad' | 'limited' | 'reps' | 'super';
interface Subject {
  accountType: AccountType;
  permissions: Permissions;
  /** The linked employee (the record-access policy needs it; the sign-in answer does not say). */
  employeeId: number | null;
}
const ACTORS = ['employee', 'broad', 'limited', 'reps', 'super'] as const;

let server: TestServer;
let ids: DemoIds;
const clients = {} as Record<Actor, Client>;
const subjects = {} as Record<Exclude<Actor, 'anon'>, Subject>;
let photo: string;

/** What the small role may do; the Employee role comes from the demo data (its sign-in answer). */
const LIMITED: Permissions = { employee: ['read'], attendance: ['read', 'update'], leave: ['read', 'update'], report: ['read'] };
/** A self-service role an owner may well create, given to an Employee account: nearly everything. */
const ALL = [...ACTIONS];
const BROAD: Permissions = { employee: ALL, attendance: ALL, schedule: ALL, leave: ALL, report: ['read'], dashboard: ['read'] };

/**
 * The endpoints with an empty authority. Adding an endpoint without an authority fails this
 * matrix until it is listed here on purpose.
 */
const OPEN_TO_ANY_ACCOUNT = [
  'GET /api/me',
  'POST /api/account/password',
  'POST /api/account/sign-out-everywhere',
  // Own passkeys (decision 091): any account, only its own.
  'GET /api/account/passkeys',
  'POST /api/account/passkeys/options',
  'POST /api/account/passkeys',
  'PATCH /api/account/passkeys/{id}',
  'POST /api/account/passkeys/{id}/remove',
  // The account's own sessions (decision 093): only its own, another's is a 404.
  'GET /api/account/sessions',
  'DELETE /api/account/sessions/{id}',
  // Two-step sign-in (decision 090): the account's own factors only.
  'GET /api/account/two-factor',
  'POST /api/account/two-factor/setup',
  'POST /api/account/two-factor/enable',
  'POST /api/account/two-factor/disable',
  'POST /api/account/two-factor/recovery-codes',
  // Own notification choices (decision 055): any account, only its own.
  'GET /api/account/notifications',
  'PUT /api/account/notifications',
  'POST /api/feedback',
  'GET /api/guide',
  'PUT /api/guide',
  // The MCP server (decision 096): any account's API token, never a session (tokenOnly).
  'POST /api/mcp',
  'GET /api/personal/dashboard',
  'GET /api/personal/attendance',
  'GET /api/personal/attendance/export',
  'GET /api/personal/schedule',
  'GET /api/personal/attendance/pdf',
  'POST /api/personal/acknowledgements',
  // The personal clock (decision 067): the service checks the account's own employee and the switches.
  'POST /api/personal/clock',
  // The worker's overtime choice (decision 070): the service checks the account's own day and the company's switch.
  'POST /api/personal/overtime-choice',
  'POST /api/personal/clock/offline',
  // Time apart (issue 38.1, decision 080): the service writes only the account's own employee.
  'POST /api/personal/standby',
  'DELETE /api/personal/standby/{id}',
  'POST /api/personal/interruptions',
  'DELETE /api/personal/interruptions/{id}',
  // The worker's answer to voluntary complementary hours (decision 081): the service answers only the account's own offer.
  'POST /api/personal/complementary-offers/{id}',
  // The worker's view of the roster (decision 087): the own department's week and the own calendar feed.
  'GET /api/personal/roster-week.pdf',
  'GET /api/personal/calendar-feed',
  'POST /api/personal/calendar-feed',
  'DELETE /api/personal/calendar-feed',
  // Open shifts and swaps (decision 086): the service acts only for the account's own employee (claims, swaps of their own; others 404).
  'GET /api/personal/open-shifts',
  'POST /api/personal/open-shifts/{id}/claim',
  'DELETE /api/personal/open-shifts/{id}/claim',
  'GET /api/personal/swaps',
  'POST /api/personal/swaps',
  'POST /api/personal/swaps/{id}/accept',
  'POST /api/personal/swaps/{id}/decline',
  'POST /api/personal/swaps/{id}/cancel',
  // API tokens (decision 057): the service refuses Employee accounts and limits each account to its own.
  'GET /api/api-tokens',
  'POST /api/api-tokens',
  'POST /api/api-tokens/{id}/revoke',
  'GET /api/openapi.json',
];
const PUBLIC = [
  'GET /api/health',
  'POST /api/user/login',
  'POST /api/user/login/passkey/options',
  'POST /api/user/login/passkey',
  'POST /api/sign-up',
  // Single sign-on (decision 092): the browser's way to the provider and back.
  'GET /api/auth/oidc/start',
  'GET /api/auth/oidc/callback',
  'POST /api/sign-out',
  'POST /api/clock',
  'POST /api/terminal/pair',
  'GET /api/terminal',
  'POST /api/clock/offline',
  'POST /api/clock/challenge',
  'GET /api/clock/door-code',
  // One-time links of decision 066: the token in the body is the key; the forgot form answers alike.
  'POST /api/invitations/accept',
  'POST /api/password/forgot',
  'POST /api/password/reset',
  // The sign-in's second step (decision 090): the ticket in the body is the key.
  'POST /api/user/login/second-factor',
  'POST /api/user/login/two-factor-setup',
  'POST /api/user/login/two-factor-setup/confirm',
];

const keyOf = (r: { method: string; pattern: string }) => `${r.method} ${r.pattern}`;

/** A concrete path for a route, with real ids of the demo data. */
function apiPath(route: ApiRoute): string {
  const collection = route.pattern.split('/')[2]!;
  const byCollection = idsByCollection(ids, { reports: 'employee-list' });
  const values = [String(byCollection[collection] ?? 1), photo];
  let i = 0;
  const path = route.pattern.replace(/\{id\}/g, () => values[i++]!);
  // Balances are of one employee: an administrator names them (an employee always gets their own).
  if (route.pattern === '/api/leaves/balances') return `${path}?employee=${ids.otherEmployee}`;
  // The roster's grid and coverage are of one department (issue 39, decision 085).
  if (route.pattern === '/api/roster') return `${path}?department=${ids.department}&from=${ids.today}&to=${ids.today}`;
  if (route.pattern === '/api/roster/coverage') return `${path}?department=${ids.department}`;
  // The holiday import's preview needs its choice (decision 053); a year far from the demo's.
  if (route.pattern === '/api/holidays/import') return `${path}?company=${ids.company}&country=ES&region=MD&year=2031`;
  // The printed week is a department's (decision 087).
  if (route.pattern === '/api/roster/week.pdf') return `${path}?department=${ids.department}`;
  return path;
}

/** What a public page answers: the access-denied page 403; an inspection, invitation, reset or calendar feed link with a made-up token 404 (decisions 036, 066, 087). */
function publicStatus(path: string): number {
  if (path === '/access-denied') return 403;
  return ['/inspection/', '/join/', '/reset-password/', '/calendar/'].some((p) => path.startsWith(p)) ? 404 : 200;
}

/**
 * A public page's answer as expected. The inspector's five routes (page, xlsx, pdf and the open
 * export's json and csv, decision 084) probed by six accounts from one address pass the 20 unknown
 * tokens an address may try in ten minutes (decision 036): past them a made-up token is 429, still
 * refused.
 */
function expectPublic(status: number, path: string): void {
  if (path.startsWith('/inspection/')) expect([404, 429], path).toContain(status);
  else expect(status, path).toBe(publicStatus(path));
}

function pagePath(route: PageRoute): string {
  const byPage: Record<string, number> = {
    '/employee-edit/{id}': ids.otherEmployee,
    '/employee-details/{id}': ids.otherEmployee,
    '/attendance-edit/{id}': ids.otherAttendance,
    '/schedule-edit/{id}': ids.schedule,
    '/leave-edit/{id}': ids.otherLeave,
    '/users-edit/{id}': ids.user,
    '/personal/leave-edit/{id}': ids.ownLeave,
  };
  // A help guide (issue 37.11): any one that exists.
  if (route.pattern === '/help/{id}') return '/help/backups';
  // The inspector's pages: a well-formed token no link has.
  if (route.pattern.startsWith('/inspection/') || route.pattern.startsWith('/calendar/')) return route.pattern.replace('{id}', 'A'.repeat(43));
  return route.pattern.replace('{id}', String(byPage[route.pattern]));
}

/**
 * What an allowed GET answers with demo data: 200, except where the record is missing for this
 * account: another employee's record outside its reach (the record-access policy), the personal
 * area without a linked employee, the demo's missing punch snapshot.
 */
function allowedGetStatus(route: ApiRoute, subject: Subject): number {
  if (route.pattern === '/api/punches/{id}/photo') return 404;
  if (route.pattern.startsWith('/api/personal/') && subject.employeeId === null) return 404;
  // The path names another employee's record (a report's {id} is its name, not a record).
  const namesRecord = route.records === 'employee' && route.pattern.includes('{id}') && !route.pattern.startsWith('/api/reports/');
  if (namesRecord && !canReadEmployeeRecord(subject, ids.otherEmployee)) return 404;
  return 200;
}

beforeAll(async () => {
  server = await startServer({ args: ['--demo'] });
  for (const actor of ['anon', ...ACTORS] as const) clients[actor] = new Client(server.url);
  const signIn = async (client: Client, email: string, password: string) => {
    const res = await client.signIn(email, password);
    expect(res.status, email).toBe(200);
    const { user } = await res.json();
    return { accountType: user.account_type, permissions: user.role, employeeId: null } as Subject;
  };
  subjects.super = await signIn(clients.super, 'admin@demo.jornada', 'Demo#2026');
  subjects.employee = await signIn(clients.employee, 'employee@demo.jornada', 'Demo#2026');
  ids = await demoIds(clients.super);
  subjects.employee.employeeId = ids.ownEmployee;
  // The small role and its Admin account, made through the API like an administrator would.
  const role = await clients.super.post('/api/roles', { name: 'Consulta', permissions: LIMITED });
  expect(role.status).toBe(201);
  const user = await clients.super.post('/api/users', {
    name: 'Consulta',
    email: 'consulta@demo.jornada',
    role: (await role.json()).data._id,
    status: 'enabled',
    accountType: 'Admin',
    company: 1,
    password: 'Consulta#2026',
    confirmPassword: 'Consulta#2026',
  });
  expect(user.status).toBe(201);
  subjects.limited = await signIn(clients.limited, 'consulta@demo.jornada', 'Consulta#2026');
  expect(subjects.limited.permissions).toEqual(LIMITED);
  // The broad self-service role on an Employee account, linked to a demo employee without an account.
  const linked = new Set(((await (await clients.super.get('/api/users?pageSize=100')).json()).data as { employee: number | null }[]).map((u) => u.employee));
  const free = ((await (await clients.super.get('/api/employees?pageSize=100&status=active')).json()).data as { _id: number }[]).find((e) => !linked.has(e._id) && e._id !== ids.otherEmployee)!;
  const broadRole = await clients.super.post('/api/roles', { name: 'Autoservicio amplio', permissions: BROAD });
  expect(broadRole.status).toBe(201);
  const broadUser = await clients.super.post('/api/users', {
    name: 'Amplio',
    email: 'amplio@demo.jornada',
    role: (await broadRole.json()).data._id,
    status: 'enabled',
    accountType: 'Employee',
    company: 1,
    employee: free._id,
    password: 'Amplio#2026',
    confirmPassword: 'Amplio#2026',
  });
  expect(broadUser.status).toBe(201);
  subjects.broad = { ...(await signIn(clients.broad, 'amplio@demo.jornada', 'Amplio#2026')), employeeId: free._id };
  expect(subjects.broad.permissions).toEqual(BROAD);
  // The built-in Representatives role (decision 036) on an Admin account: the totals and nothing else.
  const reps = ((await (await clients.super.get('/api/roles?pageSize=100')).json()).data as { _id: number; name: string }[]).find((r) => r.name === 'Representatives')!;
  const repsUser = await clients.super.post('/api/users', {
    name: 'Comité',
    email: 'comite@demo.jornada',
    role: reps._id,
    status: 'enabled',
    accountType: 'Admin',
    company: 1,
    password: 'Comite#2026',
    confirmPassword: 'Comite#2026',
  });
  expect(repsUser.status).toBe(201);
  subjects.reps = await signIn(clients.reps, 'comite@demo.jornada', 'Comite#2026');
  expect(subjects.reps.permissions).toEqual({ workTotals: ['read'] });
  const upload = await clients.super.post(`/api/employees/${ids.otherEmployee}/photos`, writeCases(ids, { employee: 0, department: 0 })['POST /api/employees/{id}/photos']!.body);
  expect(upload.status).toBe(201);
  photo = (await upload.json()).data._id;
}, 90_000);

afterAll(async () => {
  await server?.stop();
});

describe('the API table', () => {
  it('names an authority for every endpoint except the listed public and any-account ones', () => {
    const open = API_ROUTES.filter((r) => r.authority.length === 0)
      .map(keyOf)
      .sort();
    expect(open).toEqual([...PUBLIC, ...OPEN_TO_ANY_ACCOUNT].sort());
    expect(
      API_ROUTES.filter((r) => r.public)
        .map(keyOf)
        .sort(),
    ).toEqual([...PUBLIC].sort());
  });
});

describe('every API endpoint for every kind of account', () => {
  const writes = writeCasesLater();

  it('signed out: 401 JSON for every protected endpoint, with real ids', async () => {
    for (const route of API_ROUTES.filter((r) => !r.public)) {
      const res = await clients.anon.request(route.method, apiPath(route), route.method === 'GET' ? undefined : (writes()[keyOf(route)]?.body ?? {}));
      expect(res.status, keyOf(route)).toBe(401);
      expect((await res.json()).code, keyOf(route)).toBe('errors.unauthenticated');
    }
  });

  for (const actor of ACTORS) {
    it(`${actor}: reads answer 200 where the table and the record policy allow, 403 where they do not`, async () => {
      const subject = subjects[actor];
      for (const route of API_ROUTES.filter((r) => r.method === 'GET' && !r.public)) {
        const res = await clients[actor].get(apiPath(route));
        const allowed = hasAuthority(subject.accountType, subject.permissions, route.authority);
        const refusal = allowed ? routeRecordRefusal(subject, route.method, route.records) : undefined;
        // An account allowed to read a collection still gets 404 for a record outside its reach.
        const expected = !allowed || refusal ? 403 : allowedGetStatus(route, subject);
        expect(res.status, `${actor} ${keyOf(route)} ${apiPath(route)}`).toBe(expected);
        if (!allowed) expect((await res.json()).message, keyOf(route)).toMatch(/^You do not have permission to /);
        else if (refusal) expect((await res.json()).code, keyOf(route)).toBe(refusal);
      }
    });

    // Every write route, with a database fingerprint before and after each refusal: seconds per
    // account, more on a loaded machine than the layer's 30 s default allows.
    it(`${actor}: refused writes answer 403 before any write; allowed ones pass the guard`, async () => {
      const subject = subjects[actor];
      for (const route of API_ROUTES.filter((r) => r.method !== 'GET' && !r.public)) {
        if (route.tokenOnly) {
          // Refused to every session, whatever its role (decision 096).
          const res = await clients[actor].request(route.method, apiPath(route), {});
          expect(res.status, `${actor} ${keyOf(route)}`).toBe(403);
          expect((await res.json()).code).toBe('tokens.mcpTokenOnly');
          continue;
        }
        // The role, then the record-access policy: an Employee writes only its own leave requests.
        const allowed = hasAuthority(subject.accountType, subject.permissions, route.authority) && !routeRecordRefusal(subject, route.method, route.records);
        const body = writes()[keyOf(route)]?.body;
        if (!allowed) {
          const before = dbSnapshot(server.dataDir);
          const res = await clients[actor].request(route.method, apiPath(route), body ?? {});
          expect(res.status, `${actor} ${keyOf(route)}`).toBe(403);
          expect(changedTables(before, dbSnapshot(server.dataDir)), `${actor} ${keyOf(route)} wrote`).toEqual([]);
        } else if (route.pattern !== '/api/account/password') {
          // Allowed: an unknown record (or an empty body) shows the guard let it through, harmlessly.
          const path = route.pattern.includes('{id}') ? route.pattern.replace(/\{id\}/g, '999999') : route.pattern;
          const res = await clients[actor].request(route.method, path, {});
          expect([401, 403], `${actor} ${keyOf(route)} ${res.status}`).not.toContain(res.status);
          expect(res.status, `${actor} ${keyOf(route)}`).toBeLessThan(500);
        }
      }
    }, 120_000);
  }
});

/** The valid bodies need the demo ids, known only once the server runs. */
function writeCasesLater() {
  let cache: ReturnType<typeof writeCases> | undefined;
  return () => (cache ??= writeCases(ids, { employee: ids.otherEmployee, department: ids.department }));
}

describe('every page for every kind of account', () => {
  it('signed out: protected pages go to sign-in with the way back; public ones open', async () => {
    for (const route of PAGE_ROUTES) {
      const path = pagePath(route);
      const res = await clients.anon.get(path);
      if (route.set === 'admin' || route.set === 'personal') {
        expect(location(res), path).toBe(`/sign-in?redirectUrl=${encodeURIComponent(path)}`);
      } else if (path === '/sign-up') {
        expect(location(res), path).toBe('/sign-in');
      } else {
        expectPublic(res.status, path);
      }
    }
  });

  for (const actor of ACTORS) {
    it(`${actor}: opens exactly the pages its route sets and authorities allow`, async () => {
      const subject = subjects[actor];
      for (const route of PAGE_ROUTES) {
        const path = pagePath(route);
        const res = await clients[actor].get(path);
        if (route.set === 'public' && path === '/clock' && subject.accountType === 'Employee') {
          // An Employee session on a device that is not a paired terminal punches at its personal clock (decision 067).
          expect(location(res), `${actor} ${path}`).toBe('/personal/clock');
        } else if (route.set === 'public') {
          expectPublic(res.status, path);
        } else if (route.set === 'guest') {
          // Its landing page: the dashboard, or the first admin page a narrow role opens.
          expect(location(res), `${actor} ${path}`).toBe(entryPath(subject.accountType, subject.permissions));
        } else if (ROUTE_SETS[subject.accountType].includes(route.set) && hasAuthority(subject.accountType, subject.permissions, route.authority)) {
          // The personal leave page shows only the account's own request (employee@demo.jornada's here).
          const expected = route.pattern === '/personal/leave-edit/{id}' && subject.employeeId !== ids.ownEmployee ? 404 : 200;
          expect(res.status, `${actor} ${path} ${location(res) ?? ''}`).toBe(expected);
        } else {
          expect(location(res), `${actor} ${path}`).toBe('/access-denied');
        }
      }
    });
  }
});

describe('record-level access: an Employee reaches only their own records', () => {
  it('another employee’s attendance, leave, schedule and snapshots by id answer 404, their own 200', async () => {
    const employee = clients.employee;
    for (const path of [
      `/api/attendances/${ids.otherAttendance}`,
      `/api/attendances/${ids.otherAttendance}/punch-photos`,
      `/api/leaves/${ids.otherLeave}`,
      `/api/schedules/${ids.schedule}`,
      `/api/employees/${ids.otherEmployee}`,
    ]) {
      expect([403, 404], path).toContain((await employee.get(path)).status);
    }
    expect((await employee.get(`/api/attendances/${ids.ownAttendance}`)).status).toBe(200);
    expect((await employee.get(`/api/leaves/${ids.ownLeave}`)).status).toBe(200);
  });

  it('lists, balances, exports and the personal area stay on their own records whatever the query asks', async () => {
    const employee = clients.employee;
    const other = ids.otherEmployee;
    for (const path of [`/api/attendances?employee=${other}`, `/api/leaves?employee=${other}`, `/api/schedules?employee=${other}`]) {
      const body = await (await employee.get(path)).json();
      expect(body.data.length, path).toBeGreaterThanOrEqual(0);
      expect(
        body.data.every((r: { employee: number }) => r.employee === ids.ownEmployee),
        path,
      ).toBe(true);
    }
    const balances = await (await employee.get(`/api/leaves/balances?employee=${other}`)).json();
    expect(balances.employee).toBe(ids.ownEmployee);
    const personal = await employee.get(`/api/personal/attendance?employee=${other}`);
    expect(personal.status).toBe(200);
    expect(JSON.stringify(await personal.json())).not.toContain('Elena');
    const exported = await employee.get(`/api/attendances/export?employee=${other}`);
    expect(exported.status).toBe(200);
    const page = await (await employee.get(`/personal/leave-edit/${ids.otherLeave}`)).text();
    expect(page).not.toContain('Vacaciones de invierno');
  });

  it('cannot change, withdraw or file leave for another employee, and nothing is written', async () => {
    const employee = clients.employee;
    const before = dbSnapshot(server.dataDir);
    const edit = await employee.request('PATCH', `/api/leaves/${ids.otherLeave}`, { leaveType: ids.leaveType, from: '2027-01-04', to: '2027-01-05', reason: 'x' });
    expect([403, 404]).toContain(edit.status);
    const decide = await employee.request('PATCH', `/api/leaves/${ids.ownLeave}`, { status: 'approved' });
    expect([403, 404]).toContain(decide.status);
    expect([403, 404]).toContain((await employee.post(`/api/leaves/${ids.otherLeave}/withdraw`)).status);
    expect([403, 404]).toContain((await employee.request('PATCH', `/api/attendances/${ids.otherAttendance}`, { timeIn: '08:00', reason: 'x' })).status);
    expect(changedTables(before, dbSnapshot(server.dataDir))).toEqual([]);
    // A request naming someone else is filed for the signed-in employee, or refused.
    const filed = await employee.post('/api/leaves', { employee: ids.otherEmployee, leaveType: ids.leaveType, from: '2027-02-03', to: '2027-02-03', reason: 'Mío' });
    if (filed.status === 201) expect((await filed.json()).data.employee).toBe(ids.ownEmployee);
    else expect([403, 404, 422]).toContain(filed.status);
    const others = await (await clients.super.get(`/api/leaves?employee=${ids.otherEmployee}&pageSize=100`)).json();
    expect(others.data.some((l: { reason: string }) => l.reason === 'Mío')).toBe(false);
  });
});
