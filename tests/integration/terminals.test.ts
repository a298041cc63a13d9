import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDateTimeToUtcIso } from '../../src/domain/time/zoned-time.ts';
import en from '../../src/i18n/en.json';
import es from '../../src/i18n/es.json';
import { enableFaceRecognition } from '../helpers/biometrics.ts';
import { Client } from '../helpers/http-client.ts';
import { DESCRIPTOR } from '../helpers/api-bodies.ts';
import { pairTerminal } from '../helpers/terminal.ts';
import { startServer, type TestServer } from '../helpers/test-server.ts';
import { sqlIn } from '../helpers/test-sql.ts';

/**
 * Clock terminals as trusted devices (issue 20.1, decision 042): pairing with a one-time code,
 * the credential, revocation, the methods a terminal allows, unpaired browsers, and the terminal
 * on every punch. Demo data (employee i has PIN 100000 + i), the server's clock on 2027 days.
 */

let server: TestServer;
let admin: Client;
let clockDir: string;
let clockFile: string;
const sql = <T>(text: string, ...params: unknown[]): T[] => sqlIn<T>(server.dataDir, text, ...params);

function setNow(date: string, time: string): void {
  writeFileSync(clockFile, localDateTimeToUtcIso(date, time, 'Europe/Lisbon'));
}

async function punch(body: Record<string, unknown>, headers: Record<string, string> = {}, lang = 'en') {
  const res = await new Client(server.url, lang).post('/api/clock', body, headers);
  return { status: res.status, body: (await res.json()) as { code?: string; message: string; employee?: { _id?: number } } };
}

async function createTerminal(body: Record<string, unknown>) {
  const res = await admin.post('/api/terminals', body);
  return { status: res.status, body: (await res.json()) as { data: { _id: number; state: string }; pairingCode: string; message: string; errors?: Record<string, string> } };
}

async function pair(code: string, lang = 'en', headers: Record<string, string> = {}, device = true) {
  const res = await fetch(`${server.url}/api/terminal/pair`, { method: 'POST', headers: { 'content-type': 'application/json', 'accept-language': lang, ...headers }, body: JSON.stringify({ code, device }) });
  return {
    status: res.status,
    cookie: res.headers.getSetCookie().join('\n'),
    body: (await res.json()) as { credential?: string; code?: string; message: string; terminal?: { id: number; name: string; methods: string[] } },
  };
}

beforeAll(async () => {
  clockDir = mkdtempSync(path.join(os.tmpdir(), 'jornada-terminals-'));
  clockFile = path.join(clockDir, 'now');
  setNow('2027-03-01', '08:00');
  server = await startServer({ args: ['--demo'], env: { JORNADA_TEST: '1', JORNADA_FAKE_NOW_FILE: clockFile } });
  admin = new Client(server.url);
  expect((await admin.signIn('admin@demo.jornada', 'Demo#2026')).status).toBe(200);
  // Off on new installations and the demo (decision 047): on, so faces are refused for the terminal's reasons.
  await enableFaceRecognition(admin);
});

afterAll(async () => {
  await server?.stop();
  rmSync(clockDir, { recursive: true, force: true });
});

