import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAccount } from '../helpers/accounts.ts';
import { changedTables, dbSnapshot } from '../helpers/db-snapshot.ts';
import { Client } from '../helpers/http-client.ts';
import { startSmtpInbox, type SmtpInbox } from '../helpers/smtp-inbox.ts';
import { sqlIn } from '../helpers/test-sql.ts';
import { startServer, type TestServer } from '../helpers/test-server.ts';
import { waitFor } from '../helpers/wait-for.ts';

/**
 * Settings › Email and the outbox screen (issue 22 points 1 and 4, decision 054), against a real
 * SMTP server on localhost: the test message arrives, each way it can fail is told in plain words
 * (connection refused, sign-in refused, TLS), Retry delivers a failed message once, Discard stops
 * one, and nobody without setting.update can do any of it.
 */

let server: TestServer;
let inbox: SmtpInbox;
let owner: Client;
let ownerEs: Client;
let reader: Client;
let employee: Client;
/** An SMTP server that requires a sign-in (and offers no STARTTLS). */
let strict: SmtpInbox;
let strictPort: number;

const SMTP = (port: number, extra: Record<string, unknown> = {}) => ({ host: '127.0.0.1', port, security: 'none', user: '', from: 'Jornada <jornada@test.local>', appUrl: 'http://jornada.test', ...extra });

async function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** An outbox row as the event writers queue it (direct SQL: this file tests the screen, not the events). */
function queueRow(row: { status: string; recipient?: string; subject?: string; attempts?: number; nextAttemptAt?: string; lastError?: string | null; sentAt?: string | null }): number {
  const at = new Date().toISOString();
  const payload = JSON.stringify({ subject: row.subject ?? 'Solicitud de ausencia', text: 'Hola', html: '<p>Hola</p>' });
  sqlIn(
    server.dataDir,
    `insert into outbox (channel, kind, company_id, dedupe_key, recipient, language, payload, status, attempts, next_attempt_at, last_error, created_at, updated_at, sent_at)
     values ('email', 'leaveRequested', null, null, ?, 'es', ?, ?, ?, ?, ?, ?, ?, ?)`,
    row.recipient ?? 'ana@example.com',
    payload,
    row.status,
    row.attempts ?? 0,
    row.nextAttemptAt ?? at,
    row.lastError ?? null,
    at,
    at,
    row.sentAt ?? null,
  );
  return sqlIn<{ id: number }>(server.dataDir, 'select max(id) as id from outbox')[0]!.id;
}

const statusOf = (id: number) => sqlIn<{ status: string; attempts: number }>(server.dataDir, 'select status, attempts from outbox where id = ?', id)[0]!;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  strict = await startSmtpInbox({ auth: { user: 'jornada', pass: 'right' } });
  strictPort = strict.port;
  server = await startServer({ env: { JORNADA_TEST: '1', JORNADA_OUTBOX_POLL_MS: '200' } });
  owner = new Client(server.url);
  expect((await owner.post('/api/sign-up', { company: 'Óptica Luz', full_name: 'Inés Mora', email: 'ines@luz.es', password: 'Ines#2026' })).status).toBe(201);
  ownerEs = new Client(server.url, 'es');
  await ownerEs.signIn('ines@luz.es', 'Ines#2026');
  await addAccount(server.dataDir, { email: 'reader@luz.es', password: 'Read#2026', accountType: 'Admin', permissions: { setting: ['read'] } });
  await addAccount(server.dataDir, { email: 'staff@luz.es', password: 'Staff#2026', accountType: 'Employee' });
  reader = new Client(server.url);
  await reader.signIn('reader@luz.es', 'Read#2026');
  employee = new Client(server.url);
  await employee.signIn('staff@luz.es', 'Staff#2026');
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await inbox?.close();
  await strict?.close();
});

