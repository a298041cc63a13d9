import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAccount } from '../helpers/accounts.ts';
import { Client } from '../helpers/http-client.ts';
import { startSmtpInbox } from '../helpers/smtp-inbox.ts';
import { startServer, type TestServer } from '../helpers/test-server.ts';
import { sqlIn } from '../helpers/test-sql.ts';
import { waitFor } from '../helpers/wait-for.ts';

/**
 * The event-driven notifications (issue 22 point 2, decision 055) followed from the event to a
 * real SMTP inbox on localhost, in each recipient's language: a leave request to the approvers,
 * its decision to the employee, a correction request to the approvers, a correction awaiting the
 * worker's acceptance, a silent terminal and a failed backup to the administrators. Company
 * switches and personal mutes are checked on the outbox written in the event's transaction; the
 * attacker tries the company switches and other people's mutes. Demo data; the server's clock is
 * faked in March 2027 (after every demo attendance) and only moves forward.
 */
let server: TestServer;
let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
let clockDir: string;
let clockFile: string;
let admin: Client; // admin@demo.jornada, SuperAdmin, email language: the instance default (es)
let manager: Client; // manager@demo.jornada, Admin, email language en
let worker: Client; // employee@demo.jornada (Javier Moreno), email language en
let companyId: number;
let leaveType: number;
let javier: number;
const APP = 'http://jornada.test';
const ADMIN = 'admin@demo.jornada';
const MANAGER = 'manager@demo.jornada';
const WORKER = 'employee@demo.jornada';

const setNow = (iso: string) => writeFileSync(clockFile, iso);
const body = async (res: Response) => (await res.json()) as any;

const query = <T>(sql: string, ...params: unknown[]): T[] => sqlIn<T>(server.dataDir, sql, ...params);
const write = (sql: string, ...params: unknown[]): void => void sqlIn(server.dataDir, sql, ...params);
/** The outbox rows queued for a dedupe key prefix (written in the event's transaction). */
const queued = (prefix: string) => query<{ recipient: string; kind: string; language: string | null }>('select recipient, kind, language from outbox where dedupe_key like ? order by recipient', `${prefix}%`);
const toOf = (m: { to?: unknown }) => JSON.stringify(m.to ?? '');
async function mailTo(address: string, subject: RegExp) {
  try {
    return await inbox.waitFor((m) => toOf(m).includes(address) && subject.test(m.subject), `${subject} to ${address}`, 15_000);
  } catch (error) {
    throw new Error(`${(error as Error).message}; received: ${JSON.stringify(inbox.messages.map((m) => [m.to, m.subject]))}`, { cause: error });
  }
}

async function requestLeave(from: string, to: string) {
  const res = await worker.post('/api/leaves', { leaveType, from, to, reason: 'Boda de mi hermana' });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await body(res)).data._id as number;
}

beforeAll(async () => {
  inbox = await startSmtpInbox();
  clockDir = mkdtempSync(path.join(os.tmpdir(), 'jornada-notify-'));
  clockFile = path.join(clockDir, 'now');
  setNow('2027-03-05T11:00:00Z');
  server = await startServer({
    args: ['--demo'],
    env: { JORNADA_TEST: '1', JORNADA_FAKE_NOW_FILE: clockFile, JORNADA_OUTBOX_POLL_MS: '100', JORNADA_JOBS_CHECK_MS: '100' },
  });
  admin = new Client(server.url);
  expect((await admin.signIn(ADMIN, 'Demo#2026')).status).toBe(200);
  manager = new Client(server.url);
  expect((await manager.signIn(MANAGER, 'Demo#2026')).status).toBe(200);
  worker = new Client(server.url);
  expect((await worker.signIn(WORKER, 'Demo#2026')).status).toBe(200);
  const mail = await admin.request('PUT', '/api/settings/email', { host: '127.0.0.1', port: inbox.port, security: 'none', user: '', from: 'jornada@test.local', appUrl: APP });
  expect(mail.status, await mail.clone().text()).toBe(200);
  expect((await manager.request('PUT', '/api/account/notifications', { language: 'en', muted: [] })).status).toBe(200);
  expect((await worker.request('PUT', '/api/account/notifications', { language: 'en', muted: [] })).status).toBe(200);
  companyId = query<{ id: number }>('select id from companies order by id limit 1')[0]!.id;
  javier = query<{ employee_id: number }>('select employee_id from users where email = ?', WORKER)[0]!.employee_id;
  leaveType = (await body(await admin.get('/api/leave-types?pageSize=1'))).data[0]._id;
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await inbox?.close();
  if (clockDir) rmSync(clockDir, { recursive: true, force: true });
});

