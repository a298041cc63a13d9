import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDateTimeToUtcIso } from '../../src/domain/time/zoned-time.ts';
import { addAccount } from '../helpers/accounts.ts';
import { Client } from '../helpers/http-client.ts';
import { pairTerminal, type PairedTestTerminal } from '../helpers/terminal.ts';
import { startServer, type TestServer } from '../helpers/test-server.ts';
import { sqlIn } from '../helpers/test-sql.ts';
import { waitFor } from '../helpers/wait-for.ts';
import { signatureValid, startWebhookReceiver, type ReceivedHook } from '../helpers/webhook-receiver.ts';

/**
 * Webhooks (issue 22 point 6, decision 058) against a real HTTP receiver on localhost: registration
 * and its refusals, signed deliveries of punches (live and offline), leave decisions and period
 * approvals queued in the event's transaction, retry after a 500 (same delivery id and body), a
 * permanent 4xx, nothing for a disabled or deleted webhook, the test button, and the attackers.
 * Demo data (employee i has PIN 100000 + i), the server's clock on 2027 days, outbox polled fast.
 */

let server: TestServer;
let admin: Client;
let terminal: PairedTestTerminal;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let clockDir: string;
let clockFile: string;
/** Demo employees of the first company who work Mondays from 09:00 (PIN 100000 + id). */
let workers: number[];
/** A port nothing listens on (taken, then freed). */
/**
 * A receiver that is down: a port below 1024 that nothing listens on here (no test can take it, and
 * it is not on fetch's blocked-port list), so a delivery to it is refused every time. A closed port
 * from the ephemeral range was free when taken but could be taken minutes later by another file's
 * server, whose 404 fails the delivery for good instead.
 */
const deadPort = 2;
const pin = (i: number) => String(100000 + workers[i]!);
const sql = <T>(text: string, ...params: unknown[]): T[] => sqlIn<T>(server.dataDir, text, ...params);

function setNow(date: string, time: string): void {
  writeFileSync(clockFile, localDateTimeToUtcIso(date, time, 'Europe/Lisbon'));
}

interface Created {
  status: number;
  body: { data: { _id: number; url: string; events: string[]; enabled: boolean }; secret: string; message: string; errors?: Record<string, string> };
}
async function register(body: Record<string, unknown>, client = admin): Promise<Created> {
  const res = await client.post('/api/webhooks', body);
  return { status: res.status, body: await res.json() };
}

async function punch(pin: string, action: string) {
  const res = await new Client(server.url).post('/api/clock', { action, pin }, terminal.headers);
  const body = (await res.json()) as { time?: string; code?: string; employee?: { _id: number } };
  return { status: res.status, body };
}

const deliveriesOf = (hookId: number) =>
  sql<{ id: number; kind: string; status: string; attempts: number; last_error: string | null; recipient: string; payload: string }>(
    "select id, kind, status, attempts, last_error, recipient, payload from outbox where channel = 'webhook' and dedupe_key like ? order by id",
    `webhook:${hookId}:%`,
  );
const parsed = (hook: ReceivedHook) => JSON.parse(hook.body) as { id: string; event: string; occurredAt: string; data: Record<string, unknown> };

beforeAll(async () => {
  clockDir = mkdtempSync(path.join(os.tmpdir(), 'jornada-webhooks-'));
  clockFile = path.join(clockDir, 'now');
  setNow('2027-03-01', '09:00');
  receiver = await startWebhookReceiver((p, nth) => {
    if (p === '/flaky') return nth === 1 ? 500 : 200;
    if (p === '/gone') return 410;
    if (p === '/slow') return nth === 1 ? 0 : 204;
    return 204;
  });
  server = await startServer({ args: ['--demo'], env: { JORNADA_TEST: '1', JORNADA_FAKE_NOW_FILE: clockFile, JORNADA_OUTBOX_POLL_MS: '100' } });
  admin = new Client(server.url);
  expect((await admin.signIn('admin@demo.jornada', 'Demo#2026')).status).toBe(200);
  terminal = await pairTerminal(server.url, admin, { methods: ['pin'] });
  workers = sql<{ id: number }>(
    `select e.id from employees e join schedules s on s.employee_id = e.id and s.status = 'current'
     where e.status = 'active' and s.start_time = '09:00' and s.rest_days not like '%Monday%' and e.company_id = (select min(id) from companies)
     order by e.id`,
  ).map((r) => r.id);
  expect(workers.length).toBeGreaterThanOrEqual(4);
});