describe('pairing', () => {
  it('pairs a device once with its code, answering an HttpOnly credential cookie; the code is then spent', async () => {
    const created = await createTerminal({ name: '  Puerta principal ', location: 'Entrada', methods: ['badge', 'pin'] });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ name: 'Puerta principal', location: 'Entrada', methods: ['pin', 'badge'], state: 'waiting' });
    expect(created.body.pairingCode).toMatch(/^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
    // Only hashes are stored.
    const stored = sql<{ pairing_code_hash: string }>('select pairing_code_hash from terminals where id = ?', created.body.data._id)[0]!;
    expect(stored.pairing_code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(sql('select * from terminals'))).not.toContain(created.body.pairingCode.replace('-', ''));

    // Typed in lower case with a space instead of the dash: still the code.
    const paired = await pair(created.body.pairingCode.toLowerCase().replace('-', ' '));
    expect(paired.status).toBe(200);
    expect(paired.body.terminal).toMatchObject({ name: 'Puerta principal', methods: ['pin', 'badge'] });
    expect(paired.cookie).toMatch(/^jornada_terminal=[A-Za-z0-9_-]{43};/);
    expect(paired.cookie).toMatch(/HttpOnly/i);
    expect(paired.cookie).toMatch(/SameSite=Strict/i);
    expect(sql<{ credential_hash: string }>('select credential_hash from terminals where id = ?', created.body.data._id)[0]!.credential_hash).toMatch(/^[0-9a-f]{64}$/);

    const again = await pair(created.body.pairingCode, 'es');
    expect(again.status).toBe(422);
    expect(again.body).toMatchObject({ code: 'terminals.codeInvalid', message: es.terminals.codeInvalid });

    const me = await new Client(server.url).get('/api/terminal', { 'x-terminal-token': paired.body.credential! });
    expect(me.status).toBe(200);
    expect((await me.json()).terminal).toMatchObject({ id: created.body.data._id, name: 'Puerta principal' });
    expect(sql('select action from audit_log where entity = ? and entity_id = ? order by id', 'terminal', String(created.body.data._id))).toEqual([{ action: 'create' }, { action: 'pair' }]);
  });

  it('answers the credential in the body only to a device that asks: a browser keeps it in the HttpOnly cookie alone', async () => {
    const created = await createTerminal({ name: 'Navegador', methods: ['pin'] });
    const browser = await pair(created.body.pairingCode, 'en', {}, false);
    expect(browser.status).toBe(200);
    expect(browser.body.credential).toBeUndefined();
    expect(browser.cookie).toMatch(/^jornada_terminal=[A-Za-z0-9_-]{43};/);
  });

  it('refuses bad terminal details with field errors and writes nothing', async () => {
    const before = sql('select id from terminals').length;
    const none = await createTerminal({ name: 'Sin métodos', methods: [] });
    expect(none.status).toBe(422);
    expect(none.body.errors).toEqual({ methods: en.terminals.methodsRequired });
    expect((await createTerminal({ name: '', methods: ['pin'] })).status).toBe(422);
    expect((await createTerminal({ name: 'Raro', methods: ['retina'] })).status).toBe(422);
    expect(sql('select id from terminals').length).toBe(before);
  });

  it('refuses an expired code, and a code once its terminal is revoked', async () => {
    const late = await createTerminal({ name: 'Tarde', methods: ['pin'] });
    setNow('2027-03-01', '08:16');
    expect((await pair(late.body.pairingCode)).status).toBe(422);
    setNow('2027-03-01', '08:00');
    const revoked = await createTerminal({ name: 'Revocado antes', methods: ['pin'] });
    expect((await admin.post(`/api/terminals/${revoked.body.data._id}/revoke`)).status).toBe(200);
    expect((await pair(revoked.body.pairingCode)).status).toBe(422);
    const code = await admin.post(`/api/terminals/${revoked.body.data._id}/pairing-code`);
    expect(code.status).toBe(409);
  });
});

