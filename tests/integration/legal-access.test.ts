import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds, type DemoIds } from '../helpers/api-bodies.ts';
import { Client, location } from '../helpers/http-client.ts';
import { startServer, type TestServer } from '../helpers/test-server.ts';
import { sqlIn } from '../helpers/test-sql.ts';

/**
 * Issue 18.9 (decision 036) over HTTP: the labour inspectorate's link, the Representatives role
 * and the employee's acknowledgement of a monthly record. The clock is a file the test moves
 * (JORNADA_FAKE_NOW_FILE), starting at the real time the demo data is anchored to.
 */

let server: TestServer;
let admin: Client;
let employee: Client;
let ids: DemoIds;
let clockDir: string;
let clockFile: string;
let month: string;
const realNow = Date.now();

const setNow = (ms: number) => writeFileSync(clockFile, new Date(ms).toISOString());
const sql = <T>(query: string, ...params: unknown[]): T[] => sqlIn<T>(server.dataDir, query, ...params);
const addMonth = (m: string, n: number) => {
  const d = new Date(Date.UTC(Number(m.slice(0, 4)), Number(m.slice(5, 7)) - 1 + n, 1));
  return d.toISOString().slice(0, 7);
};

async function createLink(body: Record<string, unknown> = { days: 7, label: 'Requerimiento 2026/18' }) {
  const res = await admin.post('/api/inspection-links', body);
  expect(res.status, await res.clone().text()).toBe(201);
  const { data } = await res.json();
  return { id: data._id as number, url: data.url as string, path: data.path as string, token: (data.path as string).split('/').pop()! };
}

beforeAll(async () => {
  clockDir = mkdtempSync(path.join(os.tmpdir(), 'jornada-legal-access-'));
  clockFile = path.join(clockDir, 'now');
  setNow(realNow);
  server = await startServer({ args: ['--demo'], env: { JORNADA_TEST: '1', JORNADA_FAKE_NOW_FILE: clockFile } });
  admin = new Client(server.url, 'es');
  employee = new Client(server.url, 'es');
  expect((await admin.signIn('admin@demo.jornada', 'Demo#2026')).status).toBe(200);
  expect((await employee.signIn('employee@demo.jornada', 'Demo#2026')).status).toBe(200);
  ids = await demoIds(admin);
  const { timezone } = (await (await admin.get('/api/settings')).json()).data;
  month = new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit' }).format(new Date(realNow)).slice(0, 7);
}, 90_000);

afterAll(async () => {
  await server?.stop();
  rmSync(clockDir, { recursive: true, force: true });
});

