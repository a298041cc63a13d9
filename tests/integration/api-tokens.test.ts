import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES } from '../../src/domain/routing/api-table.ts';
import { addDays, localDateTimeToUtcIso } from '../../src/domain/time/zoned-time.ts';
import { changedTables, dbSnapshot } from '../helpers/db-snapshot.ts';
import { Client, location } from '../helpers/http-client.ts';
import { sqlIn } from '../helpers/test-sql.ts';
import { startServer, type TestServer } from '../helpers/test-server.ts';

/**
 * API tokens (issue 22 point 5, decision 057) over HTTP against the built server with a faked
 * clock: made with a subset of the creator's permissions and shown once, stored as SHA-256, used
 * as `Authorization: Bearer jt_…` for the API only, limited at each request by what the creator
 * holds now, revocable, expiring, and with a last use written at most once a minute. The attacker
 * attempts (more than one's own permissions, an Employee account, someone else's token, a token
 * reaching for pages, passwords or more tokens) are kept as tests.
 */

const TODAY = '2027-03-01';
let server: TestServer;
let clockDir: string;
let clockFile: string;
let zone: string;
let admin: Client;
let limitedAdmin: Client;
let employee: Client;
let limitedRoleId: number;
let limitedUserId: number;

const setNow = (date: string, time: string, seconds = 0) => writeFileSync(clockFile, new Date(Date.parse(localDateTimeToUtcIso(date, time, zone)) + seconds * 1000).toISOString());

/** A client that sends only the token (no cookie), as a program would. */
const bearer = (token: string, lang = 'en') => {
  const c = new Client(server.url, lang);
  c.extraHeaders = { authorization: `Bearer ${token}` };
  return c;
};

async function createToken(client: Client, body: Record<string, unknown>) {
  return client.post('/api/api-tokens', { name: 'Nóminas', expiresOn: addDays(TODAY, 30), ...body });
}

async function listed(client: Client): Promise<any[]> {
  const res = await client.get('/api/api-tokens');
  expect(res.status).toBe(200);
  return (await res.json()).data;
}

beforeAll(async () => {
  clockDir = mkdtempSync(path.join(os.tmpdir(), 'jornada-tokens-clock-'));
  clockFile = path.join(clockDir, 'now');
  zone = 'Europe/Madrid';
  writeFileSync(clockFile, localDateTimeToUtcIso(TODAY, '09:00', zone));
  server = await startServer({ args: ['--demo'], env: { JORNADA_TEST: '1', JORNADA_FAKE_NOW_FILE: clockFile } });
  admin = new Client(server.url, 'en');
  expect((await admin.signIn('admin@demo.jornada', 'Demo#2026')).status).toBe(200);
  zone = (await (await admin.get('/api/settings')).json()).data.timezone;
  setNow(TODAY, '09:00');
  // An Admin account with a small role: employees and reports, read only.
  const role = await admin.post('/api/roles', { name: 'Lectura', permissions: { employee: ['read'], report: ['read'] } });
  expect(role.status).toBe(201);
  limitedRoleId = (await role.json()).data._id;
  const user = await admin.post('/api/users', {
    name: 'Lectora',
    email: 'lectora@demo.jornada',
    role: limitedRoleId,
    status: 'enabled',
    accountType: 'Admin',
    company: 1,
    password: 'Lectora#2026',
    confirmPassword: 'Lectora#2026',
  });
  expect(user.status).toBe(201);
  limitedUserId = (await user.json()).data._id;
  limitedAdmin = new Client(server.url, 'es');
  expect((await limitedAdmin.signIn('lectora@demo.jornada', 'Lectora#2026')).status).toBe(200);
  employee = new Client(server.url, 'en');
  expect((await employee.signIn('employee@demo.jornada', 'Demo#2026')).status).toBe(200);
}, 90_000);

afterAll(async () => {
  await server?.stop();
  rmSync(clockDir, { recursive: true, force: true });
});

