import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAccount } from '../helpers/accounts.ts';
import { Client } from '../helpers/http-client.ts';
import { startSmtpInbox } from '../helpers/smtp-inbox.ts';
import { startServer, type TestServer } from '../helpers/test-server.ts';
import { sqlIn } from '../helpers/test-sql.ts';

/**
 * Your sessions over HTTP (issue 40.4, decision 093): `GET /api/account/sessions` and
 * `DELETE /api/account/sessions/{id}` (own sessions only; another account's, an employee's or
 * another company's administrator's attempt is a 404; an API token is refused; bad ids are 404s),
 * and the new-device email followed to a real SMTP inbox. Rules are in the unit and service tests.
 */
let server: TestServer;
let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
let laptop: Client; // admin@demo.jornada on a laptop
let phone: Client; // the same account on a phone
let worker: Client; // employee@demo.jornada
let stranger: Client; // an administrator of another company
const ADMIN = 'admin@demo.jornada';
const LAPTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const APP = 'http://jornada.test';
const body = async (res: Response) => (await res.json()) as any;

async function signedIn(email: string, password: string, userAgent: string, lang = 'en') {
  const client = new Client(server.url, lang);
  const res = await client.request('POST', '/api/user/login', { email, password }, { 'user-agent': userAgent });
  expect(res.status, await res.clone().text()).toBe(200);
  return client;
}
const sessionsOf = async (client: Client) => {
  const res = await client.get('/api/account/sessions');
  expect(res.status).toBe(200);
  return (await body(res)).data as { id: string; device: string; address: string | null; createdAt: string; lastSeenAt: string | null; method: string | null; current: boolean }[];
};

beforeAll(async () => {
  inbox = await startSmtpInbox();
  server = await startServer({ args: ['--demo'], env: { JORNADA_TEST: '1', JORNADA_OUTBOX_POLL_MS: '100' } });
  // The account's first browser since the upgrade: nothing to tell (no known device before it).
  laptop = await signedIn(ADMIN, 'Demo#2026', LAPTOP);
  const mail = await laptop.request('PUT', '/api/settings/email', { host: '127.0.0.1', port: inbox.port, security: 'none', user: '', from: 'jornada@test.local', appUrl: APP });
  expect(mail.status, await mail.clone().text()).toBe(200);
  phone = await signedIn(ADMIN, 'Demo#2026', PHONE);
  worker = await signedIn('employee@demo.jornada', 'Demo#2026', LAPTOP);
  await addAccount(server.dataDir, { email: 'ajena@example.com', password: 'Ajena#2026x', accountType: 'Admin' });
  sqlIn(server.dataDir, 'update users set company_id = (select max(id) from companies) where email = ?', 'ajena@example.com');
  stranger = await signedIn('ajena@example.com', 'Ajena#2026x', LAPTOP);
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await inbox?.close();
});

describe('GET /api/account/sessions', () => {
  it('lists the account’s own sessions by public id, this one marked, with device, address, times and method', async () => {
    const list = await sessionsOf(laptop);
    expect(list).toHaveLength(2);
    const [here, there] = [list.find((s) => s.current)!, list.find((s) => !s.current)!];
    expect(here).toMatchObject({ device: 'Chrome 131 · Windows', method: 'password', current: true });
    expect(there).toMatchObject({ device: 'Chrome 131 · Android', method: 'password', current: false });
    for (const s of list) {
      expect(s.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(Date.parse(s.createdAt)).not.toBeNaN();
      expect(typeof s.address).toBe('string');
    }
    // Never a session id: none of the stored ids appears in the answer.
    const raw = JSON.stringify(list);
    for (const { id } of sqlIn<{ id: string }>(server.dataDir, 'select id from sessions')) expect(raw).not.toContain(id);
    // The phone sees the same two, itself marked.
    const fromPhone = await sessionsOf(phone);
    expect(fromPhone.find((s) => s.current)!.id).toBe(there.id);
    // An Employee account sees only its own.
    expect((await sessionsOf(worker)).map((s) => s.current)).toEqual([true]);
  });

  it('needs a session: 401 signed out, 403 with an API token', async () => {
    expect((await new Client(server.url).get('/api/account/sessions')).status).toBe(401);
    const created = await laptop.post('/api/api-tokens', { name: 'Script', expiresOn: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10), permissions: { employee: ['read'] } });
    expect(created.status, await created.clone().text()).toBe(201);
    const script = new Client(server.url, 'en');
    script.extraHeaders = { authorization: `Bearer ${(await body(created)).data.token as string}` };
    const listed = await script.get('/api/account/sessions');
    expect(listed.status).toBe(403);
    expect((await body(listed)).code).toBe('tokens.sessionOnly');
    const id = (await sessionsOf(laptop)).find((s) => !s.current)!.id;
    expect((await script.request('DELETE', `/api/account/sessions/${id}`)).status).toBe(403);
    expect((await sessionsOf(laptop)).map((s) => s.id)).toContain(id);
  });
});

