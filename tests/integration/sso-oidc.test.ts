import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../src/i18n/en.json';
import es from '../../src/i18n/es.json';
import { addAccount } from '../helpers/accounts.ts';
import { Client, location } from '../helpers/http-client.ts';
import { startOidcProvider, type OidcTestProvider } from '../helpers/oidc-test-provider.ts';
import { startServer, type TestServer } from '../helpers/test-server.ts';
import { sqlIn } from '../helpers/test-sql.ts';

/**
 * Single sign-on with OpenID Connect over HTTP (issue 40.3, decision 092) against a real provider
 * (oidc-provider) on loopback: the settings' contract and who may use it, the browser's way to the
 * provider and back, and each refusal landing on /sign-in?sso=<code>. The matching rules
 * themselves are in tests/service/sso-accounts.test.ts.
 */
let server: TestServer;
let provider: OidcTestProvider;
let superAdmin: Client;
const sql = <T>(text: string, ...params: unknown[]): T[] => sqlIn<T>(server.dataDir, text, ...params);
const NEW_WORKER = 'nueva.sso@test.local';

const settings = (change: Record<string, unknown> = {}) => ({
  enabled: true,
  displayName: 'Keycloak',
  issuer: provider.issuer,
  clientId: provider.clientId,
  clientSecret: provider.clientSecret,
  createAccounts: false,
  passwordOnlySuperAdmin: false,
  ...change,
});

async function configure(change: Record<string, unknown> = {}) {
  const res = await superAdmin.request('PUT', '/api/settings/sso', settings(change));
  expect(res.status).toBe(200);
}

/** A browser's start: the provider's address and the challenge cookie bound to it. */
async function start(redirectUrl = '/personal/dashboard') {
  const res = await fetch(`${server.url}/api/auth/oidc/start?redirectUrl=${encodeURIComponent(redirectUrl)}`, { redirect: 'manual' });
  expect(res.status).toBe(302);
  const cookie = res.headers
    .getSetCookie()
    .find((c) => c.startsWith('jornada_oidc='))!
    .split(';')[0]!;
  expect(res.headers.getSetCookie().find((c) => c.startsWith('jornada_oidc='))).toMatch(/HttpOnly/i);
  return { authorizationUrl: location(res)!, cookie };
}

async function callback(back: URL, cookie: string | undefined) {
  expect(back.origin).toBe(server.url);
  return fetch(server.url + back.pathname + back.search, { redirect: 'manual', headers: cookie ? { cookie } : {} });
}

/** Start, sign in at the provider as `login`, come back: the app's answer. */
async function signInAs(login: string, redirectUrl?: string) {
  const { authorizationUrl, cookie } = await start(redirectUrl);
  return callback(await provider.signIn(authorizationUrl, login), cookie);
}

const tokenOf = (res: Response) => /^token=([^;]+)/.exec(res.headers.getSetCookie().find((c) => c.startsWith('token=')) ?? '')?.[1];
const sessionCount = () => sql<{ n: number }>('select count(*) as n from sessions')[0]!.n;

beforeAll(async () => {
  server = await startServer({ args: ['--demo'] });
  provider = await startOidcProvider({
    redirectUris: [`${server.url}/api/auth/oidc/callback`],
    accounts: {
      worker: { email: 'employee@demo.jornada', email_verified: true },
      stranger: { email: 'nobody@elsewhere.test', email_verified: true },
      unverified: { email: 'employee@demo.jornada', email_verified: false },
      newcomer: { email: NEW_WORKER, email_verified: true },
    },
  });
  superAdmin = new Client(server.url);
  expect((await superAdmin.signIn('admin@demo.jornada', 'Demo#2026')).status).toBe(200);
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await provider?.close();
});