describe('Send test email', () => {
  it('without an SMTP server: 409 in plain words, nothing sent', async () => {
    const res = await owner.post('/api/settings/email/test', { to: 'ines@luz.es' });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: 'emailSettings.notConfigured', message: 'Email is not set up: save an SMTP server and a sender first.' });
  });

  it('refuses a bad address with 422 and the field, before trying anything', async () => {
    for (const body of [{ to: 'ines' }, { to: '' }, {}, { to: 42 }]) {
      const res = await ownerEs.post('/api/settings/email/test', body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys((await res.json()).errors), JSON.stringify(body)).toEqual(['to']);
    }
  });

  it('arrives at the SMTP server, in the language of whoever asked, text and HTML', async () => {
    expect((await owner.request('PUT', '/api/settings/email', SMTP(inbox.port))).status).toBe(200);
    const before = dbSnapshot(server.dataDir);
    const res = await owner.post('/api/settings/email/test', { to: 'ines@luz.es' });
    expect(res.status).toBe(200);
    expect((await res.json()).message).toBe('The mail server accepted the test message for ines@luz.es. If it does not arrive, look in the spam folder.');
    const english = await inbox.waitFor((m) => m.subject === 'Jornada: test message');
    expect(english.text).toContain('Jornada can send email through 127.0.0.1');
    expect(english.html).toContain('Email works');
    expect(JSON.stringify(english.to)).toContain('ines@luz.es');
    const es = await ownerEs.post('/api/settings/email/test', { to: 'otra@luz.es' });
    expect(es.status).toBe(200);
    expect((await es.json()).message).toContain('aceptó el mensaje de prueba para otra@luz.es');
    expect((await inbox.waitFor((m) => m.subject === 'Jornada: mensaje de prueba')).text).toContain('Jornada puede enviar correo a través de 127.0.0.1');
    // Sent now, not queued: the outbox and everything else unchanged.
    expect(changedTables(before, dbSnapshot(server.dataDir))).toEqual([]);
  });

  it('connection refused: 502 saying so, with host and port', async () => {
    const port = await closedPort();
    expect((await owner.request('PUT', '/api/settings/email', SMTP(port))).status).toBe(200);
    const res = await owner.post('/api/settings/email/test', { to: 'ines@luz.es' });
    expect(res.status).toBe(502);
    const body = await res.json();
    expect(body.code).toBe('emailSettings.failure.refused');
    expect(body.message).toContain(`The mail server 127.0.0.1:${port} refused the connection`);
    expect(body.message).toContain('ECONNREFUSED');
  });

  it('user name or password refused: 502 saying so (Spanish too)', async () => {
    expect((await owner.request('PUT', '/api/settings/email', SMTP(strictPort, { user: 'jornada', password: 'wrong' }))).status).toBe(200);
    const res = await ownerEs.post('/api/settings/email/test', { to: 'ines@luz.es' });
    expect(res.status).toBe(502);
    const body = await res.json();
    expect(body.code).toBe('emailSettings.failure.auth');
    expect(body.message).toMatch(/^El servidor de correo rechazó el usuario o la contraseña\. \(.*535.*\)$/);
  });

  it('TLS against a plain server: 502 naming the secure connection and the usual ports', async () => {
    expect((await owner.request('PUT', '/api/settings/email', SMTP(inbox.port, { security: 'tls' }))).status).toBe(200);
    const res = await owner.post('/api/settings/email/test', { to: 'ines@luz.es' });
    expect(res.status).toBe(502);
    const body = await res.json();
    expect(body.code).toBe('emailSettings.failure.tls');
    expect(body.message).toContain('No secure connection could be made with 127.0.0.1');
    // STARTTLS required but not offered by the server: the same plain-words TLS answer.
    expect((await owner.request('PUT', '/api/settings/email', SMTP(strictPort, { security: 'starttls' }))).status).toBe(200);
    const starttls = await owner.post('/api/settings/email/test', { to: 'ines@luz.es' });
    expect(starttls.status).toBe(502);
    expect((await starttls.json()).code).toBe('emailSettings.failure.tls');
    expect((await owner.request('PUT', '/api/settings/email', SMTP(inbox.port))).status).toBe(200);
  });

  it('only with setting.update: a reader and an employee get 403 and nothing is sent', async () => {
    const count = inbox.messages.length;
    for (const client of [reader, employee]) {
      const res = await client.post('/api/settings/email/test', { to: 'attacker@evil.test' });
      expect(res.status).toBe(403);
    }
    expect((await new Client(server.url).post('/api/settings/email/test', { to: 'attacker@evil.test' })).status).toBe(401);
    expect(inbox.messages.length).toBe(count);
    expect(inbox.messages.some((m) => JSON.stringify(m.to).includes('evil.test'))).toBe(false);
  });
});

