import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAccount } from '../helpers/accounts.ts';
import { Client } from '../helpers/http-client.ts';
import { startServer, type TestServer } from '../helpers/test-server.ts';
import { sqlIn } from '../helpers/test-sql.ts';

/**
 * Leave over HTTP on the demo data. employee@demo.jornada is employee 2, whose schedule rests on
 * Sunday and Monday; the leave types are Vacaciones (22 days a year), Asuntos propios (3) and Baja
 * médica (unlimited), all in the demo leave group. Requests are dated in 2030-2031, clear of the
 * demo's own leave around today.
 */
let server: TestServer;
let admin: Client;
let adminEs: Client;
let employee: Client;
let employeeEs: Client;
const types: Record<string, number> = {};

const body = (r: Response) => r.json() as Promise<any>;
const query = <T>(sql: string, ...params: unknown[]): T[] => sqlIn<T>(server.dataDir, sql, ...params);

beforeAll(async () => {
  server = await startServer({ args: ['--demo'] });
  admin = new Client(server.url);
  await admin.signIn('admin@demo.jornada', 'Demo#2026');
  adminEs = new Client(server.url, 'es');
  adminEs.cookie = admin.cookie;
  employee = new Client(server.url);
  await employee.signIn('employee@demo.jornada', 'Demo#2026');
  employeeEs = new Client(server.url, 'es');
  employeeEs.cookie = employee.cookie;
  for (const t of (await body(await admin.get('/api/leave-types'))).data) types[t.name] = t._id;
});
afterAll(async () => {
  await server?.stop();
});