describe('SSO settings API', () => {
  it('starts off: no button on /sign-in, and a start lands back with the "off" message', async () => {
    const view = (await (await superAdmin.get('/api/settings/sso')).json()) as { data: Record<string, unknown>; redirectUri: string };
    expect(view.data).toMatchObject({ enabled: false, secretSet: false, createAccounts: false, passwordOnlySuperAdmin: false });
    expect(view.redirectUri).toBe(`${server.url}/api/auth/oidc/callback`);
    expect(await (await fetch(`${server.url}/sign-in`)).text()).not.toContain('data-testid="sso-sign-in"');
    const res = await fetch(`${server.url}/api/auth/oidc/start`, { redirect: 'manual' });
    expect(location(res)).toBe('/sign-in?sso=off');
  });

  it('stores the provider with its secret sealed and never answers or audits the secret', async () => {
    const res = await superAdmin.request('PUT', '/api/settings/sso', settings());
    expect(res.status).toBe(200);
    const body = await res.text();
    expect(body).not.toContain(provider.clientSecret);
    expect(JSON.parse(body)).toMatchObject({ data: { enabled: true, displayName: 'Keycloak', issuer: provider.issuer, secretSet: true } });
    expect(await (await superAdmin.get('/api/settings/sso')).text()).not.toContain(provider.clientSecret);
    expect(JSON.stringify(sql("select value from settings where key = 'sso'"))).not.toContain(provider.clientSecret);
    expect(JSON.stringify(sql("select before, after from audit_log where entity_id = 'sso'"))).not.toContain(provider.clientSecret);
    const page = await (await fetch(`${server.url}/sign-in`, { headers: { 'accept-language': 'en' } })).text();
    expect(page).toContain('data-testid="sso-sign-in"');
    expect(page).toContain(en.sso.signInWith.replace('{{name}}', 'Keycloak'));
  });

  it('refuses bad input in the reader language and changes nothing', async () => {
    const before = sql("select value from settings where key = 'sso'");
    for (const [lang, messages] of [
      ['en', en],
      ['es', es],
    ] as const) {
      const client = new Client(server.url, lang);
      client.cookie = superAdmin.cookie;
      const res = await client.request('PUT', '/api/settings/sso', settings({ issuer: 'http://sso.example.com', clientId: '' }));
      expect(res.status).toBe(422);
      const { errors } = (await res.json()) as { errors: Record<string, string> };
      expect(errors['issuer']).toBe(messages.sso.issuerNotHttps);
      const missing = await client.request('PUT', '/api/settings/sso', settings({ clientId: '' }));
      expect(((await missing.json()) as { errors: Record<string, string> }).errors['clientId']).toBeTruthy();
      expect((await client.request('PUT', '/api/settings/sso', '{not json')).status).toBe(400);
    }
    expect(sql("select value from settings where key = 'sso'")).toEqual(before);
  });

  it('refuses an employee account and another company’s administrator; signed out is 401', async () => {
    const before = sql("select value from settings where key = 'sso'");
    const employee = new Client(server.url);
    expect((await employee.signIn('employee@demo.jornada', 'Demo#2026')).status).toBe(200);
    expect((await employee.get('/api/settings/sso')).status).toBe(403);
    expect((await employee.request('PUT', '/api/settings/sso', settings({ issuer: 'https://evil.example' }))).status).toBe(403);
    const at = new Date().toISOString();
    const other = sql<{ id: number }>("insert into companies (name, created_at, updated_at) values ('Otra SSO SL', ?, ?) returning id", at, at)[0]!.id;
    const adminId = await addAccount(server.dataDir, { email: 'otra.admin@test.local', password: 'Otra#2026x', accountType: 'Admin' });
    sql('update users set company_id = ? where id = ?', other, adminId);
    const otherAdmin = new Client(server.url);
    expect((await otherAdmin.signIn('otra.admin@test.local', 'Otra#2026x')).status).toBe(200);
    const read = await otherAdmin.get('/api/settings/sso');
    expect(read.status).toBe(403);
    expect(await read.text()).not.toContain(provider.clientSecret);
    expect((await otherAdmin.request('PUT', '/api/settings/sso', settings({ issuer: 'https://evil.example' }))).status).toBe(403);
    expect((await new Client(server.url).get('/api/settings/sso')).status).toBe(401);
    expect(sql("select value from settings where key = 'sso'")).toEqual(before);
  });
});