describe('punches from terminals', () => {
  it('records the terminal (id and name) on each punch and counts punches today; last seen moves', async () => {
    const t = await pairTerminal(server.url, admin, { name: 'Almacén', methods: ['pin', 'badge'] });
    setNow('2027-03-01', '09:00');
    const res = await punch({ action: 'check-in', pin: '100001' }, t.headers);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const row = sql<{ terminal: string; terminal_id: number; method: string }>("select terminal, terminal_id, method from punches where at >= '2027-01-01' order by id desc limit 1")[0]!;
    expect(row).toEqual({ terminal: 'Almacén', terminal_id: t.id, method: 'pin' });
    const audit = sql<{ after: string }>("select after from audit_log where action = 'clock.check-in' order by id desc limit 1")[0]!;
    expect(JSON.parse(audit.after)).toMatchObject({ terminal: 'Almacén', terminalId: t.id });
    const list = (await (await admin.get('/api/terminals')).json()) as { data: { _id: number; punchesToday: number; lastSeenAt: string; state: string }[] };
    const mine = list.data.find((x) => x._id === t.id)!;
    expect(mine).toMatchObject({ punchesToday: 1, state: 'paired' });
    expect(mine.lastSeenAt >= '2027-03-01').toBe(true);
  });

  it('accepts only the methods the terminal allows', async () => {
    const pinOnly = await pairTerminal(server.url, admin, { name: 'Solo PIN', methods: ['pin'] });
    const card = await punch({ action: 'check-in', card: 'X-1' }, pinOnly.headers, 'es');
    expect(card.status).toBe(403);
    expect(card.body).toMatchObject({ code: 'terminal.methodNotAllowed', message: es.terminal.methodNotAllowed });
    const face = await punch({ action: 'check-in', descriptor: DESCRIPTOR }, pinOnly.headers);
    expect(face.body.code).toBe('terminal.methodNotAllowed');
    // Changing the terminal's methods applies to its next punch.
    expect((await admin.request('PATCH', `/api/terminals/${pinOnly.id}`, { name: 'Solo PIN', methods: ['pin', 'badge'] })).status).toBe(200);
    expect((await punch({ action: 'check-in', card: 'X-1' }, pinOnly.headers)).body.code).not.toBe('terminal.methodNotAllowed');
  });

  it('refuses every punch of a revoked terminal at once, and says so to the device', async () => {
    const t = await pairTerminal(server.url, admin, { name: 'Se revoca', methods: ['pin'] });
    setNow('2027-03-01', '09:05');
    const first = await punch({ action: 'break-in', pin: '100001' }, t.headers);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const revoked = await admin.post(`/api/terminals/${t.id}/revoke`);
    expect(revoked.status).toBe(200);
    expect((await revoked.json()).data.state).toBe('revoked');
    const after = await punch({ action: 'break-out', pin: '100001' }, t.headers, 'es');
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({ code: 'terminal.revoked', message: es.terminal.revoked });
    const me = await new Client(server.url).get('/api/terminal', t.headers);
    expect(me.status).toBe(401);
    expect((await me.json()).code).toBe('terminal.revoked');
    // The terminal and its punch stay on the record.
    expect(sql('select id from punches where terminal_id = ?', t.id)).toHaveLength(1);
  });

  it('a new pairing code moves the terminal to a new device: the old credential stops when the code is used', async () => {
    const t = await pairTerminal(server.url, admin, { name: 'Tablet cambiada', methods: ['pin'] });
    const code = (await (await admin.post(`/api/terminals/${t.id}/pairing-code`)).json()) as { pairingCode: string };
    expect((await new Client(server.url).get('/api/terminal', t.headers)).status).toBe(200);
    const newDevice = await pair(code.pairingCode);
    expect(newDevice.status).toBe(200);
    const old = await new Client(server.url).get('/api/terminal', t.headers);
    expect(old.status).toBe(401);
    expect((await old.json()).code).toBe('terminal.unknown');
    expect((await new Client(server.url).get('/api/terminal', { 'x-terminal-token': newDevice.body.credential! })).status).toBe(200);
  });

  it('refuses a made-up or malformed credential as unknown, even where unpaired browsers may punch', async () => {
    for (const token of ['A'.repeat(43), 'not a token', 'x'.repeat(500)]) {
      const res = await punch({ action: 'check-in', pin: '100003' }, { 'x-terminal-token': token });
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('terminal.unknown');
    }
    const cookie = await punch({ action: 'check-in', pin: '100003' }, { cookie: `jornada_terminal=${'B'.repeat(43)}` });
    expect(cookie.body.code).toBe('terminal.unknown');
  });

  it("identifies only its own company's employees by PIN and badge; an unpaired browser any company's", async () => {
    // Employee 21 (PIN 100021) moves to a second company: unknown at this company's terminal.
    sql("insert into companies (name, created_at, updated_at) values ('Segunda SL', '2027-01-01T00:00:00Z', '2027-01-01T00:00:00Z')");
    const other = sql<{ id: number }>("select id from companies where name = 'Segunda SL'")[0]!.id;
    const home = sql<{ company_id: number }>('select company_id from employees where id = 21')[0]!.company_id;
    const t = await pairTerminal(server.url, admin, { name: 'Solo la primera', methods: ['pin', 'badge'] });
    setNow('2027-03-01', '09:10');
    try {
      sql("update employees set company_id = ?, rfid_card = 'CARD-21' where id = 21", other);
      const pin = await punch({ action: 'check-in', pin: '100021' }, t.headers, 'es');
      expect(pin.status).toBe(401);
      expect(pin.body.code).toBe('punch.unknownPin');
      const settings = ((await (await admin.get('/api/settings')).json()) as { data: Record<string, unknown> }).data;
      expect((await admin.request('PUT', '/api/settings', { ...settings, rfidClock: true })).status).toBe(200);
      const card = await punch({ action: 'check-in', card: 'CARD-21' }, t.headers);
      expect(card.status).toBe(401);
      expect(card.body.code).toBe('punch.unknownCard');
      expect((await admin.request('PUT', '/api/settings', settings)).status).toBe(200);
      expect(sql("select id from punches where employee_id = 21 and at >= '2027-03-01'")).toHaveLength(0);
      // The demo lets unpaired browsers punch (unpairedClock): they know every company's employees.
      const unpaired = await punch({ action: 'check-in', pin: '100021' });
      expect(unpaired.status, JSON.stringify(unpaired.body)).not.toBe(401);
    } finally {
      sql('update employees set company_id = ?, rfid_card = null where id = 21', home);
    }
  });

  it('keeps each terminal its own attempt limits, even behind one address', async () => {
    const a = await pairTerminal(server.url, admin, { name: 'A', methods: ['pin'] });
    const b = await pairTerminal(server.url, admin, { name: 'B', methods: ['pin'] });
    let status = 0;
    for (let i = 0; i < 6 && status !== 429; i++) status = (await punch({ action: 'check-in', pin: String(990000 + i) }, a.headers)).status;
    expect(status).toBe(429);
    expect((await punch({ action: 'check-in', pin: '990100' }, b.headers)).status).toBe(401);
  });

  it('employees and managers without setting.update cannot create, pair codes for or revoke terminals', async () => {
    const employee = new Client(server.url);
    expect((await employee.signIn('employee@demo.jornada', 'Demo#2026')).status).toBe(200);
    expect((await employee.post('/api/terminals', { name: 'Mío', methods: ['pin'] })).status).toBe(403);
    expect((await employee.get('/api/terminals')).status).toBe(403);
    expect((await employee.post('/api/terminals/1/revoke')).status).toBe(403);
  });
});