describe('an employee requests leave', () => {
  let first: any;

  it('creates a pending request of their own, with working days and the return date after the rest days', async () => {
    // Tuesday 8 to Saturday 12 January 2030; Sunday and Monday are rest days, so back on Tuesday 15.
    const res = await employee.post('/api/leaves', { employee: 3, leaveType: types['Vacaciones'], from: '2030-01-08', to: '2030-01-12', reason: 'Viaje a Lisboa', returnDate: '2030-01-13' });
    expect(res.status).toBe(201);
    const answer = await body(res);
    expect(answer.message).toBe('Leave created successfully!');
    first = answer.data;
    expect(first).toMatchObject({ employee: 2, leaveTypeName: 'Vacaciones', from: '2030-01-08', to: '2030-01-12', days: 5, returnDate: '2030-01-15', status: 'pending', comment: null, decidedBy: null });
    expect((await body(await employee.get(`/api/leaves/${first._id}`))).data._id).toBe(first._id);
  });

  it('validates dates and reason (en, es)', async () => {
    const res = await employee.post('/api/leaves', { leaveType: types['Vacaciones'], from: '2030-03-06', to: '2030-03-05', reason: '' });
    expect(res.status).toBe(422);
    expect((await body(res)).errors).toEqual({ to: 'The end date cannot be before the start date', reason: 'This field is required' });
    const es = await body(await employeeEs.post('/api/leaves', { leaveType: types['Vacaciones'], from: '2030-03-06', to: '2030-03-05', reason: 'x' }));
    expect(es).toMatchObject({ message: 'La fecha de fin no puede ser anterior a la de inicio', errors: { to: 'La fecha de fin no puede ser anterior a la de inicio' } });
    const restOnly = await employee.post('/api/leaves', { leaveType: types['Vacaciones'], from: '2030-01-13', to: '2030-01-14', reason: 'x' });
    expect(restOnly.status).toBe(422);
    expect((await body(restOnly)).message).toBe('These dates are all rest days: there is no working day to take off');
  });

  it('refuses overlapping requests, naming the other one', async () => {
    const res = await employee.post('/api/leaves', { leaveType: types['Asuntos propios'], from: '2030-01-12', to: '2030-01-15', reason: 'Médico' });
    expect(res.status).toBe(409);
    expect(await body(res)).toMatchObject({ message: 'These dates overlap another leave request (08/01/2030 – 12/01/2030).', errors: { from: 'Overlaps another request' } });
    const es = await body(await employeeEs.post('/api/leaves', { leaveType: types['Asuntos propios'], from: '2030-01-10', to: '2030-01-10', reason: 'Médico' }));
    expect(es.message).toBe('Estas fechas se solapan con otra solicitud de ausencia (08/01/2030 – 12/01/2030).');
    // The day after the return date's Sunday/Monday rest is free.
    const after = await employee.post('/api/leaves', { leaveType: types['Baja médica'], from: '2030-01-13', to: '2030-01-15', reason: 'Gripe' });
    expect(after.status).toBe(201);
    expect((await body(after)).data).toMatchObject({ days: 1, returnDate: '2030-01-16' });
  });

  it('refuses a request beyond the yearly balance, counting pending days and working days only', async () => {
    // 5 of 22 vacation days are pending; Tuesday 5 to Thursday 28 February is 18 working days.
    const res = await employee.post('/api/leaves', { leaveType: types['Vacaciones'], from: '2030-02-05', to: '2030-02-28', reason: 'Largo viaje' });
    expect(res.status).toBe(422);
    expect(await body(res)).toMatchObject({
      message: 'Not enough “Vacaciones” days left in 2030: this request takes 18 working days and 17 remain.',
      code: 'leave.exceedsBalance',
      errors: { to: 'Not enough days left' },
    });
    const es = await body(await employeeEs.post('/api/leaves', { leaveType: types['Vacaciones'], from: '2030-02-05', to: '2030-02-28', reason: 'Largo viaje' }));
    expect(es.message).toBe('No quedan suficientes días de «Vacaciones» en 2030: esta solicitud ocupa 18 días laborables y quedan 17.');
    const fits = await employee.post('/api/leaves', { leaveType: types['Vacaciones'], from: '2030-02-05', to: '2030-02-27', reason: 'Largo viaje' });
    expect(fits.status).toBe(201);
    // An unlimited type has no balance to exceed.
    expect((await employee.post('/api/leaves', { leaveType: types['Baja médica'], from: '2030-04-02', to: '2030-06-29', reason: 'Operación' })).status).toBe(201);
  });

  it('splits a request over New Year between both years’ allowances', async () => {
    // Asuntos propios, 3 a year: Tuesday 31 December 2030 to Thursday 2 January 2031 is 1 + 2 days.
    const res = await employee.post('/api/leaves', { leaveType: types['Asuntos propios'], from: '2030-12-31', to: '2031-01-02', reason: 'Fin de año' });
    expect(res.status).toBe(201);
    expect((await body(res)).data).toMatchObject({ days: 3, returnDate: '2031-01-03' });
    const more = await employee.post('/api/leaves', { leaveType: types['Asuntos propios'], from: '2031-01-03', to: '2031-01-04', reason: 'Más' });
    expect((await body(more)).message).toBe('Not enough “Asuntos propios” days left in 2031: this request takes 2 working days and 1 remain.');
    const y2030 = await body(await employee.get('/api/leaves/balances?year=2030'));
    expect(y2030.employee).toBe(2);
    const byName = Object.fromEntries(y2030.data.map((b: any) => [b.name, b]));
    expect(byName['Vacaciones']).toEqual({ leaveType: types['Vacaciones'], name: 'Vacaciones', daysPerYear: 22, entitled: 22, carriedOver: 0, carryOverExpires: null, taken: 0, pending: 22, remaining: 0, allowed: true });
    expect(byName['Asuntos propios']).toMatchObject({ daysPerYear: 3, taken: 0, pending: 1, remaining: 2 });
    expect(byName['Baja médica']).toMatchObject({ daysPerYear: null, pending: 1 + 65, remaining: null });
    const y2031 = await body(await employee.get('/api/leaves/balances?year=2031'));
    expect(y2031.data.find((b: any) => b.name === 'Asuntos propios')).toMatchObject({ pending: 2, remaining: 1 });
  });

  it('offers and accepts only the leave types of the employee’s leave group', async () => {
    const company = (await body(await admin.get('/api/companies'))).data[0]._id;
    const created = await body(await admin.post('/api/leave-types', { name: 'Excedencia', company, daysPerYear: null }));
    const res = await employee.post('/api/leaves', { leaveType: created.data._id, from: '2030-09-03', to: '2030-09-04', reason: 'Cuidado de un familiar' });
    expect(res.status).toBe(422);
    expect(await body(res)).toMatchObject({ message: "This leave type is not in the employee's leave group", errors: { leaveType: "This leave type is not in the employee's leave group" } });
    expect((await body(await employeeEs.post('/api/leaves', { leaveType: created.data._id, from: '2030-09-03', to: '2030-09-04', reason: 'x' }))).message).toBe(
      'Este tipo de ausencia no está en el grupo de ausencia del empleado',
    );
    const balances = await body(await employee.get('/api/leaves/balances?year=2030'));
    expect(balances.data.map((b: any) => b.name)).not.toContain('Excedencia');
    const page = await (await employee.get('/personal/leave-create')).text();
    expect(page).toContain('Vacaciones');
    expect(page).not.toContain('Excedencia');
    // Once the group allows it, it is offered and accepted.
    const group = (await body(await admin.get('/api/leave-groups'))).data[0];
    const patched = await admin.request('PATCH', `/api/leave-groups/${group._id}`, { ...group, privilege: [...group.privilege, created.data._id] });
    expect(patched.status).toBe(200);
    expect((await employee.post('/api/leaves', { leaveType: created.data._id, from: '2030-09-03', to: '2030-09-04', reason: 'Cuidado de un familiar' })).status).toBe(201);
    expect(await (await employee.get('/personal/leave-create')).text()).toContain('Excedencia');
  });

  it('lets the employee change and withdraw a pending request ("Leave discarded!")', async () => {
    const made = await body(await employee.post('/api/leaves', { leaveType: types['Asuntos propios'], from: '2030-10-01', to: '2030-10-01', reason: 'Notaría' }));
    const edited = await employee.request('PATCH', `/api/leaves/${made.data._id}`, { leaveType: types['Asuntos propios'], from: '2030-10-02', to: '2030-10-02', reason: 'Notaría, por la tarde', employee: 5 });
    expect(edited.status).toBe(200);
    expect(await body(edited)).toMatchObject({ message: 'Leave updated successfully!', data: { employee: 2, from: '2030-10-02', reason: 'Notaría, por la tarde', returnDate: '2030-10-03' } });
    const withdrawn = await employeeEs.post(`/api/leaves/${made.data._id}/withdraw`);
    expect(withdrawn.status).toBe(200);
    expect((await body(withdrawn)).message).toBe('¡Ausencia descartada!');
    expect((await employee.get(`/api/leaves/${made.data._id}`)).status).toBe(404);
    const audit = query<{ action: string }>("select action from audit_log where entity = 'leave' and entity_id = ? order by id", String(made.data._id));
    expect(audit.map((a) => a.action)).toEqual(['create', 'update', 'withdraw']);
  });

  it('cannot decide on leave, not even their own', async () => {
    const res = await employee.request('PATCH', `/api/leaves/${first._id}`, { status: 'approved', comment: 'Yo mismo' });
    expect(res.status).toBe(403);
    expect((await body(res)).message).toBe('Only an administrator can approve or decline leave.');
    expect((await body(await employee.get(`/api/leaves/${first._id}`))).data.status).toBe('pending');
  });
});