describe('signing in through the provider', () => {
  it('signs an existing user in by verified email, links the identity and lands on the page asked for', async () => {
    const res = await signInAs('worker', '/personal/attendance');
    expect(res.status).toBe(302);
    expect(location(res)).toBe('/personal/attendance');
    const token = tokenOf(res);
    expect(token).toBeTruthy();
    const me = new Client(server.url);
    me.cookie = token;
    expect(((await (await me.get('/api/me')).json()) as { user: { email: string } }).user.email).toBe('employee@demo.jornada');
    expect(sql("select count(*) as n from sessions s join users u on u.id = s.user_id where u.email = 'employee@demo.jornada' and s.method = 'oidc'")).toEqual([{ n: 1 }]);
    expect(sql("select issuer, subject from user_identities where subject = 'worker'")).toEqual([{ issuer: provider.issuer, subject: 'worker' }]);
  });

  it('refuses an email with no account and starts no session', async () => {
    const sessions = sessionCount();
    const res = await signInAs('stranger');
    expect(location(res)).toBe('/sign-in?sso=unknown');
    expect(tokenOf(res)).toBeUndefined();
    expect(sessionCount()).toBe(sessions);
  });

  it('refuses an email the provider does not call verified', async () => {
    const res = await signInAs('unverified');
    expect(location(res)).toBe('/sign-in?sso=unverified');
    expect(tokenOf(res)).toBeUndefined();
  });

  it('refuses a wrong state: another browser’s challenge, no challenge, or a changed state', async () => {
    const mine = await start();
    const theirs = await start();
    const back = await provider.signIn(theirs.authorizationUrl, 'worker');
    expect(location(await callback(back, mine.cookie))).toBe('/sign-in?sso=state');
    expect(location(await callback(back, undefined))).toBe('/sign-in?sso=state');
    const changed = new URL(back);
    changed.searchParams.set('state', 'x'.repeat(43));
    expect(location(await callback(changed, theirs.cookie))).toBe('/sign-in?sso=state');
  });

  it('refuses an expired code, and a replayed answer', async () => {
    const first = await start();
    const back = await provider.signIn(first.authorizationUrl, 'worker');
    await provider.expireCode(back.searchParams.get('code')!);
    expect(location(await callback(back, first.cookie))).toBe('/sign-in?sso=code');

    const second = await start();
    const answer = await provider.signIn(second.authorizationUrl, 'worker');
    const ok = await callback(answer, second.cookie);
    expect(tokenOf(ok)).toBeTruthy();
    const replay = await callback(answer, second.cookie);
    expect(location(replay)).toBe('/sign-in?sso=state');
    expect(tokenOf(replay)).toBeUndefined();
  });

  it('creates an Employee account for a known employee only when account creation is on', async () => {
    const employee = sql<{ id: number }>('select id from employees where status = ? and id not in (select employee_id from users where employee_id is not null) order by id limit 1', 'active')[0]!.id;
    sql('update employees set email = ? where id = ?', NEW_WORKER, employee);
    expect(location(await signInAs('newcomer'))).toBe('/sign-in?sso=unknown');
    expect(sql('select id from users where email = ?', NEW_WORKER)).toEqual([]);

    await configure({ createAccounts: true });
    const res = await signInAs('newcomer');
    expect(location(res)).toBe('/personal/dashboard');
    expect(sql('select account_type, employee_id from users where email = ?', NEW_WORKER)).toEqual([{ account_type: 'Employee', employee_id: employee }]);
    expect(sql("select count(*) as n from audit_log where action = 'sso-create'")).toEqual([{ n: 1 }]);
    await configure({ createAccounts: false });
  });

  it('shows each refusal translated on /sign-in', async () => {
    for (const [lang, messages] of [
      ['en', en],
      ['es', es],
    ] as const) {
      const page = await (await fetch(`${server.url}/sign-in?sso=state`, { headers: { 'accept-language': lang } })).text();
      expect(page).toContain(messages.sso.failure.state);
    }
    expect(await (await fetch(`${server.url}/sign-in?sso=<b>x</b>`)).text()).not.toContain('data-testid="sso-failure"');
  });
});

describe('password sign-in only for the SuperAdmin', () => {
  it('refuses anyone else’s right password with 403 while SSO is on, never the SuperAdmin’s', async () => {
    await configure({ passwordOnlySuperAdmin: true });
    const res = await new Client(server.url).signIn('employee@demo.jornada', 'Demo#2026');
    expect(res.status).toBe(403);
    expect(((await res.json()) as { code: string }).code).toBe('sso.passwordDisabled');
    expect(tokenOf(res)).toBeUndefined();
    expect((await new Client(server.url).signIn('admin@demo.jornada', 'Demo#2026')).status).toBe(200);
    // The right way in still works.
    expect(tokenOf(await signInAs('worker'))).toBeTruthy();
    await configure({ passwordOnlySuperAdmin: false });
    expect((await new Client(server.url).signIn('employee@demo.jornada', 'Demo#2026')).status).toBe(200);
  });
});