afterAll(async () => {
  await server?.stop();
  await receiver?.close();
  rmSync(clockDir, { recursive: true, force: true });
});

describe('registering a webhook', () => {
  it('refuses bad addresses and events with translated field errors, writing nothing', async () => {
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ url: 'ftp://example.com/x', events: ['punch.recorded'] }, 'url', /Only http/],
      [{ url: 'https://user:secret@example.com/x', events: ['punch.recorded'] }, 'url', /passwords/],
      [{ url: 'not an address', events: ['punch.recorded'] }, 'url', /full address/],
      [{ url: 'https://example.com/x', events: [] }, 'events', /at least one event/],
      [{ url: 'https://example.com/x', events: ['attendance.deleted'] }, 'events', /at least one event/],
    ];
    for (const [body, field, message] of cases) {
      const res = await register(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.entries(res.body.errors ?? {}).find(([k]) => k.startsWith(field))?.[1], JSON.stringify(body)).toMatch(message);
    }
    const es = new Client(server.url, 'es');
    expect((await es.signIn('admin@demo.jornada', 'Demo#2026')).status).toBe(200);
    expect((await register({ url: 'ftp://example.com/x', events: ['punch.recorded'] }, es)).body.errors?.['url']).toMatch(/Solo las direcciones/);
    expect(sql('select * from webhooks')).toEqual([]);
  });

  it('answers the secret on creation, never in the list, keeps it sealed, and reveals it again (audited)', async () => {
    const created = await register({ url: receiver.url('/reveal'), events: ['leave.decided'], description: ' Nómina ' });
    expect(created.status).toBe(201);
    expect(created.body.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(created.body.data).toMatchObject({ url: receiver.url('/reveal'), events: ['leave.decided'], enabled: true });
    const list = await (await admin.get('/api/webhooks')).text();
    expect(list).toContain(receiver.url('/reveal'));
    expect(list).not.toContain(created.body.secret);
    expect(JSON.stringify(sql('select * from webhooks'))).not.toContain(created.body.secret);
    const revealed = await admin.post(`/api/webhooks/${created.body.data._id}/secret`);
    expect(revealed.status).toBe(200);
    expect((await revealed.json()).secret).toBe(created.body.secret);
    expect(sql("select action from audit_log where entity = 'webhook' and entity_id = ? order by id", String(created.body.data._id))).toEqual([{ action: 'create' }, { action: 'revealSecret' }]);
    expect((await admin.request('DELETE', `/api/webhooks/${created.body.data._id}`)).status).toBe(200);
  });
});