describe('a leave request and its decision', () => {
  let leaveId: number;

  it('tells each approver in their own language, with a link to decide', async () => {
    leaveId = await requestLeave('2027-04-06', '2027-04-07');
    // Queued in the request's transaction: both administrators (they reach every employee).
    expect(queued(`leaveRequested:${leaveId}:`).map((r) => r.recipient)).toEqual([ADMIN, MANAGER]);
    const es = await mailTo(ADMIN, /^Solicitud de ausencia de Javier Moreno Gil$/);
    expect(es.text).toContain('Javier Moreno Gil ha solicitado');
    expect(es.text).toContain(`${APP}/leave-edit/${leaveId}`);
    expect(es.html).toContain(`${APP}/leave-edit/${leaveId}`);
    const en = await mailTo(MANAGER, /^Leave request from Javier Moreno Gil$/);
    expect(en.text).toContain('Boda de mi hermana');
  });

  it('tells the employee the decision, in English', async () => {
    const res = await manager.request('PATCH', `/api/leaves/${leaveId}`, { status: 'declined', comment: 'Hay inventario esos días' });
    expect(res.status, await res.clone().text()).toBe(200);
    const msg = await mailTo(WORKER, /^Leave declined: /);
    expect(msg.text).toContain('Hay inventario esos días');
    expect(msg.text).toContain(`${APP}/personal/leave`);
    // Back to pending tells nobody; approving later is a new decision and a new message.
    expect((await admin.request('PATCH', `/api/leaves/${leaveId}`, { status: 'pending' })).status).toBe(200);
    expect(queued(`leaveDecided:${leaveId}:pending`)).toEqual([]);
    expect((await admin.request('PATCH', `/api/leaves/${leaveId}`, { status: 'approved' })).status).toBe(200);
    await mailTo(WORKER, /^Leave approved: /);
  });

  it('follows the company switch and each approver’s own mute', async () => {
    // The manager mutes leave requests; the company switches leave decisions off.
    expect((await manager.request('PUT', '/api/account/notifications', { language: 'en', muted: ['leaveRequested'] })).status).toBe(200);
    const off = await admin.request('PUT', `/api/settings/notifications?companyId=${companyId}`, { settings: [{ kind: 'leaveDecided', enabled: false }] });
    expect(off.status, await off.clone().text()).toBe(200);
    expect((await body(off)).data.settings.find((s: any) => s.kind === 'leaveDecided').enabled).toBe(false);
    const second = await requestLeave('2027-04-13', '2027-04-13');
    expect(queued(`leaveRequested:${second}:`).map((r) => r.recipient)).toEqual([ADMIN]);
    expect((await admin.request('PATCH', `/api/leaves/${second}`, { status: 'approved' })).status).toBe(200);
    expect(queued(`leaveDecided:${second}:`)).toEqual([]);
    // Both back on for the rest of the file.
    expect((await manager.request('PUT', '/api/account/notifications', { language: 'en', muted: [] })).status).toBe(200);
    expect((await admin.request('PUT', `/api/settings/notifications?companyId=${companyId}`, { settings: [{ kind: 'leaveDecided', enabled: true }] })).status).toBe(200);
  });
});

