import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES } from '../../src/domain/routing/api-table.ts';
import { PAGE_ROUTES } from '../../src/domain/routing/route-table.ts';
import { addAccount } from '../helpers/accounts.ts';
import { Client, location } from '../helpers/http-client.ts';
import { startServer, type TestServer } from '../helpers/test-server.ts';

let server: TestServer;
const clients: Record<'super' | 'admin' | 'limited' | 'employee' | 'anon', Client> = {} as never;

beforeAll(async () => {
  server = await startServer();
  clients.super = new Client(server.url);
  await clients.super.post('/api/sign-up', {
    company: 'Taller Norte',
    full_name: 'Marta Gil',
    email: 'marta@norte.es',
    password: 'Marta#2026',
  });
  await addAccount(server.dataDir, { email: 'admin@norte.es', password: 'Admin#2026', accountType: 'Admin' });
  await addAccount(server.dataDir, {
    email: 'limited@norte.es',
    password: 'Limit#2026',
    accountType: 'Admin',
    permissions: { employee: ['read'], attendance: ['read'] },
  });
  await addAccount(server.dataDir, { email: 'worker@norte.es', password: 'Work#20266', accountType: 'Employee' });
  clients.admin = new Client(server.url);
  clients.limited = new Client(server.url);
  clients.employee = new Client(server.url);
  clients.anon = new Client(server.url);
  expect((await clients.admin.signIn('admin@norte.es', 'Admin#2026')).status).toBe(200);
  expect((await clients.limited.signIn('limited@norte.es', 'Limit#2026')).status).toBe(200);
  expect((await clients.employee.signIn('worker@norte.es', 'Work#20266')).status).toBe(200);
});
afterAll(async () => {
  await server?.stop();
});

const concrete = (pattern: string) => pattern.replace('{id}', '7');
/** Opened, not redirected: a record page for the made-up id 7 may answer its not-found page. */
const opened = (route: { pattern: string }) => (route.pattern.includes('{id}') ? [200, 404] : [200]);

describe('page redirects over HTTP (spec section 2)', () => {
  it('signed out: protected pages go to sign-in with redirectUrl; the root without it', async () => {
    expect(location(await clients.anon.get('/'))).toBe('/sign-in');
    for (const route of PAGE_ROUTES.filter((r) => r.set === 'admin' || r.set === 'personal')) {
      const path = concrete(route.pattern);
      expect(location(await clients.anon.get(path)), path).toBe(`/sign-in?redirectUrl=${encodeURIComponent(path)}`);
    }
    expect(location(await clients.anon.get('/employees?status=archived'))).toBe('/sign-in?redirectUrl=%2Femployees%3Fstatus%3Darchived');
    const signIn = await clients.anon.get('/sign-in');
    expect(signIn.status).toBe(200);
    expect(await signIn.text()).toContain('data-testid="sign-in-form"');
  });

  it('the root and sign-in send each account type to its entry path', async () => {
    expect(location(await clients.super.get('/'))).toBe('/dashboard');
    expect(location(await clients.admin.get('/'))).toBe('/dashboard');
    expect(location(await clients.employee.get('/'))).toBe('/personal/dashboard');
    expect(location(await clients.admin.get('/sign-in'))).toBe('/dashboard');
    expect(location(await clients.employee.get('/sign-in?redirectUrl=%2Fx'))).toBe('/personal/dashboard');
  });

  it('each account type opens only its route set and its authorities', async () => {
    for (const route of PAGE_ROUTES.filter((r) => r.set === 'admin')) {
      const path = concrete(route.pattern);
      expect(opened(route), `super ${path}`).toContain((await clients.super.get(path)).status);
      expect(opened(route), `admin ${path}`).toContain((await clients.admin.get(path)).status);
      expect(location(await clients.employee.get(path)), `employee ${path}`).toBe('/access-denied');
      const limited = await clients.limited.get(path);
      const allowed = route.authority.every((a) => ['employee.read', 'attendance.read'].includes(a));
      if (allowed) expect(opened(route), `limited ${path}`).toContain(limited.status);
      else expect(location(limited), `limited ${path}`).toBe('/access-denied');
    }
    for (const route of PAGE_ROUTES.filter((r) => r.set === 'personal')) {
      const path = concrete(route.pattern);
      expect(location(await clients.super.get(path)), `super ${path}`).toBe('/access-denied');
      expect(opened(route), `admin ${path}`).toContain((await clients.admin.get(path)).status);
      expect(opened(route), `employee ${path}`).toContain((await clients.employee.get(path)).status);
    }
  });

  it('unknown paths go to access denied; clock and access denied are open to all', async () => {
    for (const [name, client] of Object.entries(clients)) {
      expect(location(await client.get('/no-such-page'))).toBe('/access-denied');
      // An Employee session goes on to its personal clock (decision 067); everyone else gets the clock.
      const clock = await client.get('/clock');
      if (name === 'employee') expect(location(clock)).toBe('/personal/clock');
      else expect(clock.status).toBe(200);
      const denied = await client.get('/access-denied');
      expect(denied.status).toBe(403);
      expect(await denied.text()).toContain('Access Denied: You do not have permission to visit this page.');
    }
  });

  it('renders pages in the chosen language (cookie over browser)', async () => {
    const res = await fetch(`${server.url}/access-denied`, {
      headers: { 'accept-language': 'en-US,en', cookie: 'lang=es' },
    });
    expect(await res.text()).toContain('Acceso denegado: no tienes permiso para visitar esta página.');
  });
});