describe('the labour inspectorate link', () => {
  it('is made by an administrator (201), never by an employee (403); only its SHA-256 is stored', async () => {
    const refused = await employee.post('/api/inspection-links', { days: 7 });
    expect(refused.status).toBe(403);
    const link = await createLink();
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link.url).toBe(`${server.url}/inspection/${link.token}`);
    const [row] = sql<{ token_hash: string; label: string; expires_at: string; created_at: string }>('select * from inspection_links where id = ?', link.id);
    expect(row!.token_hash).toBe(createHash('sha256').update(link.token).digest('hex'));
    expect(JSON.stringify(sql('select * from inspection_links'))).not.toContain(link.token);
    expect(JSON.stringify(sql('select * from audit_log'))).not.toContain(link.token);
    expect(Date.parse(row!.expires_at) - Date.parse(row!.created_at)).toBe(7 * 86_400_000);
    const list = await (await admin.get('/api/inspection-links')).json();
    const listed = list.data.find((l: { _id: number }) => l._id === link.id);
    expect(listed).toMatchObject({ label: 'Requerimiento 2026/18', state: 'active', uses: 0, lastUsedAt: null, createdByName: expect.any(String) });
    expect(JSON.stringify(list)).not.toContain(link.token);
    expect(sql<{ action: string }>("select action from audit_log where entity = 'inspectionLink' and entity_id = ?", String(link.id)).map((r) => r.action)).toEqual(['create']);
    expect((await employee.get('/api/inspection-links')).status).toBe(403);
  });

  it('refuses a lifetime outside 1–30 days with a translated 422', async () => {
    for (const days of [0, 31, 2.5]) {
      const res = await admin.post('/api/inspection-links', { days });
      expect(res.status).toBe(422);
      expect((await res.json()).errors.days).toBe('Elige entre 1 y 30 días.');
    }
  });

  it('opens the monthly records without an account, their Excel and PDF, and logs every use', async () => {
    const link = await createLink();
    const inspector = new Client(server.url, 'es');
    const page = await inspector.get(`/inspection/${link.token}?month=${month}&employee=${ids.otherEmployee}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('data-testid="monthly-record"');
    expect(html).toContain('Elena Ramos');
    expect(html).toContain('Inspección de Trabajo');
    // Outside the signed-in shell: no app menu, no session cookie.
    expect(html).not.toContain('data-testid="user-menu"');
    expect(page.headers.get('set-cookie') ?? '').not.toContain('token=');
    expect(page.headers.get('cache-control')).toContain('no-store');
    const all = await (await inspector.get(`/inspection/${link.token}?month=${month}`)).text();
    expect((all.match(/data-testid="monthly-record"/g) ?? []).length).toBeGreaterThan(1);

    const xlsx = await inspector.get(`/inspection/${link.token}/record.xlsx?month=${month}&employee=${ids.otherEmployee}&lang=en`);
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get('content-type')).toContain('spreadsheetml');
    expect((await xlsx.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    const pdf = await inspector.get(`/inspection/${link.token}/record.pdf?month=${month}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(new TextDecoder().decode(new Uint8Array(await pdf.arrayBuffer()).slice(0, 5))).toBe('%PDF-');

    const uses = (await (await admin.get(`/api/inspection-links/${link.id}/uses`)).json()).data as { at: string; address: string; viewed: string }[];
    expect(uses.map((u) => u.viewed).reverse()).toEqual([`record ${month} employee=${ids.otherEmployee} html`, `record ${month} html`, `record ${month} employee=${ids.otherEmployee} xlsx`, `record ${month} pdf`]);
    expect(uses.every((u) => u.address && u.at)).toBe(true);
    const listed = (await (await admin.get('/api/inspection-links')).json()).data.find((l: { _id: number }) => l._id === link.id);
    expect(listed.uses).toBe(4);
    expect(listed.lastUsedAt).not.toBeNull();
    // The log cannot be rewritten.
    expect(() => sqlIn(server.dataDir, 'delete from inspection_link_uses')).toThrow(/append-only/);
  });

  it('grants nothing else: no API, no other page, as a cookie, a bearer token or a path', async () => {
    const link = await createLink();
    const inspector = new Client(server.url, 'en');
    const ways: Record<string, string>[] = [{}, { authorization: `Bearer ${link.token}` }, { cookie: `token=${link.token}` }];
    for (const headers of ways) {
      for (const api of ['/api/employees', `/api/employees/${ids.otherEmployee}`, '/api/attendances', `/api/reports/monthly-record?month=${month}`, '/api/me', '/api/inspection-links', '/api/representatives/totals']) {
        const res = await inspector.get(api, headers);
        expect(res.status, `${api} ${JSON.stringify(headers)}`).toBe(401);
      }
      for (const page of ['/dashboard', '/employees', `/reports/employee-attendance?view=record&month=${month}`, '/personal/attendance', '/inspection-links']) {
        const res = await inspector.get(page, headers);
        expect(location(res), page).toMatch(/^\/sign-in/);
      }
    }
    for (const sub of ['record.txt', 'employees', '../../api/employees', 'record.xlsx/../../../api/employees']) {
      const res = await inspector.get(`/inspection/${link.token}/${sub}`);
      // A dot path is resolved before it is sent: it reaches the API, which wants an account.
      expect([302, 401, 404], sub).toContain(res.status);
      expect(await res.text(), sub).not.toContain('Elena Ramos');
    }
  });

  it('is refused once revoked (404, a clear page, the attempt logged), and only an administrator revokes', async () => {
    const link = await createLink();
    const inspector = new Client(server.url, 'es');
    expect((await inspector.get(`/inspection/${link.token}`)).status).toBe(200);
    expect((await employee.post(`/api/inspection-links/${link.id}/revoke`)).status).toBe(403);
    const revoked = await admin.post(`/api/inspection-links/${link.id}/revoke`);
    expect(revoked.status).toBe(200);
    const res = await inspector.get(`/inspection/${link.token}`);
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain('La empresa ha revocado este enlace de acceso');
    expect(html).not.toContain('data-testid="monthly-record"');
    const file = await inspector.get(`/inspection/${link.token}/record.xlsx`);
    expect(file.status).toBe(404);
    expect(await file.text()).toContain('revocado');
    const listed = (await (await admin.get('/api/inspection-links')).json()).data.find((l: { _id: number }) => l._id === link.id);
    expect(listed.state).toBe('revoked');
    const uses = (await (await admin.get(`/api/inspection-links/${link.id}/uses`)).json()).data as { viewed: string }[];
    expect(uses[0]!.viewed).toMatch(/^refused \(revoked\)/);
    expect(sql<{ action: string }>("select action from audit_log where entity = 'inspectionLink' and entity_id = ?", String(link.id)).map((r) => r.action)).toEqual(['create', 'revoke']);
    expect((await admin.post('/api/inspection-links/999999/revoke')).status).toBe(404);
  });

  it('is refused once expired, in the language of the visitor', async () => {
    const link = await createLink({ days: 1 });
    const inspector = new Client(server.url, 'en');
    expect((await inspector.get(`/inspection/${link.token}`)).status).toBe(200);
    setNow(realNow + 86_400_000 + 1000);
    try {
      const res = await inspector.get(`/inspection/${link.token}`);
      expect(res.status).toBe(404);
      expect(await res.text()).toContain('This access link has expired');
      const listed = (await (await admin.get('/api/inspection-links')).json()).data.find((l: { _id: number }) => l._id === link.id);
      expect(listed.state).toBe('expired');
    } finally {
      setNow(realNow);
    }
  });

  it('refuses a wrong token with a clear 404 page, and an address that keeps guessing with 429', async () => {
    const inspector = new Client(server.url, 'es');
    const wrong = await inspector.get(`/inspection/${'B'.repeat(43)}`);
    expect(wrong.status).toBe(404);
    expect(await wrong.text()).toContain('Este enlace de acceso no existe');
    expect((await inspector.get('/inspection/short')).status).toBe(404);
    let limited: Response | undefined;
    for (let i = 0; i < 30 && !limited; i++) {
      const res = await inspector.get(`/inspection/${String(i).padStart(43, 'C')}`);
      if (res.status === 429) limited = res;
      else expect(res.status).toBe(404);
    }
    expect(limited, 'no 429 after 30 wrong tokens').toBeDefined();
    expect(Number(limited!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await limited!.text()).toContain('Demasiados enlaces incorrectos');
  });
});

describe('the Representatives role', () => {
  let reps: Client;

  beforeAll(async () => {
    const roles = (await (await admin.get('/api/roles?pageSize=100')).json()).data as { _id: number; name: string; permissions: unknown }[];
    const role = roles.find((r) => r.name === 'Representatives')!;
    expect(role.permissions).toEqual({ workTotals: ['read'] });
    const user = await admin.post('/api/users', {
      name: 'Comité de empresa',
      email: 'comite@demo.jornada',
      role: role._id,
      status: 'enabled',
      accountType: 'Admin',
      company: 1,
      password: 'Comite#2026',
      confirmPassword: 'Comite#2026',
    });
    expect(user.status, await user.clone().text()).toBe(201);
    reps = new Client(server.url, 'es');
    expect((await reps.signIn('comite@demo.jornada', 'Comite#2026')).status).toBe(200);
  });

  it('sees each employee’s monthly totals with the name only: no national ID, email or phone', async () => {
    const res = await reps.get(`/api/representatives/totals?month=${month}`);
    expect(res.status).toBe(200);
    const body = await res.json();
    const rows = body.data.rows as Record<string, unknown>[];
    expect(rows.length).toBeGreaterThan(1);
    expect(
      rows.map((r) => r['name']),
      JSON.stringify(rows.map((r) => r['name'])),
    ).toContainEqual(expect.stringContaining('Elena Ramos'));
    for (const r of rows) expect(Object.keys(r).sort()).toEqual(['absentDays', 'attendedDays', 'employeeId', 'expectedSeconds', 'leaveDays', 'name', 'overtimeSeconds', 'workedSeconds']);
    const employees = (await (await admin.get('/api/employees?pageSize=100&status=all')).json()).data as Record<string, string>[];
    const text = JSON.stringify(body);
    for (const e of employees) {
      for (const field of ['nationalId', 'email', 'phone']) if (e[field]) expect(text, `${field} of ${e['firstName']}`).not.toContain(e[field]);
    }
    expect(text).not.toMatch(/T\d\d:\d\d/); // no instants: no check-in or check-out times
    const page = await reps.get(`/representatives?month=${month}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Elena Ramos');
    for (const e of employees) if (e['nationalId']) expect(html).not.toContain(e['nationalId']);
  });

  it('lands on its totals page, not on a dashboard it may not open', async () => {
    expect(location(await reps.get('/'))).toBe('/representatives');
    expect(location(await reps.get('/sign-in'))).toBe('/representatives');
    expect(await (await reps.get('/access-denied')).text()).toContain('href="/representatives"');
  });

  it('gets 403 on the employees, attendance, full reports and dashboard, and no admin page', async () => {
    for (const api of [
      '/api/employees',
      `/api/employees/${ids.otherEmployee}`,
      '/api/attendances',
      `/api/attendances/${ids.otherAttendance}`,
      `/api/reports/monthly-record?month=${month}`,
      `/api/reports/monthly-record/export?month=${month}`,
      '/api/reports/employee-attendance',
      '/api/reports/employee-list',
      '/api/dashboard',
      '/api/inspection-links',
    ]) {
      expect((await reps.get(api)).status, api).toBe(403);
    }
    for (const page of ['/employees', '/attendance', '/reports', `/reports/employee-attendance?view=record&month=${month}`, '/dashboard', '/inspection-links']) {
      expect(location(await reps.get(page)), page).toBe('/access-denied');
    }
  });

  it('is not for Employee accounts or roles without it', async () => {
    const res = await employee.get(`/api/representatives/totals?month=${month}`);
    expect(res.status).toBe(403);
    expect(location(await employee.get('/representatives'))).toBe('/access-denied');
  });
});

describe('acknowledging a monthly record', () => {
  // Decision 077: only a month that has ended can be acknowledged; the demo's last month has.
  const past = () => addMonth(month, -1);

  it('is the employee’s own ended month: 201 once, then 200 with the first, recorded with its totals and audited', async () => {
    const first = await employee.post('/api/personal/acknowledgements', { month: past() });
    expect(first.status, await first.clone().text()).toBe(201);
    const a = (await first.json()).data;
    expect(a).toMatchObject({ employee: ids.ownEmployee, month: past(), digest: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(a.workedSeconds).toBeGreaterThanOrEqual(0);
    const again = await employee.post('/api/personal/acknowledgements', { month: past(), employee: ids.ownEmployee });
    expect(again.status).toBe(200);
    const b = await again.json();
    expect(b.data.acknowledgedAt).toBe(a.acknowledgedAt);
    expect(b.message).toBe('Ya habías confirmado la recepción de este mes.');
    expect(sql('select * from record_acknowledgements where employee_id = ? and month = ?', ids.ownEmployee, past())).toHaveLength(1);
    expect(sql("select * from audit_log where entity = 'recordAcknowledgement'")).toHaveLength(1);
  });

  it('of someone else is a 404, of the current or a future month a translated 422; an account without an employee gets 404', async () => {
    const other = await employee.post('/api/personal/acknowledgements', { month: past(), employee: ids.otherEmployee });
    expect(other.status).toBe(404);
    for (const early of [month, addMonth(month, 1)]) {
      const refused = await employee.post('/api/personal/acknowledgements', { month: early });
      expect(refused.status, early).toBe(422);
      expect((await refused.json()).errors.month).toBe('Puedes confirmar la recepción del registro de un mes cuando ese mes haya terminado.');
    }
    const english = new Client(server.url, 'en');
    expect((await english.signIn('employee@demo.jornada', 'Demo#2026')).status).toBe(200);
    const refused = await english.post('/api/personal/acknowledgements', { month });
    expect((await refused.json()).errors.month).toBe("You can acknowledge a month's record once that month has ended.");
    expect(sql('select * from record_acknowledgements where month = ?', month)).toHaveLength(0);
    expect((await employee.post('/api/personal/acknowledgements', { month: '2026-13' })).status).toBe(422);
    expect((await admin.post('/api/personal/acknowledgements', { month: past() })).status).toBe(404);
    expect(sql('select * from record_acknowledgements where employee_id = ?', ids.otherEmployee)).toHaveLength(0);
  });

  it('shows in the personal area and on the administrator’s monthly record and export', async () => {
    const current = await (await employee.get(`/personal/attendance?month=${month}`)).text();
    expect(current).not.toContain('data-testid="acknowledge"');
    const mine = await (await employee.get(`/personal/attendance?month=${past()}`)).text();
    expect(mine).toContain('data-testid="acknowledged"');
    expect(mine).toContain(`/api/personal/attendance/pdf?month=${past()}&amp;lang=`);
    const record = await (await admin.get(`/api/reports/monthly-record?month=${past()}&employee=${ids.ownEmployee}`)).json();
    expect(record.data.records[0].acknowledgedAt).not.toBeNull();
    const page = await (await admin.get(`/reports/employee-attendance?view=record&month=${past()}&employee=${ids.ownEmployee}`)).text();
    expect(page).toContain('data-testid="record-acknowledged"');
    expect(page).not.toContain('data-testid="record-receipt-changed"');
    const others = await (await admin.get(`/reports/employee-attendance?view=record&month=${past()}&employee=${ids.otherEmployee}`)).text();
    expect(others).not.toContain('data-testid="record-acknowledged"');
    const xlsx = await admin.get(`/api/reports/monthly-record/export?month=${past()}&employee=${ids.ownEmployee}&lang=es`);
    expect(xlsx.status).toBe(200);
  });

  it('after a correction of a day of the month: "changed after receipt" on both views, and a new receipt is asked and taken (201)', async () => {
    const from = `${past()}-01`;
    const to = `${past()}-28`;
    const day = (await (await admin.get(`/api/attendances?employee=${ids.ownEmployee}&from=${from}&to=${to}&pageSize=1`)).json()).data[0];
    expect(day, 'a day of the demo last month').toBeDefined();
    const corrected = await admin.request('PATCH', `/api/attendances/${day._id}`, { timeIn: '07:30', timeOut: '18:30', reason: 'Corrección tras la recepción' });
    expect(corrected.status, await corrected.clone().text()).toBe(200);
    const page = await (await admin.get(`/reports/employee-attendance?view=record&month=${past()}&employee=${ids.ownEmployee}`)).text();
    expect(page).toMatch(/data-testid="record-receipt-changed"[^>]*>\s*\d\d\/\d\d\/\d{4} \d\d:\d\d; modificado tras la recepción el \d\d\/\d\d\/\d{4} \d\d:\d\d/);
    const mine = await (await employee.get(`/personal/attendance?month=${past()}`)).text();
    expect(mine).toContain('data-testid="receipt-changed"');
    expect(mine).toContain('He recibido mi registro actualizado');
    const renewed = await employee.post('/api/personal/acknowledgements', { month: past() });
    expect(renewed.status, await renewed.clone().text()).toBe(201);
    expect(sql<{ action: string }>("select action from audit_log where entity = 'recordAcknowledgement' order by id").map((r) => r.action)).toEqual(['create', 'renew']);
    const after = await (await admin.get(`/reports/employee-attendance?view=record&month=${past()}&employee=${ids.ownEmployee}`)).text();
    expect(after).toContain('data-testid="record-acknowledged"');
    expect(after).not.toContain('data-testid="record-receipt-changed"');
  });
});