describe('making a token', () => {
  it('answers the token once; the database keeps only its SHA-256; the list shows a hint, never the token', async () => {
    const res = await createToken(admin, { permissions: { employee: ['read'], report: ['read'] } });
    expect(res.status).toBe(201);
    const { data, message } = await res.json();
    expect(message).toMatch(/will not be shown again/);
    expect(data.token).toMatch(/^jt_[A-Za-z0-9_-]{43}$/);
    // Until the end of the chosen day in the company zone.
    expect(data.expiresAt).toBe(localDateTimeToUtcIso(addDays(TODAY, 31), '00:00', zone));
    const rows = sqlIn<{ token_hash: string; hint: string; permissions: string }>(server.dataDir, 'SELECT token_hash, hint, permissions FROM api_tokens WHERE id = ?', data._id);
    expect(rows[0]!.token_hash).toBe(createHash('sha256').update(data.token).digest('hex'));
    expect(rows[0]!.hint).toBe(data.token.slice(0, 7));
    const dump = JSON.stringify(sqlIn(server.dataDir, 'SELECT * FROM api_tokens')) + JSON.stringify(sqlIn(server.dataDir, 'SELECT * FROM audit_log'));
    expect(dump).not.toContain(data.token);
    const list = await listed(admin);
    expect(JSON.stringify(list)).not.toContain(data.token);
    expect(list.find((t) => t._id === data._id)).toMatchObject({ name: 'Nóminas', hint: data.token.slice(0, 7), state: 'active', lastUsedAt: null, permissions: { employee: ['read'], report: ['read'] } });
  });

  it('refuses permissions the account does not hold (403, translated) and writes nothing', async () => {
    const before = dbSnapshot(server.dataDir);
    const res = await createToken(limitedAdmin, { permissions: { employee: ['read', 'update'] } });
    expect(res.status).toBe(403);
    const body = await res.json();
    expect(body.code).toBe('tokens.permissionsNotHeld');
    expect(body.message).toBe('Un token solo puede tener permisos que tu propio rol te concede.');
    expect((await createToken(limitedAdmin, { permissions: { setting: ['update'] } })).status).toBe(403);
    expect(changedTables(before, dbSnapshot(server.dataDir))).toEqual([]);
  });

  it('refuses an Employee account whatever it asks for; its list is empty', async () => {
    const before = dbSnapshot(server.dataDir);
    const res = await createToken(employee, { permissions: { attendance: ['read'] } });
    expect(res.status).toBe(403);
    expect((await res.json()).code).toBe('tokens.adminsOnly');
    expect(await listed(employee)).toEqual([]);
    expect(changedTables(before, dbSnapshot(server.dataDir))).toEqual([]);
  });

  it('refuses bad input with 422 and field errors: past or too distant expiry, no permission, unknown names', async () => {
    const before = dbSnapshot(server.dataDir);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ expiresOn: addDays(TODAY, -1), permissions: { report: ['read'] } }, 'expiresOn', 'Choose today or a later date.'],
      [{ expiresOn: addDays(TODAY, 367), permissions: { report: ['read'] } }, 'expiresOn', 'A token can last at most one year.'],
      [{ permissions: {} }, 'permissions', 'Choose at least one permission.'],
      [{ permissions: { payroll: ['read'] } }, 'permissions', 'One of the permissions does not exist.'],
      [{ name: '', permissions: { report: ['read'] } }, 'name', 'This field is required'],
    ];
    for (const [body, field, text] of cases) {
      const res = await createToken(admin, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect((await res.json()).errors[field], JSON.stringify(body)).toBe(text);
    }
    expect(changedTables(before, dbSnapshot(server.dataDir))).toEqual([]);
  });
});