describe('deliveries', () => {
  it('a live punch reaches the receiver signed, with the event, delivery id and timestamp headers', async () => {
    const hook = await register({ url: receiver.url('/ok'), events: ['punch.recorded'] });
    const other = await register({ url: receiver.url('/leave-only'), events: ['leave.decided'] });
    setNow('2027-03-01', '09:00');
    const res = await punch(pin(0), 'check-in');
    expect(res.status).toBe(200);
    const [got] = await waitFor('the punch delivery', () => receiver.at('/ok').length === 1 && receiver.at('/ok'));
    expect(got!.headers['content-type']).toBe('application/json');
    expect(got!.headers['x-jornada-event']).toBe('punch.recorded');
    expect(signatureValid(hook.body.secret, got!)).toBe(true);
    expect(signatureValid(other.body.secret, got!)).toBe(false);
    expect(Number(got!.headers['x-jornada-timestamp'])).toBe(Date.parse(localDateTimeToUtcIso('2027-03-01', '09:00', 'Europe/Lisbon')) / 1000);
    const rows = await waitFor('the row sent', () => deliveriesOf(hook.body.data._id).filter((r) => r.status === 'sent').length === 1 && deliveriesOf(hook.body.data._id));
    expect(got!.headers['x-jornada-delivery']).toBe(String(rows[0]!.id));
    const payload = parsed(got!);
    expect(payload.id).toMatch(/^evt_[0-9a-f-]{36}$/);
    expect(payload).toMatchObject({ event: 'punch.recorded', occurredAt: res.body.time, data: { employeeId: workers[0], action: 'check-in', at: res.body.time, method: 'pin', terminalId: terminal.id, offline: false } });
    expect(receiver.at('/leave-only')).toEqual([]);
    expect(deliveriesOf(other.body.data._id)).toEqual([]);
  });

  it('a refused or repeated punch queues nothing (the delivery is part of the punch transaction)', async () => {
    const hook = sql<{ id: number }>('select id from webhooks where url = ?', receiver.url('/ok'))[0]!.id;
    const before = deliveriesOf(hook).length;
    expect((await punch(pin(0), 'break-out')).status).toBe(409);
    // A repeat of the last punch within the double-tap window is answered, not recorded again.
    expect((await punch(pin(0), 'check-in')).status).toBe(200);
    expect(deliveriesOf(hook).length).toBe(before);
  });

  it('a punch kept offline by a terminal is delivered too, marked offline, at the instant it happened', async () => {
    const hook = sql<{ id: number }>('select id from webhooks where url = ?', receiver.url('/ok'))[0]!.id;
    setNow('2027-03-01', '09:20');
    const at = localDateTimeToUtcIso('2027-03-01', '09:10', 'Europe/Lisbon');
    const sentAt = localDateTimeToUtcIso('2027-03-01', '09:20', 'Europe/Lisbon');
    const res = await new Client(server.url).post('/api/clock/offline', { sentAt, punches: [{ seq: 1, at, action: 'check-in', pin: pin(1) }] }, terminal.headers);
    expect(res.status).toBe(200);
    expect((await res.json()).results[0].status).toBe('recorded');
    const got = await waitFor('the offline delivery', () => receiver.at('/ok').find((r) => parsed(r).data['employeeId'] === workers[1]));
    expect(parsed(got)).toMatchObject({ event: 'punch.recorded', occurredAt: at, data: { offline: true, action: 'check-in', at } });
    expect(deliveriesOf(hook).every((r) => r.kind === 'punch.recorded')).toBe(true);
  });

  it('a 500 is retried after the backoff with the same delivery id and body; a 410 fails for good', async () => {
    const flaky = await register({ url: receiver.url('/flaky'), events: ['punch.recorded'] });
    const gone = await register({ url: receiver.url('/gone'), events: ['punch.recorded'] });
    setNow('2027-03-01', '09:30');
    expect((await punch(pin(2), 'check-in')).status).toBe(200);
    await waitFor('the first attempt', () => receiver.at('/flaky').length === 1);
    const waiting = await waitFor('the retry planned', () => deliveriesOf(flaky.body.data._id).find((r) => r.status === 'pending' && r.attempts === 1));
    expect(waiting.last_error).toBe('HTTP 500');
    const failed = await waitFor('the 410 failed', () => deliveriesOf(gone.body.data._id).find((r) => r.status === 'failed'));
    expect(failed).toMatchObject({ attempts: 1, last_error: 'HTTP 410' });
    // Nothing more happens before the backoff (1 minute) has passed on the server's clock.
    expect(receiver.at('/flaky').length).toBe(1);
    setNow('2027-03-01', '09:32');
    await waitFor('the second attempt', () => receiver.at('/flaky').length === 2);
    await waitFor('delivered', () => deliveriesOf(flaky.body.data._id).find((r) => r.status === 'sent' && r.attempts === 2));
    const [first, second] = receiver.at('/flaky');
    expect(second!.headers['x-jornada-delivery']).toBe(first!.headers['x-jornada-delivery']);
    expect(second!.body).toBe(first!.body);
    expect(signatureValid(flaky.body.secret, second!)).toBe(true);
    expect(second!.headers['x-jornada-timestamp']).not.toBe(first!.headers['x-jornada-timestamp']);
    // The permanent failure was not tried again.
    expect(receiver.at('/gone').length).toBe(1);
    for (const id of [flaky.body.data._id, gone.body.data._id]) expect((await admin.request('DELETE', `/api/webhooks/${id}`)).status).toBe(200);
  });

  it('a disabled webhook gets nothing; enabled again it gets the next event', async () => {
    const off = await register({ url: receiver.url('/disabled'), events: ['punch.recorded'] });
    const patched = await admin.request('PATCH', `/api/webhooks/${off.body.data._id}`, { enabled: false });
    expect(patched.status).toBe(200);
    expect((await patched.json()).data.enabled).toBe(false);
    const ok = receiver.at('/ok').length;
    setNow('2027-03-01', '09:40');
    expect((await punch(pin(3), 'check-in')).status).toBe(200);
    await waitFor('the enabled hook delivery', () => receiver.at('/ok').length === ok + 1);
    expect(receiver.at('/disabled')).toEqual([]);
    expect(deliveriesOf(off.body.data._id)).toEqual([]);
    expect((await admin.request('PATCH', `/api/webhooks/${off.body.data._id}`, { enabled: true })).status).toBe(200);
    setNow('2027-03-01', '09:45');
    expect((await punch(pin(0), 'break-in')).status).toBe(200);
    await waitFor('the re-enabled hook delivery', () => receiver.at('/disabled').length === 1);
    expect((await admin.request('DELETE', `/api/webhooks/${off.body.data._id}`)).status).toBe(200);
  });

  it('a leave decision and a period approval are delivered to the webhooks that subscribe to them', async () => {
    const hook = await register({ url: receiver.url('/hr'), events: ['leave.decided', 'period.approved'] });
    const leaveType = (await (await admin.get('/api/leave-types?pageSize=1')).json()).data[0]._id as number;
    const created = await admin.post('/api/leaves', { employee: workers[3], leaveType, from: '2027-06-07', to: '2027-06-08', reason: 'Asuntos' });
    expect(created.status).toBe(201);
    const leaveId = (await created.json()).data._id as number;
    expect((await admin.request('PATCH', `/api/leaves/${leaveId}`, { status: 'declined', comment: 'Cierre de inventario' })).status).toBe(200);
    const leave = await waitFor('the leave delivery', () => receiver.at('/hr').find((r) => parsed(r).event === 'leave.decided'));
    expect(leave.headers['x-jornada-event']).toBe('leave.decided');
    expect(signatureValid(hook.body.secret, leave)).toBe(true);
    expect(parsed(leave).data).toMatchObject({ leaveId, employeeId: workers[3], leaveTypeId: leaveType, from: '2027-06-07', to: '2027-06-08', status: 'declined', comment: 'Cierre de inventario' });

    const approved = await admin.post('/api/periods/approve', { date: '2027-02-01', employees: [workers[1], workers[0]] });
    expect(approved.status).toBe(200);
    const period = await waitFor('the period delivery', () => receiver.at('/hr').find((r) => parsed(r).event === 'period.approved'));
    expect(parsed(period).data).toMatchObject({ from: '2027-02-01', to: '2027-02-28', employeeIds: [workers[0], workers[1]] });
    // Approving again approves nobody new: no second event.
    expect((await admin.post('/api/periods/approve', { date: '2027-02-01', employees: [workers[1], workers[0]] })).status).toBe(200);
    type Listed = { _id: number; deliveries: { event: string; status: string }[] }[];
    const shown = await waitFor('both shown sent', async () => {
      const data = (await (await admin.get('/api/webhooks')).json()).data as Listed;
      const d = data.find((h) => h._id === hook.body.data._id)!.deliveries;
      return d.length === 2 && d.every((x) => x.status === 'sent') && d;
    });
    expect(shown.map((d) => d.event)).toEqual(['period.approved', 'leave.decided']);
  });

  it('deleting a webhook discards what it still had to send', async () => {
    const down = await register({ url: `http://127.0.0.1:${deadPort}/never`, events: ['punch.recorded'] });
    setNow('2027-03-01', '09:50');
    expect((await punch(pin(1), 'break-in')).status).toBe(200);
    await waitFor('the failed attempt', () => deliveriesOf(down.body.data._id).find((r) => r.status === 'pending' && r.attempts === 1));
    expect(deliveriesOf(down.body.data._id)[0]!.last_error).toBe('connection refused');
    expect((await admin.request('DELETE', `/api/webhooks/${down.body.data._id}`)).status).toBe(200);
    expect(deliveriesOf(down.body.data._id).map((r) => r.status)).toEqual(['discarded']);
    expect(sql('select * from webhooks where id = ?', down.body.data._id)).toEqual([]);
  });
});

