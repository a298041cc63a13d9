import net from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../helpers/http-client.ts';
import { sqlIn } from '../helpers/test-sql.ts';
import { startServer, type TestServer } from '../helpers/test-server.ts';
import { waitFor } from '../helpers/wait-for.ts';

/**
 * The outbox survives a SIGKILL without sending anything twice (issue 22 point 4, decision 054).
 * 36 emails are queued; a slow SMTP server on localhost takes them one by one, and when the
 * seventh has fully arrived (its data received, the "250 OK" not yet answered) the server process is
 * killed with SIGKILL: no shutdown hook, no last write. Started again on the same DATA_DIR, the
 * sender delivers everything still pending; the message whose delivery was cut off is failed
 * ("interrupted, may have been delivered"), never sent again; no Message-ID reaches the inbox twice.
 */

const QUEUED = 36;
const KILL_AT = 7;
/** The inbox answers each message after this long, so the sender is always in mid-delivery. */
const ANSWER_DELAY_MS = 60;

interface Received {
  messageId: string;
  to: string;
}

let server: TestServer;
let smtp: SMTPServer;
let smtpPort: number;
const received: Received[] = [];
/** Set once the seventh message has arrived: the SIGKILL is sent before that message is answered. */
let killed: Promise<number | null> | undefined;

function messageIdOf(raw: string): string {
  return /^message-id:\s*(\S+)/im.exec(raw)?.[1] ?? '';
}

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (raw += chunk));
      stream.on('end', () => {
        received.push({ messageId: messageIdOf(raw), to: session.envelope.rcptTo.map((r) => r.address).join(',') });
        if (received.length === KILL_AT && !killed) {
          // The data is here; the sender is waiting for the answer that never comes.
          killed = server.kill('SIGKILL');
          return;
        }
        setTimeout(() => callback(), ANSWER_DELAY_MS);
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  smtpPort = (smtp.server.address() as net.AddressInfo).port;
  server = await startServer({ env: { JORNADA_TEST: '1', JORNADA_OUTBOX_POLL_MS: '100' } });
  const owner = new Client(server.url);
  expect((await owner.post('/api/sign-up', { company: 'Óptica Luz', full_name: 'Inés Mora', email: 'ines@luz.es', password: 'Ines#2026' })).status).toBe(201);
  const saved = await owner.request('PUT', '/api/settings/email', { host: '127.0.0.1', port: smtpPort, security: 'none', user: '', from: 'jornada@test.local', appUrl: 'http://jornada.test' });
  expect(saved.status).toBe(200);
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await new Promise((r) => smtp?.close(() => r(undefined)));
});

describe('the outbox and a SIGKILL', () => {
  it('delivers every queued email after a restart, none twice; the interrupted one shows failed', async () => {
    // Queued in one transaction as an event writer would, due now.
    const at = new Date().toISOString();
    const rows = Array.from({ length: QUEUED }, (_, i) => [`persona${i}@luz.es`, JSON.stringify({ subject: `Aviso ${i}`, text: `Aviso número ${i}`, html: `<p>Aviso número ${i}</p>` }), `crash-test-${i}`]);
    const values = rows.map(() => `('email', 'leaveRequested', null, ?, ?, 'es', ?, 'pending', 0, ?, null, ?, ?, null)`).join(',');
    sqlIn(
      server.dataDir,
      `insert into outbox (channel, kind, company_id, dedupe_key, recipient, language, payload, status, attempts, next_attempt_at, last_error, created_at, updated_at, sent_at) values ${values}`,
      ...rows.flatMap(([to, payload, key]) => [key, to, payload, at, at, at]),
    );
    const ids = sqlIn<{ id: number }>(server.dataDir, 'select id from outbox order by id').map((r) => r.id);
    expect(ids).toHaveLength(QUEUED);

    await waitFor('the SIGKILL in mid-delivery', () => killed !== undefined, 60_000);
    await killed;
    // What the killed process left: the seventh message marked sending (committed before delivery).
    const left = sqlIn<{ id: number; status: string }>(server.dataDir, 'select id, status from outbox order by id');
    const cutOff = left.filter((r) => r.status === 'sending').map((r) => r.id);
    expect(cutOff.length).toBeGreaterThanOrEqual(1);
    expect(left.filter((r) => r.status === 'pending').length).toBeGreaterThan(0);
    const atKill = received.length;
    expect(atKill).toBe(KILL_AT);
    const interruptedId = Number(/^<outbox-(\d+)\.[0-9a-f]{16}@jornada>$/.exec(received[KILL_AT - 1]!.messageId)?.[1]);
    expect(cutOff).toContain(interruptedId);

    await server.restart();
    const settled = await waitFor(
      'every row sent or failed',
      () => {
        const now = sqlIn<{ id: number; status: string; last_error: string | null }>(server.dataDir, 'select id, status, last_error from outbox order by id');
        return now.every((r) => r.status === 'sent' || r.status === 'failed') ? now : undefined;
      },
      60_000,
    );

    // No Message-ID twice; every message id is the outbox row's.
    const messageIds = received.map((r) => r.messageId);
    expect(new Set(messageIds).size).toBe(messageIds.length);
    for (const m of received) expect(m.messageId).toMatch(/^<outbox-\d+\.[0-9a-f]{16}@jornada>$/);
    // Everything that was not cut off was delivered, exactly to its recipient.
    const sent = settled.filter((r) => r.status === 'sent').map((r) => r.id);
    const failed = settled.filter((r) => r.status === 'failed');
    expect(failed.map((r) => r.id).sort()).toEqual([...cutOff].sort());
    expect(sent.length + failed.length).toBe(QUEUED);
    const deliveredIds = new Set(received.map((r) => Number(/\d+/.exec(r.messageId)![0])));
    for (const id of sent) expect(deliveredIds.has(id), `row ${id} delivered`).toBe(true);
    for (const r of received) {
      const id = Number(/\d+/.exec(r.messageId)![0]);
      expect(r.to).toBe(`persona${ids.indexOf(id)}@luz.es`);
    }
    // A message that reached the inbox is either sent or one of those cut off (never redelivered).
    for (const id of deliveredIds) expect(sent.includes(id) || cutOff.includes(id), `row ${id}`).toBe(true);

    // The administrator sees the interrupted one as failed, with why, and may choose to retry it.
    const owner = new Client(server.url);
    await owner.signIn('ines@luz.es', 'Ines#2026');
    const list = await (await owner.get('/api/outbox?status=failed')).json();
    expect(list.data.map((r: { _id: number }) => r._id)).toEqual(expect.arrayContaining([interruptedId]));
    const shown = list.data.find((r: { _id: number }) => r._id === interruptedId);
    expect(shown.lastError).toBeTruthy();
    expect(list.counts.waiting).toBe(0);
  }, 120_000);
});
