import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../src/i18n/en.json';
import es from '../../src/i18n/es.json';
import { addAccount } from '../helpers/accounts.ts';
import { Client } from '../helpers/http-client.ts';
import { startSmtpInbox, type SmtpInbox } from '../helpers/smtp-inbox.ts';
import { startServer, type TestServer } from '../helpers/test-server.ts';
import { sqlIn } from '../helpers/test-sql.ts';

/**
 * The SMTP server of the settings and the outbox sender of a running server (issue 22.1/22.4,
 * decision 054): stored encrypted, never answered, validated in both languages, refused to
 * accounts without setting.update, and a queued row reaches a real SMTP inbox.
 */
let server: TestServer;
let admin: Client;
let inbox: SmtpInbox;
const sql = <T>(text: string, ...params: unknown[]): T[] => sqlIn<T>(server.dataDir, text, ...params);

const valid = () => ({ host: '127.0.0.1', port: inbox.port, security: 'none', user: 'mailer', password: 'Sm7p secret', from: 'Jornada <jornada@test.local>', appUrl: 'http://jornada.test:4321' });

beforeAll(async () => {
  inbox = await startSmtpInbox({ auth: { user: 'mailer', pass: 'Sm7p secret' } });
  server = await startServer({ args: ['--demo'], env: { JORNADA_TEST: '1', JORNADA_OUTBOX_POLL_MS: '100' } });
  admin = new Client(server.url);
  expect((await admin.signIn('admin@demo.jornada', 'Demo#2026')).status).toBe(200);
});

afterAll(async () => {
  await server?.stop();
  await inbox?.close();
});

describe('email settings', () => {
  it('starts empty, stores the server with its password sealed, and never answers the password', async () => {
    const empty = (await (await admin.get('/api/settings/email')).json()) as { data: Record<string, unknown> };
    expect(empty.data).toMatchObject({ host: '', from: '', passwordSet: false });
    const res = await admin.request('PUT', '/api/settings/email', valid());
    expect(res.status).toBe(200);
    const saved = (await res.json()) as { data: Record<string, unknown>; message: string };
    expect(saved.data).toMatchObject({ host: '127.0.0.1', port: inbox.port, user: 'mailer', passwordSet: true });
    expect(JSON.stringify(saved)).not.toContain('Sm7p');
    expect(JSON.stringify(await (await admin.get('/api/settings/email')).json())).not.toContain('Sm7p');
    expect(JSON.stringify(sql('select value from settings where key = ?', 'mail'))).not.toContain('Sm7p');
    expect(JSON.stringify(sql('select before, after from audit_log where entity_id = ?', 'mail'))).not.toContain('Sm7p');
  });

  it('refuses bad input in the reader language and changes nothing', async () => {
    const before = sql('select value from settings where key = ?', 'mail');
    for (const [lang, messages] of [
      ['en', en],
      ['es', es],
    ] as const) {
      const client = new Client(server.url, lang);
      client.cookie = admin.cookie;
      const res = await client.request('PUT', '/api/settings/email', { ...valid(), port: 0, from: 'nobody' });
      expect(res.status).toBe(422);
      const body = (await res.json()) as { errors: Record<string, string> };
      expect(body.errors).toEqual({ port: messages.mail.invalidPort, from: messages.mail.invalidFrom });
    }
    expect(sql('select value from settings where key = ?', 'mail')).toEqual(before);
  });

  it('lets an account that may only read settings see them, and nobody else change them', async () => {
    await addAccount(server.dataDir, { email: 'reader@test.local', password: 'Reader#2026', accountType: 'Admin', permissions: { setting: ['read'] } });
    await addAccount(server.dataDir, { email: 'worker@test.local', password: 'Worker#2026', accountType: 'Employee' });
    const reader = new Client(server.url);
    expect((await reader.signIn('reader@test.local', 'Reader#2026')).status).toBe(200);
    expect((await reader.get('/api/settings/email')).status).toBe(200);
    expect((await reader.request('PUT', '/api/settings/email', { ...valid(), host: 'evil.example' })).status).toBe(403);
    const worker = new Client(server.url);
    expect((await worker.signIn('worker@test.local', 'Worker#2026')).status).toBe(200);
    expect((await worker.get('/api/settings/email')).status).toBe(403);
    expect((await new Client(server.url).get('/api/settings/email')).status).toBe(401);
    expect(sql<{ value: string }>('select value from settings where key = ?', 'mail')[0]!.value).toContain('127.0.0.1');
  });
});

describe('outbox sender', () => {
  it('delivers a queued email through the configured server, signed in with the stored password', async () => {
    const at = new Date().toISOString();
    const content = JSON.stringify({ subject: 'Prueba', text: 'Hola', html: '<p>Hola</p>' });
    sql(
      "insert into outbox (channel, kind, company_id, recipient, language, payload, status, attempts, next_attempt_at, created_at, updated_at) values ('email', 'test', null, 'ana@test.local', 'es', ?, 'pending', 0, ?, ?, ?)",
      content,
      at,
      at,
      at,
    );
    const mail = await inbox.waitFor((m) => m.to.includes('ana@test.local'), 'the queued email');
    expect(mail).toMatchObject({ subject: 'Prueba', text: 'Hola' });
    expect(mail.authUser).toBe('mailer');
    await expect.poll(() => sql<{ status: string }>("select status from outbox where recipient = 'ana@test.local'")[0]?.status).toBe('sent');
  });
});
