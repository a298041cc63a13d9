import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bytesToDescriptor } from '../../src/domain/employees/face-descriptor.ts';
import { API_ROUTES } from '../../src/domain/routing/api-table.ts';
import { addDays, demoIds, DESCRIPTOR, faceDataUrl, idsByCollection, wednesdayBefore, type DemoIds } from '../helpers/api-bodies.ts';
import { changedTables, dbSnapshot } from '../helpers/db-snapshot.ts';
import { enableFaceRecognition } from '../helpers/biometrics.ts';
import { clockChallenge, freshDescriptor } from '../helpers/face-punch.ts';
import { Client } from '../helpers/http-client.ts';
import { pairTerminal } from '../helpers/terminal.ts';
import { startServer, type TestServer } from '../helpers/test-server.ts';
import { sqlIn } from '../helpers/test-sql.ts';

/**
 * Security checks of issue 11 on a `--demo` server: CSRF, session cookie flags, open redirects
 * after sign-in, uploads that are not images, formulas in spreadsheets, secrets in answers and
 * logs, SQL metacharacters and length limits in every text field, and the rate limits that other
 * suites do not already cover (auth.test.ts, address-rate-limit.test.ts, clock.test.ts).
 */

let server: TestServer;
let admin: Client;
let ids: DemoIds;
/** A throwaway employee with a schedule, a PIN, consent and an enrolled face. */
let worker: number;
/** A leave type without a yearly cap (many requests fit). */
let unlimitedLeaveType: number;
const WORKER_PIN = '5550123';
const FORM_URLENCODED = 'application/x-www-form-urlencoded';

const sql = (query: string, ...params: unknown[]) => sqlIn(server.dataDir, query, ...params);

let unique = 0;
/** A valid employee body with fresh unique fields. */
function employeeBody(extra: Record<string, unknown> = {}) {
  unique += 1;
  return {
    firstName: 'Prueba',
    lastName: `Segura ${unique}`,
    gender: 'other',
    email: `prueba${unique}@example.com`,
    nationalId: `Z${1000000 + unique}Q`,
    company: ids.company,
    department: ids.department,
    jobTitle: ids.jobTitle,
    leaveGroup: ids.leaveGroup,
    employmentType: 'regular',
    pin: String(6_000_000 + unique),
    ...extra,
  };
}

async function created(res: Response, label: string): Promise<any> {
  expect(res.status, `${label}: ${res.status} ${await res.clone().text()}`).toBe(201);
  return (await res.json()).data;
}

beforeAll(async () => {
  server = await startServer({ args: ['--demo'] });
  admin = new Client(server.url);
  expect((await admin.signIn('admin@demo.jornada', 'Demo#2026')).status).toBe(200);
  ids = await demoIds(admin);
  const types = (await (await admin.get('/api/leave-types?pageSize=100')).json()).data as { _id: number; daysPerYear: number | null }[];
  unlimitedLeaveType = types.find((t) => t.daysPerYear === null)!._id;
  worker = (await created(await admin.post('/api/employees', employeeBody({ pin: WORKER_PIN, firstName: 'Trabajadora' })), 'worker'))._id;
  await created(await admin.post('/api/schedules', { employee: worker, startTime: '00:00', offTime: '23:59', totalHours: 8, restDays: [], fromDate: addDays(ids.today, -150) }), 'schedule');
  expect((await admin.request('PUT', `/api/employees/${worker}/consent`, { consent: true })).status).toBe(200);
  // Face data is stored only with face recognition on (decision 047), computed by the server from the photo (decision 065).
  await enableFaceRecognition(admin);
  expect((await created(await admin.post(`/api/employees/${worker}/photos`, { image: faceDataUrl(), enrol: true }), 'photo')).faceData).toBe(true);
}, 90_000);

afterAll(async () => {
  await server?.stop();
});

