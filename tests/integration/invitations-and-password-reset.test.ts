import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../helpers/http-client.ts';
import { startSmtpInbox, type SmtpInbox } from '../helpers/smtp-inbox.ts';
import { startServer, type TestServer } from '../helpers/test-server.ts';
import { sqlIn } from '../helpers/test-sql.ts';

/**
 * Issue 36, points 1 and 2 (decision 066) over HTTP, followed to a real SMTP inbox: an admin
 * invites a demo employee without an account, the worker opens the emailed link, sets a password
 * and is signed in as an Employee; "Forgot your password?" answers alike for any address, and the
 * emailed reset ends the account's other sessions. The rules themselves (expiry, revoke, company
 * scope, concurrency, limits) are tested as services in tests/service/invitations-and-resets.test.ts.
 */
let server: TestServer;
let inbox: SmtpInbox;
let admin: Client;
const body = async (res: Response) => (await res.json()) as any;
const query = <T>(sql: string, ...params: unknown[]): T[] => sqlIn<T>(server.dataDir, sql, ...params);

function linkIn(text: string, kind: 'join' | 'reset-password'): string {
  const match = new RegExp(`${server.url}/${kind}/([A-Za-z0-9_-]{43})`).exec(text);
  expect(match, text).not.toBeNull();
  return match![0];
}

beforeAll(async () => {
  inbox = await startSmtpInbox();
  server = await startServer({ args: ['--demo'], env: { JORNADA_TEST: '1', JORNADA_OUTBOX_POLL_MS: '100' } });
  admin = new Client(server.url);
  expect((await admin.signIn('admin@demo.jornada', 'Demo#2026')).status).toBe(200);
  const mail = await admin.request('PUT', '/api/settings/email', { host: '127.0.0.1', port: inbox.port, security: 'none', user: '', from: 'jornada@test.local', appUrl: server.url });
  expect(mail.status, await mail.clone().text()).toBe(200);
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await inbox?.close();
});

describe('invitation by email', () => {
  it('the worker follows the emailed link, sets a password and is signed in as an Employee linked to the employee; the link works once', async () => {
    const [employee] = query<{ id: number; email: string; first_name: string }>(
      "select e.id, e.email, e.first_name from employees e where e.status = 'active' and not exists (select 1 from users u where u.employee_id = e.id) order by e.id limit 1",
    );
    const invite = await admin.post('/api/invitations', { employees: [employee!.id] });
    expect(invite.status, await invite.clone().text()).toBe(201);
    expect(await body(invite)).toMatchObject({ data: { invited: [{ _id: employee!.id, delivery: 'email' }], skipped: [] }, message: '1 invitation sent.' });
    // The list shows "invited".
    const list = await body(await admin.get(`/api/employees?withBalance=1&q=${encodeURIComponent(employee!.email)}`));
    expect(list.data.find((e: { _id: number }) => e._id === employee!.id).account).toBe('invited');

    const mail = await inbox.waitFor((m) => m.to.includes(employee!.email), 'the invitation');
    expect(mail.subject).toMatch(/^Tu cuenta en /);
    const link = linkIn(mail.text, 'join');
    expect(mail.html).toContain(link);
    const page = await fetch(link);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`Hola, ${employee!.first_name}`);

    const token = link.split('/').pop()!;
    const worker = new Client(server.url);
    const weak = await worker.post('/api/invitations/accept', { token, password: 'abcdefgh', confirmPassword: 'abcdefgh' });
    expect(weak.status).toBe(422);
    expect((await body(weak)).errors).toEqual({ password: 'Password must contain at least one number' });
    const accepted = await worker.post('/api/invitations/accept', { token, password: 'Mi#Clave2026', confirmPassword: 'Mi#Clave2026' });
    expect(accepted.status, await accepted.clone().text()).toBe(201);
    const me = await body(await worker.get('/api/me'));
    expect(me.user).toMatchObject({ account_type: 'Employee', email: employee!.email });
    expect((await worker.get('/personal/dashboard')).status).toBe(200);
    expect(query('select employee_id, account_type from users where email = ?', employee!.email)).toEqual([{ employee_id: employee!.id, account_type: 'Employee' }]);

    const again = await new Client(server.url).post('/api/invitations/accept', { token, password: 'Otra#Clave2026', confirmPassword: 'Otra#Clave2026' });
    expect(again.status).toBe(409);
    expect((await body(again)).message).toMatch(/^This invitation was already used/);
    expect((await fetch(link)).status).toBe(410);
    const joined = await body(await admin.get(`/api/employees?withBalance=1&q=${encodeURIComponent(employee!.email)}`));
    expect(joined.data.find((e: { _id: number }) => e._id === employee!.id).account).toBe('joined');
    // No usable token in the database: the outbox row is sealed.
    expect(JSON.stringify(query('select payload from outbox'))).not.toContain(token);
  });

  it('an Employee account cannot invite, revoke, or reach the endpoints without the authority', async () => {
    const worker = new Client(server.url);
    expect((await worker.signIn('employee@demo.jornada', 'Demo#2026')).status).toBe(200);
    expect((await worker.post('/api/invitations', { all: true })).status).toBe(403);
    expect((await worker.request('DELETE', '/api/employees/1/invitation')).status).toBe(403);
    expect((await new Client(server.url).post('/api/invitations', { all: true })).status).toBe(401);
    expect((await admin.post('/api/invitations', { employees: [] })).status).toBe(422);
    expect((await admin.post('/api/invitations', { employees: [999999] })).status).toBe(404);
  });
});

describe('password reset by email', () => {
  it('answers alike for a known and an unknown address; the emailed link sets a new password and ends every other session', async () => {
    const email = 'employee@demo.jornada';
    const other = new Client(server.url);
    expect((await other.signIn(email, 'Demo#2026')).status).toBe(200);
    const forgot = async (address: string) => {
      const res = await new Client(server.url).post('/api/password/forgot', { email: address });
      return { status: res.status, body: await res.text() };
    };
    // The same answer; its timing is alike by design (nothing is looked up before the answer,
    // decision 066), which a wall-clock test cannot show on a loaded machine.
    const unknown = await forgot('nadie@demo.jornada');
    const known = await forgot(email);
    expect(known.status).toBe(200);
    expect(known.body).toBe(unknown.body);

    const mail = await inbox.waitFor((m) => m.to.includes(email) && /contraseña/.test(m.subject), 'the reset link');
    expect(inbox.messages.some((m) => m.to.includes('nadie@demo.jornada'))).toBe(false);
    const link = linkIn(mail.text, 'reset-password');
    expect((await fetch(link)).status).toBe(200);
    const browser = new Client(server.url);
    const reset = await browser.post('/api/password/reset', { token: link.split('/').pop(), password: 'Nueva#Clave2026', confirmPassword: 'Nueva#Clave2026' });
    expect(reset.status, await reset.clone().text()).toBe(200);
    expect((await browser.get('/api/me')).status).toBe(200);
    // The session open elsewhere has ended; the old password no longer works, the new one does.
    expect((await other.get('/api/me')).status).toBe(401);
    expect((await new Client(server.url).signIn(email, 'Demo#2026')).status).toBe(401);
    expect((await new Client(server.url).signIn(email, 'Nueva#Clave2026')).status).toBe(200);
    expect((await fetch(link)).status).toBe(410);
  });
});
