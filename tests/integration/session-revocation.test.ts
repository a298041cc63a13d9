import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../helpers/http-client.ts';
import { startServer, type TestServer } from '../helpers/test-server.ts';
import { sqlIn } from '../helpers/test-sql.ts';

/**
 * Sessions are revocable on the server (decision 023): sign-out ends the session its token names,
 * "sign out everywhere" ends the account's other sessions, an administrator ends a user's sessions
 * (not a SuperAdmin's unless a SuperAdmin), and a session past its expiry is refused.
 */
const PASSWORD = 'Demo#2026';
const SUPER = 'admin@demo.jornada';
const MANAGER = 'manager@demo.jornada';
const EMPLOYEE = 'employee@demo.jornada';
let server: TestServer;

beforeAll(async () => {
  server = await startServer({ args: ['--demo'] });
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

/** A client signed in as `email`, with its Bearer token (the login answer's accessToken). */
async function signedIn(email: string) {
  const client = new Client(server.url);
  const res = await client.signIn(email, PASSWORD);
  expect(res.status, email).toBe(200);
  const body = await res.json();
  return { client, token: body.accessToken as string, id: body.user._id as number };
}

/** Status of `GET /api/me` with the token as cookie, or as Bearer header. */
async function meWithCookie(token: string) {
  const c = new Client(server.url);
  c.cookie = token;
  return (await c.get('/api/me')).status;
}
async function meWithBearer(token: string) {
  return (await new Client(server.url).get('/api/me', { authorization: `Bearer ${token}` })).status;
}

const sql = <T>(text: string, ...params: unknown[]): T[] => sqlIn<T>(server.dataDir, text, ...params);

const auditActions = (userId: number) => sql<{ action: string }>("select action from audit_log where entity = 'user' and entity_id = ? order by id", String(userId)).map((r) => r.action);

describe('sign-out', () => {
  it('revokes the token on the server: a copy of the cookie or the Bearer token no longer works', async () => {
    const { client, token } = await signedIn(EMPLOYEE);
    expect(await meWithCookie(token)).toBe(200);
    expect(await meWithBearer(token)).toBe(200);
    expect((await client.post('/api/sign-out')).status).toBe(204);
    expect(client.cookie).toBeUndefined();
    expect(await meWithCookie(token)).toBe(401);
    expect(await meWithBearer(token)).toBe(401);
  });

  it('revokes a Bearer token signed out with the Bearer header alone', async () => {
    const { token } = await signedIn(EMPLOYEE);
    const res = await new Client(server.url).post('/api/sign-out', {}, { authorization: `Bearer ${token}` });
    expect(res.status).toBe(204);
    expect(await meWithBearer(token)).toBe(401);
  });

  it('ends only the session it names: the same account elsewhere stays signed in', async () => {
    const a = await signedIn(EMPLOYEE);
    const b = await signedIn(EMPLOYEE);
    expect((await a.client.post('/api/sign-out')).status).toBe(204);
    expect(await meWithCookie(a.token)).toBe(401);
    expect((await b.client.get('/api/me')).status).toBe(200);
  });

  it('still answers 204 and clears the cookie without a valid session', async () => {
    const client = new Client(server.url);
    client.cookie = 'not-a-token';
    const res = await client.post('/api/sign-out');
    expect(res.status).toBe(204);
    expect(client.cookie).toBeUndefined();
  });
});

describe('session expiry', () => {
  it('refuses a session whose row has expired, though its sealed token is still within its TTL', async () => {
    const { token, id } = await signedIn(MANAGER);
    expect(await meWithBearer(token)).toBe(200);
    sql("update sessions set expires_at = '2000-01-01T00:00:00.000Z' where user_id = ?", id);
    expect(await meWithBearer(token)).toBe(401);
  });

  it('prunes expired sessions on sign-in', async () => {
    const { id } = await signedIn(MANAGER);
    sql("update sessions set expires_at = '2000-01-01T00:00:00.000Z' where user_id = ?", id);
    await signedIn(EMPLOYEE);
    const expired = sql<{ n: number }>("select count(*) as n from sessions where expires_at < '2001-01-01'")[0]!.n;
    expect(expired).toBe(0);
  });
});

describe('sign out everywhere (account settings)', () => {
  it('ends every other session of the account and keeps this one', async () => {
    const here = await signedIn(MANAGER);
    const phone = await signedIn(MANAGER);
    const other = await signedIn(EMPLOYEE);
    const res = await here.client.post('/api/account/sign-out-everywhere');
    expect(res.status).toBe(200);
    expect((await res.json()).message).toBe('Your other sessions have been signed out.');
    expect((await here.client.get('/api/me')).status).toBe(200);
    expect(await meWithBearer(phone.token)).toBe(401);
    // Another account is untouched.
    expect(await meWithBearer(other.token)).toBe(200);
    expect(auditActions(here.id)).toContain('end-other-sessions');
  });

  it('needs a session (401 signed out)', async () => {
    expect((await new Client(server.url).post('/api/account/sign-out-everywhere')).status).toBe(401);
  });
});

describe('an administrator ends a user’s sessions', () => {
  it('ends every session of the user; the user can sign in again', async () => {
    const admin = await signedIn(SUPER);
    const a = await signedIn(EMPLOYEE);
    const b = await signedIn(EMPLOYEE);
    const res = await admin.client.request('DELETE', `/api/users/${a.id}/sessions`);
    expect(res.status).toBe(200);
    expect((await res.json()).message).toBe('The user’s sessions have been ended.');
    expect(await meWithBearer(a.token)).toBe(401);
    expect(await meWithBearer(b.token)).toBe(401);
    expect((await admin.client.get('/api/me')).status).toBe(200);
    expect(auditActions(a.id)).toContain('end-sessions');
    await signedIn(EMPLOYEE);
  });

  it('an Admin ends an Employee’s sessions', async () => {
    const manager = await signedIn(MANAGER);
    const worker = await signedIn(EMPLOYEE);
    expect((await manager.client.request('DELETE', `/api/users/${worker.id}/sessions`)).status).toBe(200);
    expect(await meWithBearer(worker.token)).toBe(401);
  });

  it('an Employee cannot end someone else’s sessions (403)', async () => {
    const worker = await signedIn(EMPLOYEE);
    const manager = await signedIn(MANAGER);
    const res = await worker.client.request('DELETE', `/api/users/${manager.id}/sessions`);
    expect(res.status).toBe(403);
    expect(await meWithBearer(manager.token)).toBe(200);
  });

  it('an Admin cannot end a SuperAdmin’s sessions (403)', async () => {
    const owner = await signedIn(SUPER);
    const manager = await signedIn(MANAGER);
    const res = await manager.client.request('DELETE', `/api/users/${owner.id}/sessions`);
    expect(res.status).toBe(403);
    expect((await res.json()).code).toBe('users.onlySuperAdminEdits');
    expect(await meWithBearer(owner.token)).toBe(200);
  });

  it('answers 404 for an unknown user', async () => {
    const admin = await signedIn(SUPER);
    expect((await admin.client.request('DELETE', '/api/users/999999/sessions')).status).toBe(404);
  });
});

describe('changes that end every session', () => {
  it('a password change ends the other sessions and the old token; the new token works', async () => {
    const here = await signedIn(MANAGER);
    const phone = await signedIn(MANAGER);
    const res = await here.client.post('/api/account/password', { currentPassword: PASSWORD, newPassword: 'Nueva#2026x', confirmPassword: 'Nueva#2026x' });
    expect(res.status).toBe(200);
    const fresh = (await res.json()).accessToken as string;
    expect(await meWithBearer(phone.token)).toBe(401);
    expect(await meWithBearer(here.token)).toBe(401);
    expect(await meWithBearer(fresh)).toBe(200);
    expect((await here.client.get('/api/me')).status).toBe(200);
    // Put the demo password back for the other tests.
    const back = await here.client.post('/api/account/password', { currentPassword: 'Nueva#2026x', newPassword: PASSWORD, confirmPassword: PASSWORD });
    expect(back.status).toBe(200);
  });

  it('disabling a user ends their sessions (the row goes with them)', async () => {
    const admin = await signedIn(SUPER);
    const worker = await signedIn(EMPLOYEE);
    const patch = await admin.client.request('PATCH', `/api/users/${worker.id}`, { status: 'disabled' });
    expect(patch.status).toBe(200);
    expect(await meWithBearer(worker.token)).toBe(401);
    const left = sql<{ n: number }>('select count(*) as n from sessions where user_id = ?', worker.id)[0]!.n;
    expect(left).toBe(0);
    expect((await admin.client.request('PATCH', `/api/users/${worker.id}`, { status: 'enabled' })).status).toBe(200);
  });
});