describe('cross-site requests (CSRF)', () => {
  const writes = API_ROUTES.filter((r) => r.method !== 'GET');
  const concrete = (p: string) => p.replace(/\{id\}/g, String(ids.otherEmployee));

  it('a form posted from another origin (urlencoded or multipart) is refused at every write endpoint and sign-in, writing nothing', async () => {
    const before = dbSnapshot(server.dataDir);
    for (const route of writes) {
      const form = new FormData();
      form.set('email', 'admin@demo.jornada');
      form.set('password', 'Demo#2026');
      form.set('name', 'csrf');
      for (const [body, type] of [
        ['email=admin%40demo.jornada&password=Demo%232026&name=csrf', FORM_URLENCODED],
        [form, undefined],
        ['{"name":"csrf"}', 'text/plain'],
      ] as const) {
        const res = await fetch(server.url + concrete(route.pattern), {
          method: route.method,
          redirect: 'manual',
          headers: { origin: 'https://evil.example', cookie: `token=${admin.cookie}`, 'accept-language': 'es', ...(type ? { 'content-type': type } : {}) },
          body,
        });
        expect(res.status, `${route.method} ${route.pattern} ${type ?? 'multipart'}`).toBe(403);
        const answer = await res.json();
        expect(answer.code).toBe('errors.crossSite');
        expect(answer.message).toBe('No se aceptan peticiones desde otros sitios.');
        expect(res.headers.getSetCookie().some((c) => c.startsWith('token=') && !/Max-Age=0/i.test(c))).toBe(false);
      }
    }
    expect(changedTables(before, dbSnapshot(server.dataDir))).toEqual([]);
  });

  it('also refuses JSON from another origin, an opaque "null" origin, and a form without any Origin', async () => {
    const login = JSON.stringify({ email: 'admin@demo.jornada', password: 'Demo#2026' });
    for (const headers of <Record<string, string>[]>[
      { origin: 'https://evil.example', 'content-type': 'application/json' },
      { origin: 'null', 'content-type': 'application/json' },
      { origin: 'http://127.0.0.1.evil.example', 'content-type': 'application/json' },
      { 'content-type': `${FORM_URLENCODED}; charset=utf-8` },
      { 'content-type': 'multipart/form-data; boundary=x' },
    ]) {
      const res = await fetch(`${server.url}/api/user/login`, { method: 'POST', headers, body: login });
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(res.headers.getSetCookie()).toEqual([]);
    }
    const same = await fetch(`${server.url}/api/user/login`, { method: 'POST', headers: { origin: server.url, 'content-type': 'application/json' }, body: login });
    expect(same.status).toBe(200);
  });
});

describe('the session cookie', () => {
  const tokenCookie = (res: Response) => res.headers.getSetCookie().find((c) => c.startsWith('token='))!;

  it('is HttpOnly, SameSite=Lax, Path=/ and expires in a day; not Secure over plain HTTP', async () => {
    const res = await new Client(server.url).signIn('admin@demo.jornada', 'Demo#2026');
    const cookie = tokenCookie(res);
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
    expect(cookie).toMatch(/; Path=\/(;|$)/);
    expect(cookie).toMatch(/; Max-Age=86400/i);
    expect(cookie).not.toMatch(/; Secure/i);
    expect(cookie).not.toMatch(/; Domain=/i);
  });

  it('is Secure behind a trusted TLS proxy, and a forged X-Forwarded-Proto from anyone else changes nothing', async () => {
    const forged = await new Client(server.url).signIn('employee@demo.jornada', 'Demo#2026');
    const viaForged = await fetch(`${server.url}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https' },
      body: JSON.stringify({ email: 'employee@demo.jornada', password: 'Demo#2026' }),
    });
    expect(tokenCookie(forged)).not.toMatch(/Secure/i);
    expect(tokenCookie(viaForged)).not.toMatch(/Secure/i);
    const settings = (await (await admin.get('/api/settings')).json()).data;
    expect((await admin.request('PUT', '/api/settings', { ...settings, trustedProxy: '127.0.0.1' })).status).toBe(200);
    try {
      const proxied = await fetch(`${server.url}/api/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https' },
        body: JSON.stringify({ email: 'employee@demo.jornada', password: 'Demo#2026' }),
      });
      expect(tokenCookie(proxied)).toMatch(/; Secure/i);
      expect(tokenCookie(proxied)).toMatch(/; HttpOnly/i);
    } finally {
      expect((await admin.request('PUT', '/api/settings', settings)).status).toBe(200);
    }
  });

  it('sign-in answers carry the token only as the documented accessToken; no other answer carries it', async () => {
    const client = new Client(server.url);
    const res = await client.signIn('employee@demo.jornada', 'Demo#2026');
    const body = await res.json();
    expect(Object.keys(body).sort()).toEqual(['accessToken', 'user']);
    expect(body.accessToken).toBe(client.cookie);
    for (const p of ['/api/me', '/api/personal/dashboard', '/api/guide']) {
      expect(await (await client.get(p)).text(), p).not.toContain(client.cookie!.slice(0, 40));
    }
    const me = await client.get('/personal/dashboard');
    expect(await me.text()).not.toContain(client.cookie!.slice(0, 40));
  });
});