describe('Slack and Microsoft Teams (issue 41.5)', () => {
  it('a chat webhook posts the channel a sentence naming the employee, in the shape each service takes; a test event too', async () => {
    const slack = await register({ url: receiver.url('/slack'), events: ['leave.requested'], format: 'slack' });
    const teams = await register({ url: receiver.url('/teams'), events: ['leave.requested'], format: 'teams' });
    expect([slack.status, teams.status]).toEqual([201, 201]);
    expect(slack.body.data).toMatchObject({ format: 'slack' });
    const [employee] = sql<{ first_name: string; last_name: string }>('select first_name, last_name from employees where id = ?', workers[2]);
    const name = `${employee!.first_name} ${employee!.last_name}`;
    const leaveType = (await (await admin.get('/api/leave-types?pageSize=1')).json()).data[0]._id as number;
    const created = await admin.post('/api/leaves', { employee: workers[2], leaveType, from: '2027-07-05', to: '2027-07-06', reason: 'Mudanza' });
    expect(created.status).toBe(201);
    const [toSlack] = await waitFor('the Slack message', () => receiver.at('/slack').length === 1 && receiver.at('/slack'));
    expect(toSlack!.headers['content-type']).toBe('application/json');
    // The company's language (the demo's is Spanish); never the worker's own reason.
    expect(JSON.parse(toSlack!.body)).toEqual({ text: `${name} ha pedido una ausencia del 2027-07-05 al 2027-07-06.` });
    const [toTeams] = await waitFor('the Teams message', () => receiver.at('/teams').length === 1 && receiver.at('/teams'));
    const card = JSON.parse(toTeams!.body) as { type: string; attachments: { contentType: string; content: { type: string; body: { type: string; text: string }[] } }[] };
    expect(card.type).toBe('message');
    expect(card.attachments[0]!.contentType).toBe('application/vnd.microsoft.card.adaptive');
    expect(card.attachments[0]!.content.type).toBe('AdaptiveCard');
    expect(card.attachments[0]!.content.body[0]).toMatchObject({ type: 'TextBlock', text: `${name} ha pedido una ausencia del 2027-07-05 al 2027-07-06.` });
    expect(toTeams!.body).not.toContain('Mudanza');

    expect((await admin.post(`/api/webhooks/${slack.body.data._id}/test`)).status).toBe(200);
    await waitFor('the Slack test message', () => receiver.at('/slack').length === 2);
    expect(JSON.parse(receiver.at('/slack')[1]!.body)).toEqual({ text: 'Mensaje de prueba de Jornada: este canal recibirá los eventos que elegiste.' });

    // Back to the signed event; an unknown format is refused and changes nothing.
    const back = await admin.request('PATCH', `/api/webhooks/${slack.body.data._id}`, { format: 'jornada' });
    expect(back.status).toBe(200);
    const bad = await admin.request('PATCH', `/api/webhooks/${slack.body.data._id}`, { format: 'discord' });
    expect(bad.status).toBe(422);
    expect((await bad.json()).errors).toHaveProperty('format');
    expect(sql<{ format: string }>('select format from webhooks where id = ?', slack.body.data._id)[0]!.format).toBe('jornada');
  });
});

