import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createTcpServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { webhookLane } from '#domain/notifications/outbox-lanes.ts';
import { insertWebhook } from '#server/db/repositories/webhooks.ts';
import { saveMailSettings } from '#server/mail/mail-settings.ts';
import { emailContent } from '#server/mail/email-content.ts';
import { emailChannel } from '#server/outbox/email-channel.ts';
import { registerOutboxChannel } from '#server/outbox/outbox-channels.ts';
import { drainOutbox, startOutboxSender, stopOutboxSender, wakeOutbox } from '#server/outbox/outbox-sender.ts';
import { enqueueEmail, enqueueOutbox } from '#server/services/outbox/enqueue.ts';
import type { SessionUser } from '#server/services/sign-in/session-user.ts';
import { resumeWebhook } from '#server/services/webhooks/resume-webhook.ts';
import { webhookChannel } from '#server/services/webhooks/webhook-channel.ts';
import { newWebhookSecret, sealWebhookSecret } from '#server/services/webhooks/webhook-secret.ts';
import { openServiceDb, type ServiceDb } from '../helpers/service-db.ts';
import { startSmtpInbox, type SmtpInbox } from '../helpers/smtp-inbox.ts';
import { waitFor } from '../helpers/wait-for.ts';

/**
 * Issue 41 point 4 (decision 094): deliveries that do not wait on each other. Every email waits in
 * the `email` lane, each webhook in its own; a receiver that does not answer holds back only its own
 * deliveries, and one that keeps failing is paused, its administrators told, until resumed.
 */
let s: ServiceDb;
let inbox: SmtpInbox;
const AT = '2026-01-05T09:00:00.000Z';

const rows = () => s.db.selectFrom('outbox').selectAll().orderBy('id').execute();

async function addWebhook(url: string): Promise<number> {
  return insertWebhook(s.db, { companyId: s.companyId, url, description: 'Nóminas', events: '["punch.recorded"]', secret: sealWebhookSecret(newWebhookSecret()), createdBy: s.superAdmin.id, createdAt: AT });
}

function queueDelivery(webhookId: number, url: string, n: number) {
  return enqueueOutbox(s.db, {
    channel: 'webhook',
    kind: 'punch.recorded',
    companyId: s.companyId,
    recipient: url,
    payload: { webhookId, body: JSON.stringify({ id: `evt_${n}`, event: 'punch.recorded', occurredAt: AT, data: { n } }) },
    dedupeKey: `webhook:${webhookId}:evt_${n}`,
    lane: webhookLane(webhookId),
  });
}

const superAdmin = (): SessionUser => ({
  id: s.superAdmin.id,
  name: 'Super',
  email: 'super@service.test',
  image: null,
  accountType: 'SuperAdmin',
  permissions: s.superAdmin.permissions,
  roleId: s.superAdmin.roleId,
  roleName: 'Administrator',
  companyId: s.companyId,
  employeeId: null,
});

beforeAll(async () => {
  s = await openServiceDb();
  inbox = await startSmtpInbox();
  registerOutboxChannel(
    'email',
    emailChannel(async () => s.db),
  );
  registerOutboxChannel(
    'webhook',
    webhookChannel(async () => s.db),
  );
  await saveMailSettings(s.db, { host: '127.0.0.1', port: inbox.port, security: 'none', user: '', from: 'Jornada <jornada@test.local>', appUrl: 'http://jornada.test:4321/' }, s.superAdmin.id);
});
afterAll(async () => {
  await inbox.close();
  await s.close();
});
beforeEach(async () => {
  await s.db.deleteFrom('outbox').execute();
  inbox.messages.length = 0;
});