describe('no open redirect through redirectUrl', () => {
  /** What the sign-in page hands its form as the way back (Astro island props). */
  async function wayBack(redirectUrl: string): Promise<string> {
    const res = await fetch(`${server.url}/sign-in?redirectUrl=${encodeURIComponent(redirectUrl)}`);
    expect(res.status).toBe(200);
    return await res.text();
  }

  it('keeps a local path', async () => {
    expect(await wayBack('/employees?status=archived')).toContain('/employees?status=archived');
  });

  it('drops absolute, protocol-relative, backslash, encoded and script targets', async () => {
    for (const bad of [
      'https://evil.example/x',
      'http:evil.example',
      '//evil.example',
      '///evil.example',
      '/\\evil.example',
      '\\/evil.example',
      '/..//evil.example',
      '/./\\evil.example',
      '/%2F%2Fevil.example',
      '%2F%2Fevil.example',
      '/\t/evil.example',
      ' //evil.example',
      'javascript:alert(document.domain)//evil.example',
      'JaVaScRiPt:alert(1)//evil.example',
      'data:text/html,<script>evil.example</script>',
      '/sign-in?redirectUrl=//evil.example',
    ]) {
      const html = await wayBack(bad);
      const props = [...html.matchAll(/<astro-island[^>]*props="([^"]*)"/g)].map((m) => m[1]!.replace(/&quot;/g, '"')).join(' ');
      const target = props.match(/"redirectUrl":\[0,"([^"]*)"\]/)?.[1];
      if (target !== undefined) {
        // Whatever is kept must be a path on this site that a browser cannot read as another host.
        expect(target, bad).toMatch(/^\/(?![/\\])/);
        expect(new URL(target, 'https://jornada.test').host, bad).toBe('jornada.test');
      }
      expect(target ?? '', bad).not.toMatch(/^(javascript:|data:|[a-z]+:|\/\/|\/\\)/i);
    }
  });

  it('a signed-in visit to sign-in ignores redirectUrl and goes to the entry path', async () => {
    const res = await admin.get('/sign-in?redirectUrl=https%3A%2F%2Fevil.example');
    expect(res.headers.get('location')).toBe('/dashboard');
  });
});