describe('send test event', () => {
  it('posts a signed webhook.test now; for a loopback receiver it says only delivered or not (issue 34.7)', async () => {
    const hook = await register({ url: receiver.url('/test-me'), events: ['period.approved'] });
    const res = await admin.post(`/api/webhooks/${hook.body.data._id}/test`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: null, message: 'Test event delivered.' });
    const [got] = receiver.at('/test-me');
    expect(got!.headers['x-jornada-event']).toBe('webhook.test');
    expect(got!.headers['x-jornada-delivery']).toMatch(/^test-/);
    expect(signatureValid(hook.body.secret, got!)).toBe(true);
    expect(deliveriesOf(hook.body.data._id)).toEqual([]);

    // A closed port and an open one that refuses the event answer alike: no port scanner.
    const dead = await register({ url: `http://127.0.0.1:${deadPort}/nothing`, events: ['period.approved'] });
    const es = new Client(server.url, 'es');
    expect((await es.signIn('admin@demo.jornada', 'Demo#2026')).status).toBe(200);
    const refused = await es.post(`/api/webhooks/${dead.body.data._id}/test`);
    expect(refused.status).toBe(502);
    const refusedBody = await refused.json();
    expect(refusedBody.message).toBe('Evento de prueba no entregado.');
    const gone = await register({ url: receiver.url('/gone'), events: ['period.approved'] });
    const status = await es.post(`/api/webhooks/${gone.body.data._id}/test`);
    expect(receiver.at('/gone').length).toBeGreaterThan(0);
    expect(status.status).toBe(502);
    expect(await status.json()).toEqual(refusedBody);
  });

  it('refuses link-local addresses at registration with a translated field error (issue 34.7)', async () => {
    for (const url of ['http://169.254.169.254/latest/meta-data/', 'http://[fe80::1]:8080/', 'http://2852039166/']) {
      const res = await admin.post('/api/webhooks', { url, events: ['period.approved'] });
      expect(res.status, url).toBe(422);
      expect((await res.json()).errors).toEqual({ url: 'Link-local addresses (169.254.x.x, fe80::) and cloud metadata addresses cannot receive webhooks.' });
    }
  });
});