describe('record-level access', () => {
  let others: any[];

  beforeAll(async () => {
    others = (await body(await admin.get('/api/leaves?employee=3'))).data;
  });

  it('an employee never reads another employee’s leave', async () => {
    expect(others.length).toBeGreaterThan(0);
    const other = others[0];
    expect((await employee.get(`/api/leaves/${other._id}`)).status).toBe(404);
    const mine = await body(await employee.get('/api/leaves?employee=3&pageSize=100'));
    expect(mine.total).toBeGreaterThan(0);
    expect(mine.data.every((l: any) => l.employee === 2)).toBe(true);
    const balances = await body(await employee.get('/api/leaves/balances?employee=3'));
    expect(balances.employee).toBe(2);
    const page = await employee.get(`/personal/leave-edit/${other._id}`);
    expect(page.status).toBe(404);
    expect(await page.text()).toContain('No leave found!');
  });

  it('an employee never edits, withdraws or deletes another employee’s leave', async () => {
    const other = others[0];
    const patch = await employee.request('PATCH', `/api/leaves/${other._id}`, { leaveType: types['Vacaciones'], from: '2030-11-05', to: '2030-11-05', reason: 'x' });
    expect(patch.status).toBe(404);
    expect((await employee.request('PATCH', `/api/leaves/${other._id}`, { status: 'declined' })).status).toBe(403);
    expect((await employee.post(`/api/leaves/${other._id}/withdraw`)).status).toBe(404);
    expect((await employee.request('DELETE', `/api/leaves/${other._id}`)).status).toBe(403);
    const after = (await body(await admin.get(`/api/leaves/${other._id}`))).data;
    expect(after).toMatchObject({ from: other.from, to: other.to, status: other.status });
    // Nor the admin pages.
    expect((await employee.get(`/leave-edit/${other._id}`)).status).not.toBe(200);
    expect((await employee.get('/leave-list')).status).not.toBe(200);
  });

  it('an Employee account given leave.delete deletes only its own pending requests', async () => {
    const userId = await addAccount(server.dataDir, { email: 'deleter@demo.jornada', password: 'Delete#2026', accountType: 'Employee', permissions: { leave: ['create', 'read', 'update', 'delete'] } });
    sqlIn(server.dataDir, 'update users set employee_id = 5 where id = ?', userId);
    const deleter = new Client(server.url);
    await deleter.signIn('deleter@demo.jornada', 'Delete#2026');
    const approved = (await body(await admin.post('/api/leaves', { employee: 5, leaveType: types['Vacaciones'], from: '2030-11-12', to: '2030-11-12', reason: 'Aprobada' }))).data;
    await admin.request('PATCH', `/api/leaves/${approved._id}`, { status: 'approved' });
    const pending = (await body(await deleter.post('/api/leaves', { leaveType: types['Vacaciones'], from: '2030-11-13', to: '2030-11-13', reason: 'Pendiente' }))).data;
    expect(pending.employee).toBe(5);
    expect((await deleter.request('DELETE', `/api/leaves/${others[0]._id}`)).status).toBe(404);
    expect((await deleter.request('DELETE', `/api/leaves/${approved._id}`)).status).toBe(409);
    expect((await deleter.request('DELETE', `/api/leaves/${pending._id}`)).status).toBe(200);
    expect((await admin.get(`/api/leaves/${approved._id}`)).status).toBe(200);
  });

  it('an Employee account linked to no employee has no leave', async () => {
    await addAccount(server.dataDir, { email: 'loose@demo.jornada', password: 'Loose#2026', accountType: 'Employee' });
    const loose = new Client(server.url);
    await loose.signIn('loose@demo.jornada', 'Loose#2026');
    expect(await body(await loose.get('/api/leaves'))).toEqual({ data: [], total: 0 });
    const res = await loose.post('/api/leaves', { leaveType: types['Vacaciones'], from: '2030-11-05', to: '2030-11-05', reason: 'x' });
    expect(res.status).toBe(422);
    expect((await body(res)).message).toBe('Your account is not linked to an employee, so it has no leave.');
    expect(await body(await loose.get('/api/leaves/balances?year=2030'))).toEqual({ employee: null, year: 2030, data: [] });
    expect(await (await loose.get('/personal/leave')).text()).toContain('Your account is not linked to an employee');
  });
});