describe('uploads that are not images', () => {
  const NOT_IMAGES: Record<string, string> = {
    text: 'data:image/png;base64,' + Buffer.from('just some text, not a picture').toString('base64'),
    html: 'data:text/html;base64,' + Buffer.from('<html><script>alert(1)</script></html>').toString('base64'),
    'html as jpeg': 'data:image/jpeg;base64,' + Buffer.from('<html><body onload="alert(1)"></body></html>').toString('base64'),
    'svg with script': 'data:image/svg+xml;base64,' + Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"><script>alert(1)</script><rect width="200" height="200"/></svg>').toString('base64'),
    'svg as png': 'data:image/png;base64,' + Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"><script>alert(1)</script></svg>').toString('base64'),
    'gif/js polyglot': 'data:image/gif;base64,' + Buffer.from('GIF89a/*\x01\x00\x01\x00\x00\x00\x00*/=1;alert(1);').toString('base64'),
    'png header then html': 'data:image/png;base64,' + Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('<script>alert(1)</script>')]).toString('base64'),
    'jpeg header then html': 'data:image/jpeg;base64,' + Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('<html><script>alert(1)</script>')]).toString('base64'),
    pdf: 'data:application/pdf;base64,' + Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\n').toString('base64'),
    'not base64': 'data:image/png;base64,@@@not-base64@@@',
    'plain url': 'https://evil.example/a.png',
  };

  it('employee photos: refused with a translated 4xx, nothing stored', async () => {
    const es = new Client(server.url, 'es');
    es.cookie = admin.cookie;
    const before = dbSnapshot(server.dataDir);
    for (const [name, image] of Object.entries(NOT_IMAGES)) {
      const res = await es.post(`/api/employees/${worker}/photos`, { image });
      expect(res.status, name).toBeGreaterThanOrEqual(400);
      expect(res.status, name).toBeLessThan(500);
      const body = await res.json();
      expect(body.message, name).toMatch(/^[A-ZÁÉÍÓÚ¡¿]/);
      expect(body.message, name).not.toMatch(/^[a-z]+\.[a-zA-Z.]+$/);
    }
    expect(changedTables(before, dbSnapshot(server.dataDir))).toEqual([]);
  });

  it('punch snapshots at the clock: refused with a translated 4xx and no punch written', async () => {
    await enableFaceRecognition(admin);
    const settings = (await (await admin.get('/api/settings')).json()).data;
    expect((await admin.request('PUT', '/api/settings', { ...settings, punchPhoto: true, faceLiveness: false })).status).toBe(200);
    // From a paired terminal with a fresh challenge (decisions 042, 043), so the snapshot itself is
    // looked at: it is the camera frame the server computes the face from (decision 065).
    const door = await pairTerminal(server.url, admin, { name: 'Snapshot door' });
    // Its first challenge and punch note that it was seen (last_seen_at, written at most every 30 s): before the fingerprint.
    expect(await clockChallenge(server.url, door.headers)).toBeDefined();
    const seen = await fetch(`${server.url}/api/clock`, { method: 'POST', headers: { 'content-type': 'application/json', ...door.headers }, body: JSON.stringify({ action: 'check-in' }) });
    expect(seen.status).toBe(422);
    try {
      const before = dbSnapshot(server.dataDir);
      for (const [name, photo] of Object.entries(NOT_IMAGES)) {
        const challenge = await clockChallenge(server.url, door.headers);
        const res = await fetch(`${server.url}/api/clock`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'accept-language': 'es', ...door.headers },
          body: JSON.stringify({ action: 'check-in', descriptor: freshDescriptor([DESCRIPTOR, DESCRIPTOR]), challenge, photo }),
        });
        expect(res.status, name).toBeGreaterThanOrEqual(400);
        expect(res.status, name).toBeLessThan(500);
        expect((await res.json()).message, name).toMatch(/^[A-ZÁÉÍÓÚ¡¿]/);
      }
      expect(changedTables(before, dbSnapshot(server.dataDir))).toEqual([]);
    } finally {
      expect((await admin.request('PUT', '/api/settings', settings)).status).toBe(200);
    }
  });
});