describe('attackers', () => {
  it('an Employee account and an admin without setting.update are refused; nothing is written', async () => {
    const worker = new Client(server.url);
    expect((await worker.signIn('employee@demo.jornada', 'Demo#2026')).status).toBe(200);
    await addAccount(server.dataDir, { email: 'lector@demo.jornada', password: 'Lector#2026', accountType: 'Admin', permissions: { setting: ['read'] } });
    const reader = new Client(server.url);
    expect((await reader.signIn('lector@demo.jornada', 'Lector#2026')).status).toBe(200);
    const id = sql<{ id: number }>('select id from webhooks order by id limit 1')[0]!.id;
    const before = JSON.stringify(sql('select * from webhooks'));
    expect((await worker.get('/api/webhooks')).status).toBe(403);
    for (const client of [worker, reader]) {
      expect((await client.post('/api/webhooks', { url: receiver.url('/evil'), events: ['punch.recorded'] })).status).toBe(403);
      expect((await client.request('PATCH', `/api/webhooks/${id}`, { url: receiver.url('/evil') })).status).toBe(403);
      expect((await client.post(`/api/webhooks/${id}/secret`)).status).toBe(403);
      expect((await client.post(`/api/webhooks/${id}/test`)).status).toBe(403);
      expect((await client.request('DELETE', `/api/webhooks/${id}`)).status).toBe(403);
    }
    // Reading is setting.read: the list, never a secret.
    const seen = await reader.get('/api/webhooks');
    expect(seen.status).toBe(200);
    expect(await seen.text()).not.toMatch(/whsec_/);
    expect((await worker.get('/settings/webhooks')).status).not.toBe(200);
    expect(JSON.stringify(sql('select * from webhooks'))).toBe(before);
    expect(receiver.at('/evil')).toEqual([]);
  });

  it("an administrator of another company neither sees nor touches this company's webhooks", async () => {
    const company = await admin.post('/api/companies', { name: 'Otra Empresa SL' });
    expect(company.status).toBe(201);
    const otherCompany = (await company.json()).data._id as number;
    const userId = await addAccount(server.dataDir, { email: 'otra@demo.jornada', password: 'Otra#20266', accountType: 'Admin', permissions: { setting: ['read', 'update'] } });
    sql('update users set company_id = ? where id = ?', otherCompany, userId);
    const stranger = new Client(server.url);
    expect((await stranger.signIn('otra@demo.jornada', 'Otra#20266')).status).toBe(200);
    const theirs = sql<{ id: number }>('select id from webhooks order by id limit 1')[0]!.id;
    const before = JSON.stringify(sql('select * from webhooks'));
    expect(((await (await stranger.get('/api/webhooks')).json()).data as unknown[]).length).toBe(0);
    expect((await stranger.request('PATCH', `/api/webhooks/${theirs}`, { url: receiver.url('/evil') })).status).toBe(404);
    expect((await stranger.post(`/api/webhooks/${theirs}/secret`)).status).toBe(404);
    expect((await stranger.post(`/api/webhooks/${theirs}/test`)).status).toBe(404);
    expect((await stranger.request('DELETE', `/api/webhooks/${theirs}`)).status).toBe(404);
    expect(JSON.stringify(sql('select * from webhooks'))).toBe(before);
    // Their own webhook belongs to their company and hears nothing of the demo company's punches.
    const own = await register({ url: receiver.url('/other-company'), events: ['punch.recorded'] }, stranger);
    expect(own.status).toBe(201);
    expect(sql<{ company_id: number }>('select company_id from webhooks where id = ?', own.body.data._id)[0]!.company_id).toBe(otherCompany);
    const ok = receiver.at('/ok').length;
    setNow('2027-03-01', '09:55');
    expect((await punch(pin(2), 'break-in')).status).toBe(200);
    await waitFor('the demo company hook', () => receiver.at('/ok').length === ok + 1);
    expect(receiver.at('/other-company')).toEqual([]);
    expect(deliveriesOf(own.body.data._id)).toEqual([]);
  });
});

describe('a crash during a delivery', () => {
  it('sends the interrupted delivery again after a restart, with the same delivery id (receivers dedupe)', async () => {
    const slow = await register({ url: receiver.url('/slow'), events: ['period.approved'] });
    expect((await admin.post('/api/periods/approve', { date: '2027-01-01', employees: [workers[0]] })).status).toBe(200);
    // The receiver holds the first request: the row is committed `sending` while it waits.
    await waitFor('the first attempt arrives', () => receiver.at('/slow').length === 1);
    expect(deliveriesOf(slow.body.data._id).map((r) => r.status)).toEqual(['sending']);
    await server.kill('SIGKILL');
    await server.restart();
    const [first, second] = await waitFor('sent again after the restart', () => receiver.at('/slow').length === 2 && receiver.at('/slow'));
    expect(second!.headers['x-jornada-delivery']).toBe(first!.headers['x-jornada-delivery']);
    expect(second!.body).toBe(first!.body);
    expect(signatureValid(slow.body.secret, second!)).toBe(true);
    await waitFor('marked sent', () => deliveriesOf(slow.body.data._id).every((r) => r.status === 'sent'));
    expect(receiver.at('/slow').length).toBe(2);
  }, 60_000);
});