describe('corrections', () => {
  it('tells the approvers of a worker’s request to correct a day', async () => {
    const res = await worker.post('/api/attendance-corrections', { date: '2027-03-02', timeIn: '08:00', timeOut: '16:00', reason: 'Olvidé fichar' });
    expect(res.status, await res.clone().text()).toBe(201);
    const id = (await body(res)).data._id;
    expect(queued(`correctionRequested:${id}:`).map((r) => r.recipient)).toEqual([ADMIN, MANAGER]);
    const es = await mailTo(ADMIN, /^Javier Moreno Gil pide corregir su jornada del /);
    expect(es.text).toContain('08:00');
    expect(es.text).toContain(`${APP}/attendance-corrections`);
    await mailTo(MANAGER, /^Javier Moreno Gil asks to correct their day of /);
  });

  it('tells the worker that an administrator’s correction waits for their answer', async () => {
    const res = await admin.post('/api/attendances', { employee: javier, date: '2027-03-03', timeIn: '08:00', timeOut: '16:00', reason: 'Alta manual' });
    expect(res.status, await res.clone().text()).toBe(201);
    const day = (await body(res)).data._id;
    expect(queued(`correctionAwaitingAcceptance:${day}:`).map((r) => r.recipient)).toEqual([WORKER]);
    const msg = await mailTo(WORKER, /^Your day of .* was corrected$/);
    expect(msg.text).toContain('You can answer until');
    expect(msg.text).toContain(`${APP}/personal/attendance`);
  });
});

describe('instance matters to the administrators', () => {
  it('tells a silent terminal once per silence', async () => {
    const created = await admin.post('/api/terminals', { name: 'Puerta trasera', location: 'Almacén', methods: ['pin'] });
    expect(created.status).toBe(201);
    const id = (await body(created)).data._id;
    const seen = '2027-03-05T11:00:00.000Z';
    write('update terminals set paired_at = ?, last_seen_at = ? where id = ?', seen, seen, id);
    setNow('2027-03-05T13:00:00Z'); // two hours later: past the silent limit
    await mailTo(ADMIN, /^El terminal «Puerta trasera» no da señales$/);
    await mailTo(MANAGER, /^Terminal “Puerta trasera” is silent$/);
    // Later runs of the job find the same silence queued: still one message each. A second
    // terminal's silence shows that the job ran again (one run looks at every terminal).
    const other = (await body(await admin.post('/api/terminals', { name: 'Obrador', location: '', methods: ['pin'] }))).data._id;
    write('update terminals set paired_at = ?, last_seen_at = ? where id = ?', seen, '2027-03-05T12:00:00.000Z', other);
    setNow('2027-03-05T14:00:00Z');
    await waitFor('the other terminal', () => queued(`terminalSilent:${other}:`).length === 2);
    expect(queued(`terminalSilent:${id}:`).length).toBe(2);
    // It comes back and falls silent again: a new silence, a new message.
    write('update terminals set last_seen_at = ? where id = ?', '2027-03-05T14:00:00.000Z', id);
    setNow('2027-03-05T16:00:00Z');
    await waitFor('the second silence', () => queued(`terminalSilent:${id}:`).length === 4);
  });

  it('tells a failed backup', async () => {
    const dir = path.join(server.dataDir, 'backups');
    mkdirSync(dir, { recursive: true });
    renameSync(dir, `${dir}-moved`);
    writeFileSync(dir, 'a file where the folder should be');
    try {
      expect((await admin.post('/api/backups')).status).toBe(500);
    } finally {
      rmSync(dir);
      renameSync(`${dir}-moved`, dir);
    }
    const es = await mailTo(ADMIN, /^La copia de seguridad ha fallado$/);
    expect(es.text).toContain('EEXIST');
    await mailTo(MANAGER, /^The backup failed$/);
  });
});