describe('formulas in spreadsheets stay text', () => {
  const DANGEROUS = ['=HYPERLINK("https://evil.example","x")', "+cmd|' /C calc'!A0", '-2+3', '@SUM(A1:A9)'];

  async function cellsOf(res: Response): Promise<ExcelJS.Cell[]> {
    expect(
      res.status,
      await res
        .clone()
        .text()
        .then((t) => t.slice(0, 200)),
    ).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
    const cells: ExcelJS.Cell[] = [];
    wb.eachSheet((sheet) => sheet.eachRow((row) => row.eachCell((cell) => cells.push(cell))));
    return cells;
  }

  it('names and reasons starting with = + - @ tab or CR are text cells in every export', async () => {
    const person = await created(await admin.post('/api/employees', employeeBody({ firstName: DANGEROUS[0], lastName: DANGEROUS[1], placeOfBirth: DANGEROUS[2], address: DANGEROUS[3] })), 'employee');
    // Leading tab and CR cannot come through the forms (they trim); legacy or imported data may hold them.
    sql('update employees set phone = ?, employment_status = ? where id = ?', '\t=1+1', '\r=2+2', person._id);
    await created(await admin.post('/api/schedules', { employee: person._id, startTime: '08:00', offTime: '16:00', totalHours: 8, restDays: [], fromDate: addDays(ids.today, -30) }), 'schedule');
    const day = addDays(ids.today, -3);
    await created(await admin.post('/api/attendances', { employee: person._id, date: day, timeIn: '08:00', timeOut: '16:00', reason: DANGEROUS[0] }), 'attendance');
    await created(await admin.post('/api/leaves', { employee: person._id, leaveType: ids.leaveType, from: addDays(ids.today, 30), to: addDays(ids.today, 30), reason: DANGEROUS[3] }), 'leave');
    await created(
      await admin.post('/api/users', { name: DANGEROUS[2], email: 'formula@example.com', role: ids.role, status: 'enabled', accountType: 'Admin', company: 1, password: 'Formula#2026', confirmPassword: 'Formula#2026' }),
      'user',
    );
    const month = day.slice(0, 7);
    const exports = [
      `/api/attendances/export?employee=${person._id}`,
      `/api/reports/monthly-record/export?month=${month}&employee=${person._id}`,
      `/api/reports/employee-list/export?department=${ids.department}`,
      `/api/reports/employee-attendance/export?from=${day}&to=${day}&department=${ids.department}`,
      `/api/reports/employee-leaves/export`,
      `/api/reports/employee-birthdays/export`,
      `/api/reports/user-accounts/export`,
    ];
    // Leading tab and CR may be stored differently inside the file: the text after them is the marker.
    const markers = [...DANGEROUS, '=1+1', '=2+2'];
    const seen = new Set<string>();
    for (const p of exports) {
      const cells = await cellsOf(await admin.get(p));
      expect(
        cells.filter((c) => c.type === ExcelJS.ValueType.Formula).map((c) => c.address),
        p,
      ).toEqual([]);
      for (const cell of cells) {
        const text = String(cell.value ?? '');
        for (const d of markers) {
          if (text.includes(d)) {
            seen.add(d);
            expect(cell.type, `${p} ${cell.address}`).toBe(ExcelJS.ValueType.String);
          }
        }
      }
    }
    // Each dangerous value reached at least one spreadsheet (so the check above was not vacuous).
    expect([...seen].sort(), [...seen].join(' | ')).toEqual([...markers].sort());
  });
});

