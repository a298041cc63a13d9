import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openServiceDb, type ServiceDb } from '../helpers/service-db.ts';
import { startSmtpInbox, type SmtpInbox } from '../helpers/smtp-inbox.ts';
import { emailContent } from '../../src/server/mail/email-content.ts';
import { readMailSettings, saveMailSettings, mailSettingsView } from '../../src/server/mail/mail-settings.ts';
import { emailChannel, outboxMessageId } from '../../src/server/outbox/email-channel.ts';
import { registerOutboxChannel } from '../../src/server/outbox/outbox-channels.ts';
import { drainOutbox, INTERRUPTED_REASON } from '../../src/server/outbox/outbox-sender.ts';
import { claimOutboxRow, settleInterruptedOutbox } from '../../src/server/db/repositories/outbox.ts';
import { writeMutes, writeNotificationSetting } from '../../src/server/db/repositories/notification-settings.ts';
import { enqueueEmail } from '../../src/server/services/outbox/enqueue.ts';
import { managersOf, notifyEmployee, notifyUsers } from '../../src/server/services/notifications/notify.ts';

/** The outbox and its email channel against a real SMTP server on localhost (decision 054). */
let s: ServiceDb;
let inbox: SmtpInbox;

const hello = (n: string) => emailContent({ lang: 'en', subject: `Hello ${n}`, heading: 'Hi', lines: [n] });

async function configure(port: number, extra: Record<string, unknown> = {}) {
  await saveMailSettings(s.db, { host: '127.0.0.1', port, security: 'none', user: '', from: 'Jornada <jornada@test.local>', appUrl: 'http://jornada.test:4321/', ...extra }, s.superAdmin.id);
}

const rows = () => s.db.selectFrom('outbox').selectAll().orderBy('id').execute();

beforeAll(async () => {
  s = await openServiceDb();
  inbox = await startSmtpInbox();
  registerOutboxChannel(
    'email',
    emailChannel(async () => s.db),
  );
});
afterAll(async () => {
  await inbox.close();
  await s.close();
});
beforeEach(async () => {
  await s.db.deleteFrom('outbox').execute();
  inbox.messages.length = 0;
  await configure(inbox.port);
});

describe('outbox email delivery', () => {
  it('delivers a queued email once, with a stable Message-ID, and keeps the row as sent', async () => {
    const id = await enqueueEmail(s.db, { kind: 'test', companyId: s.companyId, to: 'ana@test.local', language: 'en', content: hello('Ana'), dedupeKey: 'k1' });
    expect(id).toBeTypeOf('number');
    // The same event again queues nothing.
    expect(await enqueueEmail(s.db, { kind: 'test', companyId: s.companyId, to: 'ana@test.local', language: 'en', content: hello('Ana'), dedupeKey: 'k1' })).toBeNull();
    expect(await drainOutbox(s.db)).toBe(1);
    expect(await drainOutbox(s.db)).toBe(0);
    expect(inbox.messages).toHaveLength(1);
    expect(inbox.messages[0]).toMatchObject({ to: ['ana@test.local'], from: 'jornada@test.local', subject: 'Hello Ana', messageId: outboxMessageId(id!) });
    expect(inbox.messages[0]!.html).toContain('<h1');
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(row!.sentAt).not.toBeNull();
  });

  it('retries with backoff when the SMTP server is down, and delivers when it is back', async () => {
    await configure(1); // nothing listens on port 1
    await enqueueEmail(s.db, { kind: 'test', companyId: s.companyId, to: 'bea@test.local', language: 'es', content: hello('Bea') });
    await drainOutbox(s.db);
    let [row] = await rows();
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row!.lastError).toBeTruthy();
    expect(Date.parse(row!.nextAttemptAt) - Date.parse(row!.updatedAt)).toBeGreaterThanOrEqual(59_000);
    // Not due yet: nothing is tried.
    expect(await drainOutbox(s.db)).toBe(0);
    await configure(inbox.port);
    await s.db.updateTable('outbox').set({ nextAttemptAt: '2000-01-01T00:00:00.000Z' }).execute();
    await drainOutbox(s.db);
    [row] = await rows();
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    expect(inbox.to('bea@test.local')).toHaveLength(1);
  });

  it('fails at once when the server refuses the recipient for good', async () => {
    const strict = await startSmtpInbox({ rejectRecipients: ['gone@test.local'] });
    try {
      await configure(strict.port);
      await enqueueEmail(s.db, { kind: 'test', companyId: s.companyId, to: 'gone@test.local', language: 'en', content: hello('x') });
      await drainOutbox(s.db);
      const [row] = await rows();
      expect(row).toMatchObject({ status: 'failed', attempts: 1 });
      expect(row!.lastError).toMatch(/550|unavailable/i);
    } finally {
      await strict.close();
    }
  });

  it('signs in with the stored password, which is kept encrypted and never shown', async () => {
    const authed = await startSmtpInbox({ auth: { user: 'mailer', pass: 'S3cret pass' } });
    try {
      await configure(authed.port, { user: 'mailer', password: 'S3cret pass' });
      const stored = await s.db.selectFrom('settings').select('value').where('key', '=', 'mail').executeTakeFirstOrThrow();
      expect(stored.value).not.toContain('S3cret');
      expect(await mailSettingsView(s.db)).toMatchObject({ user: 'mailer', passwordSet: true });
      expect(JSON.stringify(await mailSettingsView(s.db))).not.toContain('S3cret');
      // Saving again without a password keeps it.
      await configure(authed.port, { user: 'mailer' });
      expect((await readMailSettings(s.db)).password).toBe('S3cret pass');
      await enqueueEmail(s.db, { kind: 'test', companyId: s.companyId, to: 'carla@test.local', language: 'en', content: hello('Carla') });
      await drainOutbox(s.db);
      expect(authed.messages[0]).toMatchObject({ authUser: 'mailer', subject: 'Hello Carla' });
      const audit = await s.db.selectFrom('auditLog').select(['before', 'after']).where('entityId', '=', 'mail').execute();
      expect(JSON.stringify(audit)).not.toContain('S3cret');
    } finally {
      await authed.close();
    }
  });

  it('after a crash, an email left sending becomes failed (never sent twice); a redelivering channel goes back to pending', async () => {
    const a = await enqueueEmail(s.db, { kind: 'test', companyId: s.companyId, to: 'dan@test.local', language: 'en', content: hello('Dan') });
    const b = await enqueueEmail(s.db, { kind: 'test', companyId: s.companyId, to: 'eva@test.local', language: 'en', content: hello('Eva') });
    await s.db.updateTable('outbox').set({ channel: 'webhook' }).where('id', '=', b!).execute();
    expect(await claimOutboxRow(s.db, a!, new Date().toISOString())).toBe(true);
    expect(await claimOutboxRow(s.db, a!, new Date().toISOString())).toBe(false);
    expect(await claimOutboxRow(s.db, b!, new Date().toISOString())).toBe(true);
    expect(await settleInterruptedOutbox(s.db, ['webhook'], INTERRUPTED_REASON, new Date().toISOString())).toEqual({ redelivered: 1, failed: 1 });
    const [ra, rb] = await rows();
    expect(ra).toMatchObject({ status: 'failed', lastError: INTERRUPTED_REASON });
    expect(rb).toMatchObject({ status: 'pending' });
  });
});

