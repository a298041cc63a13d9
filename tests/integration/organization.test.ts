import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAccount } from '../helpers/accounts.ts';
import { Client } from '../helpers/http-client.ts';
import { startServer, type TestServer } from '../helpers/test-server.ts';
import { sqlIn } from '../helpers/test-sql.ts';

let server: TestServer;
let admin: Client;
let adminEs: Client;
let readOnly: Client;
let employee: Client;
let companyId: number;

beforeAll(async () => {
  server = await startServer();
  admin = new Client(server.url);
  const res = await admin.post('/api/sign-up', { company: 'Bodega Sur', full_name: 'Rafa León', email: 'rafa@sur.es', password: 'Rafa#2026' });
  expect(res.status).toBe(201);
  adminEs = new Client(server.url, 'es');
  adminEs.cookie = admin.cookie;
  await addAccount(server.dataDir, {
    email: 'viewer@sur.es',
    password: 'View#2026',
    accountType: 'Admin',
    permissions: { company: ['read'], department: ['read'], jobTitles: ['read'], leaveType: ['read'], leaveGroup: ['read'] },
  });
  await addAccount(server.dataDir, { email: 'staff@sur.es', password: 'Staff#2026', accountType: 'Employee' });
  readOnly = new Client(server.url);
  await readOnly.signIn('viewer@sur.es', 'View#2026');
  employee = new Client(server.url);
  await employee.signIn('staff@sur.es', 'Staff#2026');
  companyId = (await (await admin.get('/api/companies')).json()).data[0]._id;
});
afterAll(async () => {
  await server?.stop();
});

const body = async (res: Response) => res.json();

describe('companies', () => {
  it('lists with search, sort and pagination on the server', async () => {
    for (const name of ['Almacén Norte', 'Cooperativa Este', 'Taller Oeste']) {
      expect((await admin.post('/api/companies', { name })).status).toBe(201);
    }
    const page1 = await body(await admin.get('/api/companies?pageSize=2&sort=name&dir=asc'));
    expect(page1.total).toBe(4);
    expect(page1.data.map((c: any) => c.name)).toEqual(['Almacén Norte', 'Bodega Sur']);
    const page2 = await body(await admin.get('/api/companies?pageSize=2&page=2&sort=name&dir=asc'));
    expect(page2.data.map((c: any) => c.name)).toEqual(['Cooperativa Este', 'Taller Oeste']);
    const desc = await body(await admin.get('/api/companies?sort=name&dir=desc&pageSize=1'));
    expect(desc.data[0].name).toBe('Taller Oeste');
    const search = await body(await admin.get('/api/companies?q=oper'));
    expect(search.data.map((c: any) => c.name)).toEqual(['Cooperativa Este']);
    const weird = await admin.get('/api/companies?page=-4&pageSize=abc&sort=drop%20table&dir=sideways&q=%25');
    expect(weird.status).toBe(200);
    expect((await body(weird)).data).toEqual([]);
  });

  it('says "Please fill out all fields" in both languages and writes nothing', async () => {
    const en = await admin.post('/api/companies', { name: '   ' });
    expect(en.status).toBe(422);
    expect(await body(en)).toMatchObject({ message: 'Please fill out all fields', errors: { name: 'Please fill out all fields' } });
    const es = await adminEs.post('/api/companies', {});
    expect((await body(es)).message).toBe('Por favor, rellena todos los campos');
    expect((await body(await admin.get('/api/companies'))).total).toBe(4);
  });

  it('updates, and refuses unknown ids with 404', async () => {
    const created = await body(await admin.post('/api/companies', { name: 'Temporal' }));
    const id = created.data._id;
    const updated = await admin.request('PATCH', `/api/companies/${id}`, { name: 'Temporal SL' });
    expect(updated.status).toBe(200);
    expect((await body(updated)).data.name).toBe('Temporal SL');
    expect((await admin.get('/api/companies/99999')).status).toBe(404);
    expect((await admin.get('/api/companies/abc')).status).toBe(404);
    expect((await admin.request('PATCH', '/api/companies/99999', { name: 'x' })).status).toBe(404);
    const deleted = await admin.request('DELETE', `/api/companies/${id}`);
    expect(deleted.status).toBe(200);
    expect((await body(deleted)).message).toBe('Deleted successfully!');
    expect((await admin.get(`/api/companies/${id}`)).status).toBe(404);
  });
});