describe('using a token', () => {
  let token: string;
  let tokenId: number;

  beforeAll(async () => {
    setNow(TODAY, '10:00');
    const res = await createToken(admin, { name: 'Exportación', permissions: { employee: ['read'], report: ['read'] } });
    ({ token, _id: tokenId } = (await res.json()).data);
  });

  it('acts on the API with exactly its permissions, as an Admin, without a cookie', async () => {
    const client = bearer(token);
    const employees = await client.get('/api/employees?pageSize=5');
    expect(employees.status).toBe(200);
    expect((await employees.json()).total).toBeGreaterThan(0);
    expect(employees.headers.getSetCookie()).toEqual([]);
    expect((await client.get('/api/reports/monthly-record?month=2027-02')).status).toBe(200);
    const me = await (await client.get('/api/me')).json();
    expect(me.user).toMatchObject({ email: 'admin@demo.jornada', account_type: 'Admin', role: { employee: ['read'], report: ['read'] } });
    // The creator is a SuperAdmin; the token is not: everything else is refused, and nothing is written.
    const before = dbSnapshot(server.dataDir);
    expect((await client.get('/api/users')).status).toBe(403);
    expect((await client.get('/api/settings')).status).toBe(403);
    expect((await client.post('/api/employees', { firstName: 'X' })).status).toBe(403);
    expect((await client.request('PATCH', '/api/roles/1', { name: 'x', permissions: {} })).status).toBe(403);
    expect((await client.post('/api/backups')).status).toBe(403);
    expect(changedTables(before, dbSnapshot(server.dataDir)).filter((t) => t !== 'api_tokens')).toEqual([]);
  });

  it('never changes the password or sessions, nor makes or revokes tokens (403, translated)', async () => {
    const client = bearer(token, 'es');
    for (const [method, p, body] of [
      ['POST', '/api/account/password', { currentPassword: 'Demo#2026', newPassword: 'Otra#2026xx', confirmPassword: 'Otra#2026xx' }],
      ['POST', '/api/account/sign-out-everywhere', {}],
      ['POST', '/api/api-tokens', { name: 'Hija', expiresOn: addDays(TODAY, 300), permissions: { employee: ['read'] } }],
      ['GET', '/api/api-tokens', undefined],
      ['POST', `/api/api-tokens/${tokenId}/revoke`, {}],
    ] as const) {
      const res = await client.request(method, p, body);
      expect(res.status, p).toBe(403);
      const answer = await res.json();
      expect(answer.code, p).toBe('tokens.sessionOnly');
      expect(answer.message, p).toMatch(/^Los tokens de API no pueden/);
    }
    // The session still works: the password was not changed, and the session not ended.
    expect((await admin.get('/api/me')).status).toBe(200);
    expect((await new Client(server.url).signIn('admin@demo.jornada', 'Demo#2026')).status).toBe(200);
  });

  it('opens no page: a page request with a token is a signed-out visit', async () => {
    const client = bearer(token);
    for (const page of ['/dashboard', '/employees', '/settings/api-tokens', '/api-docs', '/account-setting']) {
      const res = await client.get(page);
      expect(res.status, page).toBe(302);
      expect(location(res), page).toBe(`/sign-in?redirectUrl=${encodeURIComponent(page)}`);
    }
  });

  it('writes the last use at most once a minute', async () => {
    const lastUsed = async () => (await listed(admin)).find((t) => t._id === tokenId).lastUsedAt as string | null;
    setNow(TODAY, '11:00');
    expect((await bearer(token).get('/api/me')).status).toBe(200);
    const first = localDateTimeToUtcIso(TODAY, '11:00', zone);
    expect(await lastUsed()).toBe(first);
    setNow(TODAY, '11:00', 59);
    expect((await bearer(token).get('/api/me')).status).toBe(200);
    expect(await lastUsed()).toBe(first);
    setNow(TODAY, '11:01', 1);
    expect((await bearer(token).get('/api/me')).status).toBe(200);
    expect(await lastUsed()).toBe(new Date(Date.parse(first) + 61_000).toISOString());
  });

  it('answers 401 tokens.unknown (a message for a script, not the sign-in one) for a malformed, unknown or tampered token', async () => {
    for (const bad of ['jt_', 'jt_short', `jt_${'A'.repeat(43)}`, token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A'), `${token}x`]) {
      const res = await bearer(bad).get('/api/employees');
      expect(res.status, bad).toBe(401);
      const body = await res.json();
      expect(body.code).toBe('tokens.unknown');
      expect(body.message).toContain('Authorization: Bearer jt_');
    }
  });
});

describe('a token follows its creator and its own life', () => {
  it('loses what the creator’s role loses, and everything when the creator is disabled', async () => {
    setNow(TODAY, '12:00');
    const res = await createToken(limitedAdmin, { permissions: { employee: ['read'], report: ['read'] } });
    expect(res.status).toBe(201);
    const { token: made, _id: tokenId } = (await res.json()).data;
    const client = bearer(made);
    expect((await client.get('/api/employees')).status).toBe(200);
    // The role no longer reads employees: neither does the token.
    expect((await admin.request('PATCH', `/api/roles/${limitedRoleId}`, { name: 'Lectura', permissions: { report: ['read'] } })).status).toBe(200);
    expect((await client.get('/api/employees')).status).toBe(403);
    expect((await client.get('/api/reports/monthly-record?month=2027-02')).status).toBe(200);
    // The list shows what it may do now, and what it was given (issue 34.6: it showed both as in force).
    const row = async () => (await listed(admin)).find((t) => t._id === tokenId);
    expect(await row()).toMatchObject({ state: 'active', permissions: { report: ['read'] }, grantedPermissions: { employee: ['read'], report: ['read'] } });
    // Given back: the token's own list still bounds it.
    expect((await admin.request('PATCH', `/api/roles/${limitedRoleId}`, { name: 'Lectura', permissions: { employee: ['read', 'update'], report: ['read'] } })).status).toBe(200);
    expect((await client.get('/api/employees')).status).toBe(200);
    expect((await client.request('PATCH', '/api/employees/1', {})).status).toBe(403);
    // Demoted to an Employee account, then disabled: 401.
    const linked = new Set(((await (await admin.get('/api/users?pageSize=100')).json()).data as { employee: number | null }[]).map((u) => u.employee));
    const free = ((await (await admin.get('/api/employees?pageSize=100&status=active')).json()).data as { _id: number }[]).find((e) => !linked.has(e._id))!;
    expect((await admin.request('PATCH', `/api/users/${limitedUserId}`, { accountType: 'Employee', employee: free._id })).status).toBe(200);
    const demoted = await client.get('/api/me');
    expect(demoted.status).toBe(401);
    expect((await demoted.json()).code).toBe('tokens.creatorInactive');
    expect((await admin.request('PATCH', `/api/users/${limitedUserId}`, { accountType: 'Admin', employee: null, status: 'disabled' })).status).toBe(200);
    const disabled = await client.get('/api/me');
    expect(disabled.status).toBe(401);
    expect((await disabled.json()).code).toBe('tokens.creatorInactive');
    // Listed as it is: no effect while its creator is disabled (it said "active").
    expect(await row()).toMatchObject({ state: 'creatorInactive', permissions: {} });
    expect((await admin.request('PATCH', `/api/users/${limitedUserId}`, { status: 'enabled' })).status).toBe(200);
    expect((await client.get('/api/me')).status).toBe(200);
  });

  it('someone else’s token: not listed and not revocable without setting.update (404); the owner and setting.update may', async () => {
    setNow(TODAY, '13:00');
    expect((await limitedAdmin.signIn('lectora@demo.jornada', 'Lectora#2026')).status).toBe(200);
    const mine = (await (await createToken(admin, { name: 'Del superadmin', permissions: { report: ['read'] } })).json()).data;
    const theirs = (await (await createToken(limitedAdmin, { name: 'De la lectora', permissions: { report: ['read'] } })).json()).data;
    const seenByLimited = await listed(limitedAdmin);
    expect(seenByLimited.every((t) => t.mine)).toBe(true);
    expect(seenByLimited.some((t) => t._id === mine._id)).toBe(false);
    const before = dbSnapshot(server.dataDir);
    expect((await limitedAdmin.post(`/api/api-tokens/${mine._id}/revoke`)).status).toBe(404);
    expect((await employee.post(`/api/api-tokens/${mine._id}/revoke`)).status).toBe(404);
    expect(changedTables(before, dbSnapshot(server.dataDir))).toEqual([]);
    expect((await bearer(mine.token).get('/api/reports/monthly-record?month=2027-02')).status).toBe(200);
    // setting.update (the SuperAdmin) sees everyone's and revokes the other account's token.
    expect((await listed(admin)).some((t) => t._id === theirs._id && !t.mine && t.userName === 'Lectora')).toBe(true);
    expect((await admin.post(`/api/api-tokens/${theirs._id}/revoke`)).status).toBe(200);
    expect((await bearer(theirs.token).get('/api/me')).status).toBe(401);
    // The owner revokes its own; revoking again changes nothing.
    const revoked = await limitedAdmin.post(`/api/api-tokens/${theirs._id}/revoke`);
    expect(revoked.status).toBe(200);
    expect((await admin.post(`/api/api-tokens/${mine._id}/revoke`)).status).toBe(200);
    const refused = await bearer(mine.token).get('/api/me');
    expect(refused.status).toBe(401);
    expect((await refused.json()).code).toBe('tokens.revoked');
    expect((await listed(admin)).find((t) => t._id === mine._id).state).toBe('revoked');
    const audit = sqlIn<{ action: string }>(server.dataDir, "SELECT action FROM audit_log WHERE entity = 'apiToken' AND entity_id = ?", String(mine._id));
    expect(audit.map((a) => a.action)).toEqual(['create', 'revoke']);
  });

  it('works through its last day in the company zone and not a moment after', async () => {
    setNow(TODAY, '14:00');
    const { token, _id } = (await (await createToken(admin, { name: 'Hoy', expiresOn: TODAY, permissions: { report: ['read'] } })).json()).data;
    setNow(TODAY, '23:59', 59);
    expect((await bearer(token).get('/api/me')).status).toBe(200);
    setNow(addDays(TODAY, 1), '00:00');
    const expired = await bearer(token).get('/api/me');
    expect(expired.status).toBe(401);
    expect((await expired.json()).code).toBe('tokens.expired');
    expect((await listed(admin)).find((t) => t._id === _id).state).toBe('expired');
  });
});

describe('the OpenAPI document and the reference page', () => {
  it('is served to a signed-in account or a token (401 signed out), validates as 3.1 and lists every endpoint', async () => {
    setNow(addDays(TODAY, 1), '09:00');
    expect((await new Client(server.url).get('/api/openapi.json')).status).toBe(401);
    const { token } = (await (await createToken(admin, { name: 'Docs', expiresOn: addDays(TODAY, 10), permissions: { report: ['read'] } })).json()).data;
    const res = await bearer(token).get('/api/openapi.json');
    expect(res.status).toBe(200);
    const doc = await res.json();
    const validator = new Validator();
    expect((await validator.validate(doc)).valid).toBe(true);
    expect(validator.version).toBe('3.1');
    const operations = Object.values(doc.paths as Record<string, object>).flatMap((ops) => Object.keys(ops));
    expect(operations).toHaveLength(API_ROUTES.length);
    expect(doc.paths['/api/api-tokens'].post.requestBody.content['application/json'].schema.required).toEqual(['name', 'expiresOn', 'permissions']);
    expect((await employee.get('/api/openapi.json')).status).toBe(200);
  });

  it('the /api-docs page lists every endpoint, grouped, with nothing loaded from elsewhere', async () => {
    const res = await admin.get('/api-docs');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html.match(/data-testid="api-docs-operation"/g)).toHaveLength(API_ROUTES.length);
    expect(html).toContain('/api/api-tokens/{id}/revoke');
    expect(html).not.toMatch(/<(script|link)[^>]+(src|href)="https?:\/\//);
    expect((await employee.get('/api-docs')).status).toBe(302);
  });
});