describe('who may change what', () => {
  it('keeps the company switches from Employee accounts, even with a role that grants the settings', async () => {
    expect((await worker.get(`/api/settings/notifications?companyId=${companyId}`)).status).toBe(403);
    expect((await worker.request('PUT', `/api/settings/notifications?companyId=${companyId}`, { settings: [{ kind: 'leaveRequested', enabled: false }] })).status).toBe(403);
    await addAccount(server.dataDir, { email: 'sneaky@demo.jornada', password: 'Sneaky#2026x', accountType: 'Employee', permissions: { setting: ['read', 'update'] } });
    const sneaky = new Client(server.url);
    expect((await sneaky.signIn('sneaky@demo.jornada', 'Sneaky#2026x')).status).toBe(200);
    expect((await sneaky.request('PUT', `/api/settings/notifications?companyId=${companyId}`, { settings: [{ kind: 'leaveRequested', enabled: false }] })).status).toBe(403);
    // An administrator who may only read the settings reads them and changes nothing.
    await addAccount(server.dataDir, { email: 'reader@demo.jornada', password: 'Reader#2026x', accountType: 'Admin', permissions: { setting: ['read'] } });
    const reader = new Client(server.url);
    expect((await reader.signIn('reader@demo.jornada', 'Reader#2026x')).status).toBe(200);
    expect((await reader.get(`/api/settings/notifications?companyId=${companyId}`)).status).toBe(200);
    expect((await reader.request('PUT', `/api/settings/notifications?companyId=${companyId}`, { settings: [{ kind: 'leaveRequested', enabled: false }] })).status).toBe(403);
    expect(query('select * from notification_settings where kind = ? and enabled = 0', 'leaveRequested')).toEqual([]);
  });

  it('answers bad input with translated field errors and writes nothing', async () => {
    const bad = await admin.request('PUT', `/api/settings/notifications?companyId=${companyId}`, { settings: [{ kind: 'missedCheckIn', enabled: true, minutes: 2 }] });
    expect(bad.status).toBe(422);
    expect((await body(bad)).errors).toEqual({ 'missedCheckIn.minutes': 'Enter between 5 and 240 minutes' });
    expect((await admin.request('PUT', `/api/settings/notifications?companyId=abc`, { settings: [] })).status).toBe(422);
    expect((await admin.get('/api/settings/notifications?companyId=99999')).status).toBe(404);
    expect((await admin.request('PUT', `/api/settings/notifications?companyId=${companyId}`, { settings: [{ kind: 'nonsense', enabled: true }] })).status).toBe(422);
    expect(query('select * from notification_settings where kind = ?', 'missedCheckIn')).toEqual([]);
  });

  it('lets an account mute only its own optional kinds', async () => {
    // A required kind cannot be muted: 422, nothing written.
    const required = await worker.request('PUT', '/api/account/notifications', { language: 'es', muted: ['monthlySummary'] });
    expect(required.status).toBe(422);
    expect((await body(required)).errors).toEqual({ 'muted.0': 'This message is required and cannot be muted' });
    // Naming another account changes nothing but one's own.
    const adminId = query<{ id: number }>('select id from users where email = ?', ADMIN)[0]!.id;
    const own = await worker.request('PUT', '/api/account/notifications', { userId: adminId, language: 'en', muted: ['leaveDecided'] });
    expect(own.status).toBe(200);
    expect(query('select user_id from notification_mutes where kind = ?', 'leaveDecided')).toEqual([{ user_id: query<{ id: number }>('select id from users where email = ?', WORKER)[0]!.id }]);
    const mine = (await body(await worker.get('/api/account/notifications'))).data;
    expect(mine).toMatchObject({ language: 'en', email: WORKER });
    expect(mine.kinds.find((k: any) => k.kind === 'leaveDecided').muted).toBe(true);
    expect(mine.kinds.map((k: any) => k.kind)).toEqual([
      'leaveDecided',
      'missingCheckOut',
      'missedCheckIn',
      'correctionDecided',
      'openShiftDecided',
      'shiftSwapProposed',
      'shiftSwapDecided',
      'rosterPublished',
      'newDeviceSignIn',
    ]);
    expect((await body(await admin.get('/api/account/notifications'))).data.kinds.every((k: any) => !k.muted)).toBe(true);
  });
});