describe('the outbox screen', () => {
  it('lists each tab with its counts; the waiting tab oldest first; never the message body', async () => {
    const far = new Date(Date.now() + 86_400_000).toISOString();
    const failed = queueRow({ status: 'failed', attempts: 8, lastError: 'connect ECONNREFUSED 127.0.0.1:25', subject: 'Fallida' });
    const later = queueRow({ status: 'pending', nextAttemptAt: far, attempts: 2, lastError: 'Greeting never received' });
    const res = await reader.get('/api/outbox?status=failed');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.tab).toBe('failed');
    expect(body.data[0]).toMatchObject({
      _id: failed,
      channel: 'email',
      kind: 'leaveRequested',
      recipient: 'ana@example.com',
      subject: 'Fallida',
      status: 'failed',
      attempts: 8,
      nextAttemptAt: null,
      lastError: 'connect ECONNREFUSED 127.0.0.1:25',
    });
    expect(JSON.stringify(body)).not.toContain('<p>Hola</p>');
    expect(body.counts).toMatchObject({ failed: 1, waiting: 1 });
    const waiting = await (await reader.get('/api/outbox')).json();
    expect(waiting.data.map((r: { _id: number }) => r._id)).toEqual([later]);
    expect(waiting.data[0]).toMatchObject({ status: 'pending', nextAttemptAt: far, attempts: 2 });
    // Unknown values fall back (a list URL never fails).
    expect((await reader.get('/api/outbox?status=%27;drop&page=x&pageSize=-1')).status).toBe(200);
  });

  it('Retry delivers a failed message once, with a fresh series of attempts; a second Retry is 409', async () => {
    const id = queueRow({ status: 'failed', attempts: 8, lastError: 'interrupted', recipient: 'retry@luz.es', subject: 'Reintento' });
    const res = await owner.post(`/api/outbox/${id}/retry`);
    expect(res.status).toBe(200);
    expect((await res.json()).message).toBe('The message is queued to be sent again now.');
    const mail = await inbox.waitFor((m) => m.subject === 'Reintento');
    expect(mail.messageId).toMatch(new RegExp(`^<outbox-${id}\\.[0-9a-f]{16}@jornada>$`));
    await waitFor('the retried row sent', () => statusOf(id).status === 'sent');
    expect(statusOf(id).attempts).toBe(1);
    const again = await owner.post(`/api/outbox/${id}/retry`);
    expect(again.status).toBe(409);
    expect((await again.json()).code).toBe('outbox.notFailed');
    expect(inbox.messages.filter((m) => m.subject === 'Reintento')).toHaveLength(1);
    const audit = sqlIn<{ action: string }>(server.dataDir, "select action from audit_log where entity = 'outbox' and entity_id = ?", String(id));
    expect(audit.map((a) => a.action)).toEqual(['retry']);
  });

  it('Discard stops a waiting message for good; it cannot be retried or discarded again', async () => {
    const far = new Date(Date.now() + 86_400_000).toISOString();
    const id = queueRow({ status: 'pending', nextAttemptAt: far, subject: 'Descartar' });
    const res = await ownerEs.post(`/api/outbox/${id}/discard`);
    expect(res.status).toBe(200);
    expect((await res.json()).message).toBe('Se descartó el mensaje.');
    expect(statusOf(id).status).toBe('discarded');
    expect((await owner.post(`/api/outbox/${id}/discard`)).status).toBe(409);
    expect((await owner.post(`/api/outbox/${id}/retry`)).status).toBe(409);
    const discarded = await (await owner.get('/api/outbox?status=discarded')).json();
    expect(discarded.data.map((r: { _id: number }) => r._id)).toContain(id);
  });

  it('a sent message is neither retried nor discarded; unknown ids are 404', async () => {
    const id = queueRow({ status: 'sent', sentAt: new Date().toISOString(), subject: 'Enviado' });
    const before = dbSnapshot(server.dataDir);
    expect((await owner.post(`/api/outbox/${id}/retry`)).status).toBe(409);
    expect((await owner.post(`/api/outbox/${id}/discard`)).status).toBe(409);
    for (const bad of ['999999', '0', 'abc', '1.5']) {
      expect((await owner.post(`/api/outbox/${bad}/retry`)).status, bad).toBe(404);
      expect((await owner.post(`/api/outbox/${bad}/discard`)).status, bad).toBe(404);
    }
    expect(changedTables(before, dbSnapshot(server.dataDir))).toEqual([]);
  });

  it('an attacker: a reader sees but cannot act, an employee sees nothing, and nothing changes', async () => {
    const id = queueRow({ status: 'failed', attempts: 8, lastError: 'x', subject: 'Protegido' });
    const before = dbSnapshot(server.dataDir);
    for (const client of [reader, employee]) {
      expect((await client.post(`/api/outbox/${id}/retry`)).status).toBe(403);
      expect((await client.post(`/api/outbox/${id}/discard`)).status).toBe(403);
    }
    expect((await employee.get('/api/outbox')).status).toBe(403);
    expect(changedTables(before, dbSnapshot(server.dataDir))).toEqual([]);
    expect(statusOf(id).status).toBe('failed');
    // The page: the reader sees the failed message without the buttons; the employee is kept out.
    const page = await reader.get('/settings/outbox?status=failed');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Protegido');
    expect(html).not.toContain('data-testid="outbox-retry"');
    const ownerPage = await (await owner.get('/settings/outbox?status=failed')).text();
    expect(ownerPage).toContain('data-testid="outbox-retry"');
    expect((await employee.get('/settings/outbox')).status).not.toBe(200);
  });
});