describe('unpaired browsers', () => {
  it('in the demo, PIN punches work without pairing, faces never', async () => {
    expect(((await (await admin.get('/api/settings')).json()) as { data: { unpairedClock: boolean } }).data.unpairedClock).toBe(true);
    setNow('2027-03-01', '09:10');
    const ok = await punch({ action: 'break-out', pin: '100001' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const face = await punch({ action: 'check-in', descriptor: DESCRIPTOR });
    expect(face.status).toBe(403);
    expect(face.body.code).toBe('terminal.pairingRequired');
  });

  it('with the setting off, a PIN from an unpaired browser is refused and nothing is written', async () => {
    const current = (await (await admin.get('/api/settings')).json()) as { data: Record<string, unknown> };
    expect((await admin.request('PUT', '/api/settings', { ...current.data, unpairedClock: false })).status).toBe(200);
    const before = sql('select id from punches').length;
    const res = await punch({ action: 'check-in', pin: '100005' }, {}, 'es');
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'terminal.pairingRequired', message: es.terminal.pairingRequired });
    expect(sql('select id from punches').length).toBe(before);
  });

  it('a new installation starts with PIN punches only from paired terminals', async () => {
    const fresh = await startServer();
    try {
      const owner = new Client(fresh.url);
      const res = await owner.post('/api/sign-up', { company: 'Taller', full_name: 'Ana Ruiz', email: 'ana@taller.test', password: 'Taller#2026', country: 'ES', timezone: 'Europe/Madrid' });
      expect(res.status).toBe(201);
      const settings = (await (await owner.get('/api/settings')).json()) as { data: { unpairedClock: boolean } };
      expect(settings.data.unpairedClock).toBe(false);
      const pin = await new Client(fresh.url).post('/api/clock', { action: 'check-in', pin: '123456' });
      expect(pin.status).toBe(403);
      expect((await pin.json()).code).toBe('terminal.pairingRequired');
    } finally {
      await fresh.stop();
    }
  });
});

describe('guessing', () => {
  it('limits wrong codes per address: ten, then 429 with Retry-After', async () => {
    const from = { 'x-forwarded-for': '203.0.113.9' }; // not trusted: the socket address counts, after every pairing of this file
    let last = 0;
    for (let i = 0; i < 12 && last !== 429; i++) last = (await pair('ZZZZ-ZZZZ', 'en', from)).status;
    expect(last).toBe(429);
  });
});