describe('the new-device email', () => {
  it('reaches the inbox when the account signs in from a second browser, in its language', async () => {
    const msg = await inbox.waitFor((m) => JSON.stringify(m.to ?? '').includes(ADMIN) && /^Nuevo inicio de sesión en tu cuenta de Jornada$/.test(m.subject), 'new-device email', 15_000);
    expect(msg.text).toContain('Chrome 131 · Android');
    expect(msg.text).toContain('Contraseña');
    expect(msg.text).toContain(`${APP}/account-setting`);
    // Only one: the first browser told nobody.
    expect(sqlIn(server.dataDir, "select recipient from outbox where kind = 'newDeviceSignIn'")).toEqual([{ recipient: ADMIN }]);
  });
});

describe('DELETE /api/account/sessions/{id}', () => {
  it('refuses another account’s session (404 for an employee and for another company’s administrator) and bad ids, changing nothing', async () => {
    const target = (await sessionsOf(laptop)).find((s) => !s.current)!.id;
    for (const client of [worker, stranger]) {
      const res = await client.request('DELETE', `/api/account/sessions/${target}`);
      expect(res.status).toBe(404);
      expect((await body(res)).message).toBeTruthy();
    }
    const es = new Client(server.url, 'es');
    es.cookie = laptop.cookie;
    for (const bad of ['x', '999999', 'A'.repeat(22), `${'A'.repeat(21)}%2F`, 'A'.repeat(200)]) {
      const res = await es.request('DELETE', `/api/account/sessions/${bad}`);
      expect(res.status, bad).toBe(404);
      expect((await body(res)).message).toMatch(/no existe|no se ha encontrado|no encontrad/i);
    }
    expect((await sessionsOf(laptop)).map((s) => s.id)).toContain(target);
    expect((await phone.get('/api/me')).status).toBe(200);
  });

  it('ends another of one’s own sessions (that browser is signed out), then this one (a sign-out)', async () => {
    const list = await sessionsOf(laptop);
    const other = list.find((s) => !s.current)!;
    const ended = await laptop.request('DELETE', `/api/account/sessions/${other.id}`);
    expect(ended.status, await ended.clone().text()).toBe(200);
    expect(await body(ended)).toMatchObject({ current: false, message: 'Session ended.' });
    expect((await phone.get('/api/me')).status).toBe(401);
    expect(sqlIn(server.dataDir, "select count(*) as n from audit_log where action = 'end-session'")).toEqual([{ n: 1 }]);

    const self = list.find((s) => s.current)!;
    const stale = new Client(server.url);
    stale.cookie = laptop.cookie;
    const out = await laptop.request('DELETE', `/api/account/sessions/${self.id}`);
    expect(out.status).toBe(200);
    expect((await body(out)).current).toBe(true);
    expect(laptop.cookie).toBeUndefined();
    // The old cookie no longer names a session.
    expect((await stale.get('/api/me')).status).toBe(401);
  });
});