describe('lanes', () => {
  it('a receiver that does not answer holds back only its own deliveries: an email queued after them arrives while it is still waiting', async () => {
    const sockets = new Set<Socket>();
    const silent = createTcpServer((socket) => {
      sockets.add(socket); // accepts and never answers
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/hook`;
    const hookId = await addWebhook(url);
    try {
      const first = await queueDelivery(hookId, url, 1);
      const second = await queueDelivery(hookId, url, 2);
      const email = await enqueueEmail(s.db, { kind: 'test', companyId: s.companyId, to: 'ana@test.local', language: 'en', content: emailContent({ lang: 'en', subject: 'Hola', heading: 'Hi', lines: ['x'] }) });
      await startOutboxSender(async () => s.db);
      wakeOutbox();
      // Received, then recorded as sent (the row is marked after the SMTP server's answer).
      await waitFor('the email', async () => inbox.to('ana@test.local').length === 1 && (await rows()).find((r) => r.id === email)?.status === 'sent');
      const byId = new Map((await rows()).map((r) => [r.id, r]));
      // The webhook's first delivery is still waiting for its receiver (10 s timeout); its second waits
      // behind it in its own lane (one at a time, in order).
      expect(byId.get(first!)!.status).toBe('sending');
      expect(byId.get(second!)).toMatchObject({ status: 'pending', attempts: 0 });
      expect(sockets.size).toBe(1);
    } finally {
      for (const socket of sockets) socket.destroy();
      await stopOutboxSender();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});

describe('a receiver that keeps failing', () => {
  it('is paused after failing in a row for an hour, its deliveries wait, the administrators are told once, and resuming sends them in order', async () => {
    let answer = 500;
    const received: string[] = [];
    const receiver: Server = createHttpServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        if (answer === 200) received.push((JSON.parse(body) as { id: string }).id);
        res.writeHead(answer).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    const hookId = await addWebhook(url);
    try {
      // Nine failures in a row, the first two hours ago: the tenth pauses it.
      await s.db
        .updateTable('webhooks')
        .set({ failureStreak: 9, failingSince: new Date(Date.now() - 2 * 3_600_000).toISOString() })
        .where('id', '=', hookId)
        .execute();
      await queueDelivery(hookId, url, 1);
      await queueDelivery(hookId, url, 2);
      await drainOutbox(s.db);
      const hook = await s.db.selectFrom('webhooks').selectAll().where('id', '=', hookId).executeTakeFirstOrThrow();
      expect(hook.failureStreak).toBe(10);
      expect(hook.pausedAt).not.toBeNull();
      const [one, two] = (await rows()).filter((r) => r.channel === 'webhook');
      expect(one).toMatchObject({ status: 'pending', attempts: 1 });
      expect(two).toMatchObject({ status: 'pending', attempts: 0 });
      const told = (await rows()).filter((r) => r.kind === 'webhookPaused');
      expect(told.map((r) => r.recipient).sort()).toEqual(['admin@service.test', 'super@service.test']);
      const audit = await s.db.selectFrom('auditLog').selectAll().where('entity', '=', 'webhook').where('action', '=', 'pause').execute();
      expect(audit).toHaveLength(1);

      // Paused: nothing of the lane is tried, even when due.
      await s.db.updateTable('outbox').set({ nextAttemptAt: '2000-01-01T00:00:00.000Z' }).where('channel', '=', 'webhook').execute();
      await drainOutbox(s.db);
      expect((await rows()).filter((r) => r.channel === 'webhook').map((r) => r.attempts)).toEqual([1, 0]);

      answer = 200;
      const view = await resumeWebhook(s.db, superAdmin(), hookId);
      expect(view).toMatchObject({ pausedAt: null, failureStreak: 0 });
      await drainOutbox(s.db);
      expect(received).toEqual(['evt_1', 'evt_2']);
      expect((await rows()).filter((r) => r.channel === 'webhook').map((r) => r.status)).toEqual(['sent', 'sent']);
    } finally {
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  });

  it('is not paused by many failures within minutes, and a delivery ends the streak', async () => {
    let answer = 503;
    const receiver = createHttpServer((_req, res) => res.writeHead(answer).end());
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    const hookId = await addWebhook(url);
    try {
      for (let n = 1; n <= 12; n++) await queueDelivery(hookId, url, 100 + n);
      await drainOutbox(s.db);
      let hook = await s.db.selectFrom('webhooks').selectAll().where('id', '=', hookId).executeTakeFirstOrThrow();
      expect(hook.failureStreak).toBe(12);
      expect(hook.pausedAt).toBeNull();
      answer = 204;
      await s.db.updateTable('outbox').set({ nextAttemptAt: '2000-01-01T00:00:00.000Z' }).where('channel', '=', 'webhook').execute();
      await drainOutbox(s.db);
      hook = await s.db.selectFrom('webhooks').selectAll().where('id', '=', hookId).executeTakeFirstOrThrow();
      expect(hook).toMatchObject({ failureStreak: 0, failingSince: null, pausedAt: null });
    } finally {
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  });
});