describe('no secrets in answers or logs', () => {
  const SECRET_KEYS = /"(password|passwordHash|password_hash|pin|pinHash|pin_hash|pinKey|pin_key|descriptor|descriptors|sessionPassword|pinPepper)"\s*:/i;
  const DESCRIPTOR_ARRAY = /\[(\s*-?\d+(\.\d+)?(e-?\d+)?\s*,){127}\s*-?\d/;
  const DEMO_PINS = /(^|[^\d])1000(0[1-9]|1\d|2[0-5])([^\d]|$)/;

  it('no GET endpoint answers a password, PIN, PIN key or face descriptor (SuperAdmin, real ids)', async () => {
    // Something to find if it leaked: a fresh PIN and descriptor on an employee, a punch by PIN.
    const punch = await fetch(`${server.url}/api/clock`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ action: 'check-in', pin: WORKER_PIN }) });
    expect([200, 409, 422]).toContain(punch.status);
    const photo = (await (await admin.get(`/api/employees/${worker}/photos`)).json()).data[0]._id as string;
    const byCollection = idsByCollection(ids, { employees: worker, reports: 'user-accounts' });
    let checked = 0;
    for (const route of API_ROUTES.filter((r) => r.method === 'GET')) {
      const values = [String(byCollection[route.pattern.split('/')[2]!] ?? 1), photo];
      let i = 0;
      const p = route.pattern.replace(/\{id\}/g, () => values[i++]!);
      const res = await admin.get(p);
      expect(res.status, p).toBeLessThan(500);
      const type = res.headers.get('content-type') ?? '';
      if (!/json|text|csv/.test(type)) continue;
      const text = await res.text();
      checked += 1;
      expect(text, p).not.toContain('Demo#2026');
      expect(text, p).not.toContain(WORKER_PIN);
      // The API's description names the fields that carry secrets (sign-in, PIN, photos): no values.
      if (p !== '/api/openapi.json') expect(text, p).not.toMatch(SECRET_KEYS);
      expect(text, p).not.toMatch(DESCRIPTOR_ARRAY);
      expect(text, p).not.toMatch(/\$argon2/);
      // SHA-256 hex (the record export's chain and item hashes) holds digit runs by chance: left out.
      if (type.includes('json')) expect(text.replace(/\b[0-9a-f]{64}\b/g, ''), p).not.toMatch(DEMO_PINS);
    }
    expect(checked).toBeGreaterThan(30);
  });

  it('the server log holds no password, PIN or descriptor after sign-ins, punches and employee changes', async () => {
    // The demo start-up names the demo password on purpose; what follows it must not.
    const start = server.logs().length;
    const wrong = new Client(server.url);
    await wrong.signIn('manager@demo.jornada', 'Wrong#Password1');
    await new Client(server.url).signIn('manager@demo.jornada', 'Demo#2026');
    await fetch(`${server.url}/api/clock`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ action: 'check-out', pin: WORKER_PIN }) });
    await fetch(`${server.url}/api/clock`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ action: 'check-in', pin: '9999991' }) });
    const person = await created(await admin.post('/api/employees', employeeBody({ pin: '4242424242' })), 'employee');
    await admin.request('PATCH', `/api/employees/${person._id}`, { ...employeeBody({ pin: '4343434343' }) });
    await admin.request('PUT', `/api/employees/${person._id}/consent`, { consent: true });
    // Numbers sent by a client are refused (decision 065); the server computes the face data from the photo.
    const numbers = await admin.post(`/api/employees/${person._id}/photos`, { image: faceDataUrl(), descriptor: DESCRIPTOR.map((x) => x + 0.000123) });
    expect((await numbers.json()).code).toBe('photos.descriptorFromClient');
    expect((await created(await admin.post(`/api/employees/${person._id}/photos`, { image: faceDataUrl(), enrol: true }), 'enrolment')).faceData).toBe(true);
    // The stored descriptor's first values, to 5 decimals (stored as float32; a log would print the float64 they were rounded from).
    const [{ descriptor: stored }] = sql('select descriptor from face_descriptors where employee_id = ?', person._id) as [{ descriptor: Uint8Array }];
    const computed = [...bytesToDescriptor(Uint8Array.from(stored)).slice(0, 8)].flatMap((x) => /^-?\d+\.\d{5}/.exec(String(x)) ?? []);
    expect(computed.length).toBeGreaterThan(4);
    const logs = server.logs().slice(start);
    for (const secret of ['Demo#2026', 'Wrong#Password1', WORKER_PIN, '9999991', '4242424242', '4343434343', String(DESCRIPTOR[5]), ...computed]) {
      expect(logs, secret).not.toContain(secret);
    }
    expect(logs).not.toMatch(DESCRIPTOR_ARRAY);
    expect(logs).not.toMatch(/\$argon2/);
    expect(logs).not.toMatch(/Fe26\.2\*/);
  });
});