describe('API guard', () => {
  // A token-only route (the MCP server) refuses every session alike: tests/integration/mcp.test.ts.
  const protectedRoutes = API_ROUTES.filter((r) => !r.public);
  const sessionRoutes = protectedRoutes.filter((r) => !r.tokenOnly);

  it('answers 401 JSON for every protected endpoint without a session (never a redirect)', async () => {
    for (const route of protectedRoutes) {
      const res = await clients.anon.request(route.method, concrete(route.pattern), route.method === 'GET' ? undefined : {});
      expect(res.status, `${route.method} ${route.pattern}`).toBe(401);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      expect(await res.json()).toEqual({ message: 'Please sign in to continue', code: 'errors.unauthenticated' });
    }
    const unknown = await clients.anon.get('/api/no-such-thing');
    expect(unknown.status).toBe(401);
  });

  it('answers 403 JSON when the role lacks the endpoint authority', async () => {
    for (const route of sessionRoutes) {
      const needs = route.authority;
      const path = concrete(route.pattern);
      const body = route.method === 'GET' ? undefined : {};
      const employeeRes = await clients.employee.request(route.method, path, body);
      const limitedRes = await clients.limited.request(route.method, path, body);
      // Clock conflicts name any employee (decision 046), and a route of every employee's figures (the
      // table's `everyone`, e.g. a department's printed week, decision 087): only accounts that see every employee.
      const everyEmployeeOnly = route.records === 'everyone' || route.pattern.startsWith('/api/clock-conflicts');
      const employeeAllowed = !everyEmployeeOnly && needs.every((a) => ['attendance.read', 'schedule.read', 'leave.create', 'leave.read', 'leave.update'].includes(a));
      const limitedAllowed = needs.every((a) => ['employee.read', 'attendance.read'].includes(a));
      if (!employeeAllowed) {
        expect(employeeRes.status, `employee ${route.method} ${path}`).toBe(403);
        if (!everyEmployeeOnly) expect((await employeeRes.json()).message).toMatch(/^You do not have permission to (create|view|edit|delete|archive) [a-z ]+\.$/);
      } else {
        expect(employeeRes.status, `employee ${route.method} ${path}`).not.toBe(403);
      }
      if (!limitedAllowed) expect(limitedRes.status, `limited ${route.method} ${path}`).toBe(403);
      else expect(limitedRes.status, `limited ${route.method} ${path}`).not.toBe(403);
      const superRes = await clients.super.request(route.method, path, body);
      expect([401, 403]).not.toContain(superRes.status);
      expect(superRes.status, `super ${route.method} ${path}`).toBeLessThan(600);
      expect(superRes.status, `super ${route.method} ${path}`).not.toBe(500);
    }
  });

  it('answers 404 and 405 JSON for unknown endpoints and methods when signed in', async () => {
    const missing = await clients.super.get('/api/no-such-thing');
    expect(missing.status).toBe(404);
    expect((await missing.json()).code).toBe('errors.notFound');
    const method = await clients.super.request('PUT', '/api/employees', {});
    expect(method.status).toBe(405);
  });

  it('public endpoints work without a session', async () => {
    expect(await (await clients.anon.get('/api/health')).json()).toEqual({ status: 'ok' });
  });
});