describe('notifyUsers and notifyEmployee', () => {
  it('queue in each reader language, skipping muted optional kinds, switched-off kinds and unconfigured email', async () => {
    const es = await s.addAccount({ email: 'es-admin@test.local', accountType: 'Admin', roleId: s.roles.administrator });
    const en = await s.addAccount({ email: 'en-admin@test.local', accountType: 'Admin', roleId: s.roles.administrator });
    await s.db.updateTable('users').set({ language: 'en' }).where('id', '=', en.id).execute();
    const content = (_lang: string, t: (k: string) => string, link: (p: string) => string) => emailContent({ lang: 'en', subject: t('nav.leaves'), heading: 'x', lines: [link('/leaves')] });
    const queued = await notifyUsers(s.db, { kind: 'leaveRequested', companyId: s.companyId, userIds: [es.id, en.id], dedupeKey: (u) => `t1:${u}`, content });
    expect(queued).toBe(2);
    const queuedRows = await rows();
    expect(queuedRows.map((r) => [r.recipient, r.language])).toEqual([
      ['es-admin@test.local', 'es'],
      ['en-admin@test.local', 'en'],
    ]);
    expect(JSON.parse(queuedRows[0]!.payload).text).toContain('http://jornada.test:4321/leaves');

    await writeMutes(s.db, en.id, ['leaveRequested']);
    expect(await notifyUsers(s.db, { kind: 'leaveRequested', companyId: s.companyId, userIds: [es.id, en.id], dedupeKey: (u) => `t2:${u}`, content })).toBe(1);
    // A duty cannot be muted.
    await writeMutes(s.db, en.id, ['backupFailed']);
    expect(await notifyUsers(s.db, { kind: 'backupFailed', companyId: s.companyId, userIds: [en.id], dedupeKey: (u) => `t3:${u}`, content })).toBe(1);

    await writeNotificationSetting(s.db, s.companyId, 'leaveRequested', { enabled: false, toManagers: false, minutes: null }, new Date().toISOString());
    expect(await notifyUsers(s.db, { kind: 'leaveRequested', companyId: s.companyId, userIds: [es.id], dedupeKey: (u) => `t4:${u}`, content })).toBe(0);

    await saveMailSettings(s.db, { host: '', port: 587, security: 'starttls', user: '', from: '', appUrl: '' }, s.superAdmin.id);
    expect(await notifyUsers(s.db, { kind: 'backupFailed', companyId: s.companyId, userIds: [es.id], dedupeKey: (u) => `t5:${u}`, content })).toBe(0);
  });

  it('reach an employee without an account at their email, and name the managers who act on their record', async () => {
    const employeeId = await s.addEmployee({ firstName: 'Fina', pin: '845123' });
    const content = (_lang: string, t: (k: string) => string) => emailContent({ lang: 'en', subject: t('nav.leaves'), heading: 'x', lines: ['y'] });
    expect(await notifyEmployee(s.db, { kind: 'leaveDecided', employeeId, dedupeKey: 'e1', content })).toBe(1);
    const [row] = await rows();
    expect(row!.recipient).toMatch(/@service\.test$/);
    expect(row!.language).toBe('es');
    const managers = await managersOf(s.db, employeeId);
    expect(managers).toContain(s.superAdmin.id);
    expect(managers).toContain(s.admin.id);
    const clerk = await s.addAccount({ email: 'clerk@test.local', accountType: 'Admin', permissions: { attendance: ['read'] } });
    expect(await managersOf(s.db, employeeId)).not.toContain(clerk.id);
  });
});
