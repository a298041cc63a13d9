import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAccount } from '../helpers/accounts.ts';
import { Client } from '../helpers/http-client.ts';
import { startServer, type TestServer } from '../helpers/test-server.ts';
import { sqlIn } from '../helpers/test-sql.ts';

let server: TestServer;
let admin: Client;
let es: Client;
let employeeUser: Client;
let viewer: Client;
const org: Record<string, number> = {};

beforeAll(async () => {
  server = await startServer({ args: ['--demo'] });
  admin = new Client(server.url);
  await admin.signIn('admin@demo.jornada', 'Demo#2026');
  es = new Client(server.url, 'es');
  es.cookie = admin.cookie;
  employeeUser = new Client(server.url);
  await employeeUser.signIn('employee@demo.jornada', 'Demo#2026');
  await addAccount(server.dataDir, { email: 'viewer@demo.jornada', password: 'View#2026', accountType: 'Admin', permissions: { employee: ['read'] } });
  viewer = new Client(server.url);
  await viewer.signIn('viewer@demo.jornada', 'View#2026');
  const first = (await (await admin.get('/api/employees?pageSize=1')).json()).data[0];
  Object.assign(org, { company: first.company, department: first.department, jobTitle: first.jobTitle, leaveGroup: first.leaveGroup });
});
afterAll(async () => {
  await server?.stop();
});

const valid = () => ({
  firstName: 'Marina',
  lastName: 'Soler Vidal',
  gender: 'female',
  email: 'Marina.Soler@example.es',
  nationalId: '12345678Z',
  company: org.company,
  department: org.department,
  jobTitle: org.jobTitle,
  leaveGroup: org.leaveGroup,
  employmentType: 'regular',
  pin: '4455667',
  birthday: '1990-05-17',
  rfidCard: 'BADGE-0001',
});