describe('SQL metacharacters, scripts and other scripts of the world are stored and shown back unchanged', () => {
  const VALUES = ["'; DROP TABLE users; --", '" OR 1=1 --', '%_\\ \' " ` ; /* */', 'Ñandú, cigüeña y 日本語', '👩‍🔧 🏳️‍🌈 🇪🇸', 'שלום עולם مرحبا \u202Eabc', '<script>alert(1)</script><img src=x onerror=alert(1)>'];

  /** Create routes with their text fields; `read` finds the stored field in the GET answer. */
  const cases = () => {
    const counters: Record<string, number> = {};
    const next = (key: string) => (counters[key] = (counters[key] ?? 0) + 1);
    return [
      { path: '/api/companies', texts: { name: 120 }, body: () => ({}) },
      { path: '/api/departments', texts: { name: 120 }, body: () => ({ company: ids.company }) },
      { path: '/api/job-titles', texts: { name: 120 }, body: () => ({ department: ids.department, company: ids.company }) },
      { path: '/api/leave-types', texts: { name: 120 }, body: () => ({ company: ids.company }) },
      { path: '/api/leave-groups', texts: { name: 120, description: 500 }, body: () => ({ privilege: [ids.leaveType], status: 'active', company: ids.company }) },
      { path: '/api/holidays', texts: { name: 120 }, body: () => ({ date: addDays('2027-01-01', next('holiday')), company: ids.company }) },
      { path: '/api/roles', texts: { name: 120 }, body: () => ({ permissions: {} }) },
      {
        path: '/api/users',
        texts: { name: 120 },
        body: () => ({ email: `sql${next('user')}@example.com`, role: ids.role, status: 'enabled', accountType: 'Admin', company: 1, password: 'Prueba#2026x', confirmPassword: 'Prueba#2026x' }),
      },
      {
        path: '/api/employees',
        texts: { firstName: 80, lastName: 120, nationalId: 40, phone: 40, placeOfBirth: 120, address: 300, leavePrivilege: 200, employmentStatus: 80 },
        body: () => {
          const { firstName: _f, lastName: _l, nationalId: _n, ...rest } = employeeBody();
          return rest;
        },
      },
      {
        path: '/api/leaves',
        texts: { reason: 1000 },
        body: () => ({ employee: worker, leaveType: unlimitedLeaveType, from: addDays('2027-06-01', next('leave') * 2), to: addDays('2027-06-01', counters['leave']! * 2) }),
      },
      {
        path: '/api/attendances',
        texts: { reason: 500 },
        body: () => ({ employee: worker, date: addDays(wednesdayBefore(ids.today), -7 * next('attendance')), timeIn: '08:00', timeOut: '12:00' }),
      },
    ];
  };

  const readBack = (data: any, field: string) => data[field] ?? data.revisions?.[0]?.[field];

  it('every text field of every create endpoint, up to its maximum length; one more character is a 422', async () => {
    const all = cases();
    for (const c of all) {
      const samples = [...VALUES, ...Object.values(c.texts).map((max) => 'x'.repeat(max))];
      for (const [i, value] of samples.entries()) {
        const texts = Object.fromEntries(Object.entries(c.texts).map(([f, max]) => [f, `${value.slice(0, max - 4)}${String(i).padStart(4, '0')}`.slice(-max)]));
        if (value.startsWith('x')) Object.assign(texts, Object.fromEntries(Object.entries(c.texts).map(([f, max]) => [f, `${i}`.padEnd(max, 'x')])));
        const body = { ...c.body(), ...texts };
        const res = await admin.post(c.path, body);
        const data = await created(res, `${c.path} ${value.slice(0, 20)}`);
        const stored = (await (await admin.get(`${c.path}/${data._id}`)).json()).data;
        for (const [field, sent] of Object.entries(texts)) {
          expect(readBack(stored, field), `${c.path} ${field}`).toBe(sent);
        }
      }
      // One character over the limit, field by field.
      for (const [field, max] of Object.entries(c.texts)) {
        const res = await admin.post(c.path, { ...c.body(), ...Object.fromEntries(Object.keys(c.texts).map((f) => [f, 'ok ' + f])), [field]: 'y'.repeat(max + 1) });
        expect(res.status, `${c.path} ${field} over ${max}`).toBe(422);
      }
    }
    // The database is intact.
    expect((await (await admin.get('/api/users')).json()).total).toBeGreaterThan(3);
  });

  it('control characters (NUL, escape) are either refused with a 4xx or kept exactly', async () => {
    for (const value of ['a\u0000b', 'tab\there', 'esc\u001b[31mred']) {
      const res = await admin.post('/api/companies', { name: value });
      if (res.status === 201) {
        const id = (await res.json()).data._id;
        expect((await (await admin.get(`/api/companies/${id}`)).json()).data.name).toBe(value);
      } else {
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
      }
    }
  });
});

