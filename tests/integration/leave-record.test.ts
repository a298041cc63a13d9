import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../helpers/http-client.ts';
import { startServer, type TestServer } from '../helpers/test-server.ts';
import { sqlIn } from '../helpers/test-sql.ts';

/**
 * Issue 17.9: an administrator records an absence for an employee, approved at once, in their name
 * and audited; an Employee account cannot, for someone else or for itself (decision 031). Demo
 * data: employee@demo.jornada is employee 2 (rests Sunday and Monday); dates in 2032, clear of the
 * demo's own leave.
 */
let server: TestServer;
let admin: Client;
let adminEs: Client;
let employee: Client;
let adminId: number;
const types: Record<string, number> = {};

const body = (r: Response) => r.json() as Promise<any>;
const query = <T>(sql: string, ...params: unknown[]): T[] => sqlIn<T>(server.dataDir, sql, ...params);
const leaveCount = () => query<{ n: number }>('select count(*) as n from leaves')[0]!.n;

beforeAll(async () => {
  server = await startServer({ args: ['--demo'] });
  admin = new Client(server.url);
  await admin.signIn('admin@demo.jornada', 'Demo#2026');
  adminEs = new Client(server.url, 'es');
  adminEs.cookie = admin.cookie;
  employee = new Client(server.url);
  await employee.signIn('employee@demo.jornada', 'Demo#2026');
  for (const t of (await body(await admin.get('/api/leave-types'))).data) types[t.name] = t._id;
  adminId = (await body(await admin.get('/api/me'))).user._id;
});
afterAll(async () => {
  await server?.stop();
});

describe('an administrator records an absence', () => {
  let sick: any;

  it('is approved at once, decided by the admin, and audited as a record', async () => {
    const res = await admin.post('/api/leaves', { employee: 3, leaveType: types['Baja médica'], from: '2032-02-03', to: '2032-02-05', reason: 'Gripe, parte médico', approved: true });
    expect(res.status).toBe(201);
    const answer = await body(res);
    expect(answer.message).toBe('Absence recorded and approved.');
    sick = answer.data;
    expect(sick).toMatchObject({ employee: 3, leaveTypeName: 'Baja médica', from: '2032-02-03', to: '2032-02-05', status: 'approved', decidedBy: adminId });
    expect(sick.decidedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const audit = query<{ action: string; after: string; user_id: number }>("select action, after, user_id from audit_log where entity = 'leave' and entity_id = ?", String(sick._id));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'record', user_id: adminId });
    expect(JSON.parse(audit[0]!.after)).toMatchObject({ employee: 3, status: 'approved', decidedBy: adminId, from: '2032-02-03', to: '2032-02-05' });
    // The employee's list shows it approved.
    const listed = await body(await admin.get('/api/leaves?employee=3&status=approved&from=2032-02-01&to=2032-02-28'));
    expect(listed.data.map((l: any) => l._id)).toContain(sick._id);
  });

  it('follows the rules of a request: overlap, working days, validation (en, es)', async () => {
    const before = leaveCount();
    const overlap = await admin.post('/api/leaves', { employee: 3, leaveType: types['Vacaciones'], from: '2032-02-05', to: '2032-02-06', reason: 'x', approved: true });
    expect(overlap.status).toBe(409);
    const bad = await adminEs.post('/api/leaves', { employee: 3, leaveType: types['Vacaciones'], from: '2032-03-06', to: '2032-03-05', reason: '', approved: true });
    expect(bad.status).toBe(422);
    expect((await body(bad)).errors).toMatchObject({ to: 'La fecha de fin no puede ser anterior a la de inicio', reason: 'Este campo es obligatorio' });
    const notBoolean = await admin.post('/api/leaves', { employee: 3, leaveType: types['Vacaciones'], from: '2032-03-02', to: '2032-03-02', reason: 'x', approved: 'yes' });
    expect(notBoolean.status).toBe(422);
    const noEmployee = await admin.post('/api/leaves', { leaveType: types['Vacaciones'], from: '2032-03-02', to: '2032-03-02', reason: 'x', approved: true });
    expect(noEmployee.status).toBe(422);
    expect(leaveCount()).toBe(before);
  });

  it('answers in Spanish', async () => {
    const res = await adminEs.post('/api/leaves', { employee: 4, leaveType: types['Asuntos propios'], from: '2032-04-06', to: '2032-04-06', reason: 'Día acordado', approved: true });
    expect(res.status).toBe(201);
    expect((await body(res)).message).toBe('Ausencia registrada y aprobada.');
  });

  it('without `approved` an admin still files a pending request, as before', async () => {
    const res = await admin.post('/api/leaves', { employee: 4, leaveType: types['Asuntos propios'], from: '2032-05-04', to: '2032-05-04', reason: 'Por teléfono' });
    expect(res.status).toBe(201);
    expect((await body(res)).data).toMatchObject({ status: 'pending', decidedBy: null });
  });
});

describe('an Employee account cannot record an approved absence', () => {
  it('for someone else: 403, nothing written', async () => {
    const before = leaveCount();
    const res = await employee.post('/api/leaves', { employee: 3, leaveType: types['Baja médica'], from: '2032-06-01', to: '2032-06-01', reason: 'x', approved: true });
    expect(res.status).toBe(403);
    expect(await body(res)).toMatchObject({ code: 'leave.recordForbidden', message: 'Only an administrator can record an approved absence.' });
    expect(leaveCount()).toBe(before);
  });

  it('nor for itself: its own leave is always a pending request', async () => {
    const before = leaveCount();
    const res = await employee.post('/api/leaves', { leaveType: types['Baja médica'], from: '2032-06-02', to: '2032-06-02', reason: 'x', approved: true });
    expect(res.status).toBe(403);
    expect(leaveCount()).toBe(before);
  });
});