describe('employees API', () => {
  let id: number;

  it('lists with search over name, email and national ID, status filter and pagination', async () => {
    const all = await (await admin.get('/api/employees?pageSize=5')).json();
    expect(all.total).toBe(25);
    expect(all.data).toHaveLength(5);
    expect(JSON.stringify(all)).not.toMatch(/pinKey|pin_key/);
    const one = all.data[0];
    const byName = await (await admin.get(`/api/employees?q=${encodeURIComponent(one.fullName)}`)).json();
    expect(byName.data.map((e: any) => e._id)).toContain(one._id);
    const byId = await (await admin.get(`/api/employees?q=${encodeURIComponent(one.nationalId)}`)).json();
    expect(byId.total).toBe(1);
    expect((await (await admin.get('/api/employees?status=archived')).json()).total).toBe(0);
  });

  it('creates an employee, never returns or stores the PIN', async () => {
    const res = await admin.post('/api/employees', valid());
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.message).toBe('Employee created successfully!');
    expect(body.data).toMatchObject({ fullName: 'Marina Soler Vidal', email: 'marina.soler@example.es', status: 'active', rfidCard: 'BADGE-0001' });
    expect(JSON.stringify(body)).not.toContain('4455667');
    id = body.data._id;
    const row = sqlIn<{ pin_key: string }>(server.dataDir, 'select pin_key from employees where id = ?', id)[0]!;
    const audit = sqlIn(server.dataDir, "select after from audit_log where entity = 'employee' and entity_id = ?", String(id));
    expect(row.pin_key).toMatch(/^[0-9a-f]{64}$/);
    expect(row.pin_key).not.toContain('4455667');
    expect(JSON.stringify(audit)).not.toContain('4455667');
  });

  it('validates with the spec messages in both languages and writes nothing', async () => {
    const before = (await (await admin.get('/api/employees')).json()).total;
    const res = await admin.post('/api/employees', { ...valid(), email: 'nope', pin: '12ab', firstName: '', gender: 'x', birthday: '2026-02-30' });
    expect(res.status).toBe(422);
    expect((await res.json()).errors).toMatchObject({
      email: 'Invalid email address',
      pin: 'The PIN must have 6 to 10 digits',
      firstName: 'This field is required',
      gender: 'This field is required',
      birthday: 'Invalid date format',
    });
    const esRes = await es.post('/api/employees', { ...valid(), email: 'nope', pin: '12345' });
    expect((await esRes.json()).errors).toMatchObject({ email: 'Dirección de correo electrónico no válida', pin: 'El PIN debe tener entre 6 y 10 dígitos' });
    expect((await (await admin.get('/api/employees')).json()).total).toBe(before);
  });

  it('keeps PINs unique within the company and badges unique', async () => {
    const res = await admin.post('/api/employees', { ...valid(), email: 'otro@example.es', nationalId: 'X1', rfidCard: 'BADGE-0001' });
    expect(res.status).toBe(422);
    expect((await res.json()).errors).toEqual({
      pin: 'Another employee of this company already uses this PIN',
      rfidCard: 'Another employee already uses this badge',
    });
    // The demo's employee 1 uses PIN 100001.
    const demoPin = await admin.post('/api/employees', { ...valid(), pin: '100001', rfidCard: null });
    expect((await demoPin.json()).errors.pin).toBe('Another employee of this company already uses this PIN');
  });

  it('checks that department, job title and leave group fit together', async () => {
    const deps = (await (await admin.get('/api/departments')).json()).data;
    const other = deps.find((d: any) => d._id !== org.department);
    const res = await admin.post('/api/employees', { ...valid(), pin: '99887766', rfidCard: null, department: other._id });
    expect((await res.json()).errors.jobTitle).toBe('This job title belongs to another department');
  });

  it('updates: an empty PIN keeps the old one; a new PIN replaces it', async () => {
    const keep = await admin.request('PATCH', `/api/employees/${id}`, { ...valid(), pin: '', phone: '600 000 000' });
    expect(keep.status).toBe(200);
    expect((await keep.json()).data.phone).toBe('600 000 000');
    const key = () => sqlIn<{ pin_key: string }>(server.dataDir, 'select pin_key from employees where id = ?', id)[0]!.pin_key;
    const k1 = key();
    await admin.request('PATCH', `/api/employees/${id}`, { ...valid(), pin: '7654321' });
    expect(key()).not.toBe(k1);
    expect((await admin.request('PATCH', '/api/employees/99999', valid())).status).toBe(404);
  });

  it('dates a contract change and lists the contract history on the employee page (issue 33 point 1)', async () => {
    const bad = await admin.request('PATCH', `/api/employees/${id}`, { ...valid(), pin: '', workingDayType: 'part-time', partTimePercent: 50, contractEffectiveFrom: '2099-02-30' });
    expect(bad.status).toBe(422);
    expect((await bad.json()).errors).toEqual({ contractEffectiveFrom: 'Invalid date format' });
    const ok = await admin.request('PATCH', `/api/employees/${id}`, { ...valid(), pin: '', workingDayType: 'part-time', partTimePercent: 50, contractEffectiveFrom: '2099-01-01' });
    expect(ok.status).toBe(200);
    // The columns keep the terms last entered; the days until 2099 keep full time.
    expect((await ok.json()).data).toMatchObject({ workingDayType: 'part-time', partTimePercent: 50 });
    const rows = sqlIn<{ effective_from: string; working_day_type: string; part_time_percent: number | null }>(
      server.dataDir,
      'select effective_from, working_day_type, part_time_percent from contract_terms_history where employee_id = ? order by effective_from',
      id,
    );
    expect(rows).toEqual([
      { effective_from: '0000-01-01', working_day_type: 'full-time', part_time_percent: null },
      { effective_from: '2099-01-01', working_day_type: 'part-time', part_time_percent: 50 },
    ]);
    const en = await (await admin.get(`/employee-details/${id}`)).text();
    expect(en).toContain('Contract history');
    expect(en).toContain('From the start');
    expect(en).toContain('Part time (50 %)');
    // Today's terms in the profile: still full time.
    expect(en).toMatch(/Working day<\/dt>\s*<dd[^>]*>Full time</);
    const spanish = await (await es.get(`/employee-details/${id}`)).text();
    expect(spanish).toContain('Historial del contrato');
    expect(spanish).toContain('Desde el inicio');
    expect(spanish).toContain('Jornada parcial (50 %)');
  });

  it('archives (deleting face data) and restores', async () => {
    sqlIn(server.dataDir, "insert into face_descriptors (employee_id, descriptor, created_at) values (?, ?, 'now')", id, Buffer.alloc(512));
    expect((await (await admin.get(`/api/employees/${id}`)).json()).data.faceDescriptors).toBe(1);
    const res = await admin.request('POST', `/api/employees/${id}/archive`);
    expect(res.status).toBe(200);
    const archived = (await res.json()).data;
    expect(archived).toMatchObject({ status: 'archived', faceDescriptors: 0 });
    expect((await (await admin.get('/api/employees?status=archived')).json()).total).toBe(1);
    const restored = await admin.post(`/api/employees/${id}/archive`, { archived: false });
    expect((await restored.json()).data.status).toBe('active');
  });

  it('deletes an employee without records; refuses one with attendance (archive instead)', async () => {
    const withRecords = (await (await admin.get('/api/employees?pageSize=1&sort=name')).json()).data[0];
    const refused = await admin.request('DELETE', `/api/employees/${withRecords._id}`);
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toBe('This employee has attendance or leave records, which must be kept. Archive the employee instead.');
    const ok = await admin.request('DELETE', `/api/employees/${id}`);
    expect(ok.status).toBe(200);
    expect((await ok.json()).message).toBe('Employee deleted successfully!');
    expect((await admin.get(`/api/employees/${id}`)).status).toBe(404);
    // Its contract-terms rows went with it, their deletion chained: the record still verifies.
    expect(sqlIn(server.dataDir, 'select id from contract_terms_history where employee_id = ?', id)).toEqual([]);
    expect((await (await admin.get('/api/record-chain/verify')).json()).data).toMatchObject({ ok: true, brokenCount: 0 });
  });

  it('is guarded: read-only role cannot write, employees cannot read', async () => {
    expect((await viewer.get('/api/employees')).status).toBe(200);
    expect((await viewer.post('/api/employees', valid())).status).toBe(403);
    expect((await viewer.request('POST', '/api/employees/1/archive')).status).toBe(403);
    expect((await viewer.request('DELETE', '/api/employees/1')).status).toBe(403);
    expect((await employeeUser.get('/api/employees')).status).toBe(403);
    expect((await employeeUser.get('/api/employees/1')).status).toBe(403);
  });

  it('adds a worker without an email (issue 37 point 6)', async () => {
    const { email: _email, rfidCard: _card, ...rest } = valid();
    const res = await admin.post('/api/employees', { ...rest, firstName: 'Sin', lastName: 'Correo', email: '', nationalId: 'SINCORREO1', pin: '6060606' });
    expect(res.status).toBe(201);
    const created = (await res.json()).data;
    expect(created.email).toBeNull();
    expect((await (await admin.get(`/api/employees/${created._id}`)).json()).data.email).toBeNull();
    expect((await (await admin.get('/api/employees?q=sin%20correo')).json()).data.map((e: { _id: number }) => e._id)).toEqual([created._id]);
  });

  it('orders names in Spanish and pages in the database alike on both engines (issue 37 point 8)', async () => {
    const { email: _email, rfidCard: _card, ...rest } = valid();
    const names = ['Serrano', 'Suárez', 'Sánchez', 'Vega', 'Álvarez', 'Murillo', 'Muñoz', 'Munuera', 'ávila'];
    for (const [i, lastName] of names.entries()) {
      const res = await admin.post('/api/employees', { ...rest, firstName: 'Colación', lastName, nationalId: `COL${i}`, pin: `71000${i}0` });
      expect(res.status).toBe(201);
    }
    const spanish = ['Álvarez', 'ávila', 'Munuera', 'Muñoz', 'Murillo', 'Sánchez', 'Serrano', 'Suárez', 'Vega'];
    const page = async (n: number, dir = 'asc') => (await (await admin.get(`/api/employees?q=colacion&sort=name&dir=${dir}&pageSize=4&page=${n}`)).json()).data.map((e: { lastName: string }) => e.lastName);
    expect([...(await page(1)), ...(await page(2)), ...(await page(3))]).toEqual(spanish);
    expect([...(await page(1, 'desc')), ...(await page(2, 'desc')), ...(await page(3, 'desc'))]).toEqual([...spanish].reverse());
  });
});