describe('rate limits not covered elsewhere', () => {
  it('guessing the current password through a signed-in session is limited per account (429), and nothing changes', async () => {
    const created = await admin.post('/api/users', {
      name: 'Adivina',
      email: 'adivina@example.com',
      role: ids.role,
      status: 'enabled',
      accountType: 'Admin',
      company: 1,
      password: 'Adivina#2026',
      confirmPassword: 'Adivina#2026',
    });
    expect(created.status).toBe(201);
    const thief = new Client(server.url, 'es');
    expect((await thief.signIn('adivina@example.com', 'Adivina#2026')).status).toBe(200);
    const guess = (current: string) => thief.post('/api/account/password', { currentPassword: current, newPassword: 'Robada#2026x', confirmPassword: 'Robada#2026x' });
    for (let i = 0; i < 5; i++) expect((await guess(`Wrong#${i}aaaa`)).status).toBe(422);
    const locked = await guess('Adivina#2026');
    expect(locked.status).toBe(429);
    expect((await locked.json()).message).toMatch(/^Demasiadas contraseñas incorrectas\. Vuelve a intentarlo dentro de \d+ minutos\.$/);
    // The password did not change. (The password-change counter is its own since decision 022:
    // sign-in has per-address limits that a signed-in session's guesses must not lock for others.)
    expect((await new Client(server.url).signIn('adivina@example.com', 'Robada#2026x')).status).toBe(401);
  });

  it('the sign-in counter is per account whatever the letter case of the email', async () => {
    const created = await admin.post('/api/users', {
      name: 'Mayúsculas',
      email: 'mayus@example.com',
      role: ids.role,
      status: 'enabled',
      accountType: 'Admin',
      company: 1,
      password: 'Mayus#20266',
      confirmPassword: 'Mayus#20266',
    });
    expect(created.status).toBe(201);
    for (const email of ['MAYUS@example.com', 'Mayus@Example.com', 'mayus@EXAMPLE.COM', 'mAyUs@example.com', 'mayus@example.COM']) {
      expect((await new Client(server.url).signIn(email, 'Wrong#Password1')).status).toBe(401);
    }
    expect((await new Client(server.url).signIn('mayus@example.com', 'Mayus#20266')).status).toBe(429);
  });

  it('unknown RFID cards make the terminal address wait like unknown PINs, and then a valid PIN waits too', async () => {
    const settings = (await (await admin.get('/api/settings')).json()).data;
    expect((await admin.request('PUT', '/api/settings', { ...settings, rfidClock: true })).status).toBe(200);
    const clock = (body: object) => fetch(`${server.url}/api/clock`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const before = dbSnapshot(server.dataDir);
    // One unknown PIN was tried above; unknown cards add to the same streak: three failures are
    // free, the fourth starts a 2-second wait (decision 025).
    let refused = 0;
    for (let i = 0; i < 6; i++) {
      const res = await clock({ action: 'check-in', card: `NOPE-${i}` });
      if (res.status === 429) break;
      expect(res.status, await res.text()).toBe(401);
      refused += 1;
    }
    expect(refused).toBeGreaterThanOrEqual(3);
    expect(refused).toBeLessThanOrEqual(4);
    const locked = await clock({ action: 'break-in', pin: WORKER_PIN });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeLessThanOrEqual(2);
    expect((await clock({ action: 'break-in', card: 'NOPE-X' })).status).toBe(429);
    expect(changedTables(before, dbSnapshot(server.dataDir))).toEqual([]);
  });
});