describe('an administrator decides', () => {
  let request: any;

  beforeAll(async () => {
    request = (await body(await admin.get('/api/leaves?employee=2&from=2030-01-08&to=2030-01-08'))).data[0];
  });

  it('approves with a comment; the employee sees the decision and can no longer change it', async () => {
    expect(request).toMatchObject({ from: '2030-01-08', status: 'pending' });
    const res = await admin.request('PATCH', `/api/leaves/${request._id}`, { status: 'approved', comment: '  Enjoy Lisbon!  ' });
    expect(res.status).toBe(200);
    const answer = await body(res);
    expect(answer.message).toBe('Leave updated successfully!');
    expect(answer.data).toMatchObject({ status: 'approved', comment: 'Enjoy Lisbon!', decidedByName: 'Demo Administrator' });
    expect(answer.data.decidedBy).toBeGreaterThan(0);
    expect(Date.now() - Date.parse(answer.data.decidedAt)).toBeLessThan(60_000);

    const seen = (await body(await employee.get(`/api/leaves/${request._id}`))).data;
    expect(seen).toMatchObject({ status: 'approved', comment: 'Enjoy Lisbon!' });
    const page = await (await employee.get(`/personal/leave-edit/${request._id}`)).text();
    expect(page).toContain('Enjoy Lisbon!');
    expect(page).toContain('This request has already been approved');

    const edit = await employee.request('PATCH', `/api/leaves/${request._id}`, { leaveType: types['Vacaciones'], from: '2030-01-08', to: '2030-01-09', reason: 'Menos días' });
    expect(edit.status).toBe(409);
    expect((await body(edit)).message).toBe('This request has already been approved, so it can no longer be changed or withdrawn.');
    const withdraw = await employeeEs.post(`/api/leaves/${request._id}/withdraw`);
    expect(withdraw.status).toBe(409);
    expect((await body(withdraw)).message).toBe('Esta solicitud ya está aprobada, así que ya no se puede cambiar ni retirar.');

    const balance = (await body(await admin.get('/api/leaves/balances?employee=2&year=2030'))).data.find((b: any) => b.name === 'Vacaciones');
    expect(balance).toMatchObject({ taken: 5, pending: 17, remaining: 0 });
    const audit = query<{ action: string; after: string; user_id: number }>("select action, after, user_id from audit_log where entity = 'leave' and entity_id = ? order by id", String(request._id));
    expect(audit.at(-1)).toMatchObject({ action: 'approve', user_id: answer.data.decidedBy });
    expect(JSON.parse(audit.at(-1)!.after)).toEqual({ status: 'approved', comment: 'Enjoy Lisbon!' });
  });

  it('declines with a comment (es); declined leave frees its dates and its days', async () => {
    const feb = (await body(await admin.get('/api/leaves?employee=2&from=2030-02-10&to=2030-02-10'))).data[0];
    const res = await adminEs.request('PATCH', `/api/leaves/${feb._id}`, { status: 'declined', comment: 'Inventario en febrero' });
    expect(res.status).toBe(200);
    expect(await body(res)).toMatchObject({ message: '¡Ausencia actualizada correctamente!', data: { status: 'declined', comment: 'Inventario en febrero' } });
    const seen = await body(await employee.get('/api/leaves?status=declined'));
    expect(seen.data.map((l: any) => l.comment)).toContain('Inventario en febrero');
    const balance = (await body(await employee.get('/api/leaves/balances?year=2030'))).data.find((b: any) => b.name === 'Vacaciones');
    expect(balance).toMatchObject({ taken: 5, pending: 0, remaining: 17 });
    expect((await employee.post('/api/leaves', { leaveType: types['Vacaciones'], from: '2030-02-12', to: '2030-02-13', reason: 'Otra vez' })).status).toBe(201);
    // Reopening a declined request checks overlap again: it now clashes with the new one.
    const reopen = await admin.request('PATCH', `/api/leaves/${feb._id}`, { status: 'pending' });
    expect(reopen.status).toBe(409);
  });

  it('validates the decision', async () => {
    const res = await admin.request('PATCH', `/api/leaves/${request._id}`, { status: 'maybe' });
    expect(res.status).toBe(422);
    expect((await body(res)).errors).toEqual({ status: 'Choose pending, approved or declined' });
    expect((await admin.request('PATCH', '/api/leaves/999999', { status: 'approved' })).status).toBe(404);
  });

  it('lists with filters and pagination', async () => {
    const all = await body(await admin.get('/api/leaves?pageSize=5'));
    expect(all.data).toHaveLength(5);
    expect(all.total).toBeGreaterThan(10);
    const pending = await body(await admin.get('/api/leaves?status=pending&pageSize=100'));
    expect(pending.data.every((l: any) => l.status === 'pending')).toBe(true);
    const sick = await body(await admin.get(`/api/leaves?leaveType=${types['Baja médica']}&pageSize=100`));
    expect(sick.data.length).toBeGreaterThan(0);
    expect(sick.data.every((l: any) => l.leaveTypeName === 'Baja médica')).toBe(true);
    const deps = (await body(await admin.get('/api/departments'))).data;
    const shop = deps.find((d: any) => d.name === 'Tienda');
    const inShop = await body(await admin.get(`/api/leaves?department=${shop._id}&pageSize=100`));
    expect(inShop.data.every((l: any) => l.departmentName === 'Tienda')).toBe(true);
    const range = await body(await admin.get('/api/leaves?from=2030-12-01&to=2031-12-31'));
    expect(range.data.map((l: any) => l.from)).toEqual(['2030-12-31']);
    const named = await body(await admin.get('/api/leaves?q=Javier&sort=from&dir=asc&pageSize=100'));
    expect(named.data.every((l: any) => l.employeeName.startsWith('Javier'))).toBe(true);
    expect(named.data.map((l: any) => l.from)).toEqual([...named.data.map((l: any) => l.from)].sort());
  });

  it('needs an employee to request for, and deletes any leave (leave.delete)', async () => {
    const missing = await admin.post('/api/leaves', { leaveType: types['Vacaciones'], from: '2030-11-05', to: '2030-11-05', reason: 'x' });
    expect(missing.status).toBe(422);
    expect((await body(missing)).errors).toEqual({ employee: 'This field is required' });
    const made = await admin.post('/api/leaves', { employee: 4, leaveType: types['Vacaciones'], from: '2030-11-05', to: '2030-11-05', reason: 'Por teléfono' });
    expect(made.status).toBe(201);
    const id = (await body(made)).data._id;
    await admin.request('PATCH', `/api/leaves/${id}`, { status: 'approved' });
    const del = await admin.request('DELETE', `/api/leaves/${id}`);
    expect((await body(del)).message).toBe('Leave deleted successfully!');
    expect((await admin.get(`/api/leaves/${id}`)).status).toBe(404);
  });

  it('shows the review page with the request and the balance', async () => {
    const html = await (await admin.get(`/leave-edit/${request._id}`)).text();
    expect(html).toContain('Viaje a Lisboa');
    expect(html).toContain('Balance 2030');
    expect(html).toContain('data-testid="decision-form"');
    const missing = await admin.get('/leave-edit/999999');
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('No leave found!');
  });
});

describe('an administrator records an absence (decision 031; its rules are in tests/service/leave-record.test.ts)', () => {
  it('is answered as recorded and approved, in the reader’s language', async () => {
    const en = await admin.post('/api/leaves', { employee: 3, leaveType: types['Baja médica'], from: '2032-02-03', to: '2032-02-05', reason: 'Gripe, parte médico', approved: true });
    expect(en.status).toBe(201);
    expect(await body(en)).toMatchObject({ message: 'Absence recorded and approved.', data: { employee: 3, status: 'approved' } });
    const es = await adminEs.post('/api/leaves', { employee: 4, leaveType: types['Asuntos propios'], from: '2032-04-06', to: '2032-04-06', reason: 'Día acordado', approved: true });
    expect(es.status).toBe(201);
    expect((await body(es)).message).toBe('Ausencia registrada y aprobada.');
  });
});