describe('departments, job titles, leave types, leave groups', () => {
  let departmentId: number;
  let jobTitleId: number;
  let leaveTypeIds: number[] = [];

  it('creates a department with its company, and validates the reference', async () => {
    const res = await admin.post('/api/departments', { name: 'Ventas', company: companyId });
    expect(res.status).toBe(201);
    const data = (await body(res)).data;
    expect(data).toMatchObject({ name: 'Ventas', company: companyId, companyName: 'Bodega Sur', employees: 0 });
    departmentId = data._id;
    const bad = await admin.post('/api/departments', { name: 'X', company: 9999 });
    expect(bad.status).toBe(422);
    expect((await body(bad)).errors.company).toBe('This record does not exist (it may have been deleted)');
    const missing = await admin.post('/api/departments', { name: 'X' });
    expect((await body(missing)).errors.company).toBe('Please fill out all fields');
  });

  it('creates a job title only in a department of the same company', async () => {
    const other = (await body(await admin.post('/api/companies', { name: 'Otra' }))).data._id;
    const mismatch = await admin.post('/api/job-titles', { name: 'Cajero', department: departmentId, company: other });
    expect(mismatch.status).toBe(422);
    expect((await body(mismatch)).errors.department).toBe('This department belongs to another company');
    const ok = await admin.post('/api/job-titles', { name: 'Cajero', department: String(departmentId), company: companyId });
    expect(ok.status).toBe(201);
    jobTitleId = (await body(ok)).data._id;
    expect((await body(await admin.get(`/api/job-titles/${jobTitleId}`))).data.departmentName).toBe('Ventas');
  });

  it('creates leave types with an optional yearly allowance', async () => {
    const limited = await body(await admin.post('/api/leave-types', { name: 'Vacaciones', company: companyId, daysPerYear: '22' }));
    expect(limited.data.daysPerYear).toBe(22);
    const unlimited = await body(await admin.post('/api/leave-types', { name: 'Baja', company: companyId, daysPerYear: '' }));
    expect(unlimited.data.daysPerYear).toBeNull();
    const bad = await admin.post('/api/leave-types', { name: 'Raro', company: companyId, daysPerYear: 400 });
    expect((await body(bad)).errors.daysPerYear).toBe('Enter between 0 and 366 days, or leave it empty for unlimited');
    leaveTypeIds = [limited.data._id, unlimited.data._id];
  });

  it('creates a leave group with its privilege and status', async () => {
    const res = await admin.post('/api/leave-groups', {
      name: 'General',
      description: 'Todo el personal',
      privilege: leaveTypeIds,
      status: 'active',
      company: companyId,
    });
    expect(res.status).toBe(201);
    const group = (await body(res)).data;
    expect(group.privilegeNames).toEqual(['Baja', 'Vacaciones']);
    const empty = await admin.post('/api/leave-groups', { name: 'G', description: 'd', privilege: [], status: 'active', company: companyId });
    expect((await body(empty)).errors.privilege).toBe('Please fill out all fields');
    const badStatus = await admin.post('/api/leave-groups', { name: 'G', description: 'd', privilege: leaveTypeIds, status: 'open', company: companyId });
    expect(badStatus.status).toBe(422);
    const filtered = await body(await admin.get('/api/leave-groups?status=disabled'));
    expect(filtered.total).toBe(0);
  });

  it('refuses to delete what others use, with a clear message, and leaves no orphans', async () => {
    const dep = await admin.request('DELETE', `/api/departments/${departmentId}`);
    expect(dep.status).toBe(409);
    expect((await body(dep)).message).toBe('This department still has job titles. Delete or move them first.');
    const type = await adminEs.request('DELETE', `/api/leave-types/${leaveTypeIds[0]}`);
    expect(type.status).toBe(409);
    expect((await body(type)).message).toBe('Hay grupos de ausencia que incluyen este tipo. Quítalo de ellos primero.');
    const company = await admin.request('DELETE', `/api/companies/${companyId}`);
    expect(company.status).toBe(409);
    expect((await admin.request('DELETE', `/api/job-titles/${jobTitleId}`)).status).toBe(200);
    expect((await admin.request('DELETE', `/api/departments/${departmentId}`)).status).toBe(200);
  });
});

describe('permissions', () => {
  it('a read-only role lists but cannot create, edit or delete; the message says what is missing', async () => {
    for (const path of ['/api/companies', '/api/departments', '/api/job-titles', '/api/leave-types', '/api/leave-groups']) {
      expect((await readOnly.get(path)).status, path).toBe(200);
      const create = await readOnly.post(path, { name: 'Nope' });
      expect(create.status, path).toBe(403);
      expect((await body(create)).message, path).toMatch(/^You do not have permission to create /);
      expect((await readOnly.request('PATCH', `${path}/1`, { name: 'x' })).status, path).toBe(403);
      const del = await readOnly.request('DELETE', `${path}/1`);
      expect((await body(del)).message, path).toMatch(/^You do not have permission to delete /);
    }
    const es = new Client(server.url, 'es');
    es.cookie = readOnly.cookie;
    expect((await body(await es.request('DELETE', '/api/departments/1'))).message).toBe('No tienes permiso para eliminar departamentos.');
  });

  it('an employee cannot read the organisation tables', async () => {
    // Holidays too (moved here from holidays.test.ts, whose rules are in tests/service).
    for (const path of ['/api/companies', '/api/departments', '/api/job-titles', '/api/leave-types', '/api/leave-groups', '/api/holidays']) {
      expect((await employee.get(path)).status, path).toBe(403);
    }
  });

  it('writes an audit entry for each change', async () => {
    const rows = sqlIn(server.dataDir, "select entity, action from audit_log where entity in ('company','department','jobTitle','leaveType','leaveGroup')");
    expect(rows).toEqual(
      expect.arrayContaining([
        { entity: 'company', action: 'create' },
        { entity: 'company', action: 'update' },
        { entity: 'company', action: 'delete' },
        { entity: 'department', action: 'delete' },
        { entity: 'leaveGroup', action: 'create' },
      ]),
    );
  });
});
