import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../helpers/http-client.ts';
import { startServer, type TestServer } from '../helpers/test-server.ts';

let server: TestServer;
let admin: Client;
let employee: Client;

beforeAll(async () => {
  server = await startServer({ args: ['--demo'] });
  admin = new Client(server.url);
  await admin.signIn('admin@demo.jornada', 'Demo#2026');
  employee = new Client(server.url);
  await employee.signIn('employee@demo.jornada', 'Demo#2026');
});
afterAll(async () => {
  await server?.stop();
});

const body = (r: Response) => r.json();

describe('company holidays', () => {
  it('are managed like the other organisation tables, one per company and day', async () => {
    const company = (await body(await admin.get('/api/companies'))).data[0]._id;
    const res = await admin.post('/api/holidays', { name: 'San Isidro', date: '2030-05-15', company });
    expect(res.status).toBe(201);
    expect((await body(res)).data).toMatchObject({ name: 'San Isidro', date: '2030-05-15', company });
    const twice = await admin.post('/api/holidays', { name: 'Otro', date: '2030-05-15', company });
    expect(twice.status).toBe(422);
    expect((await body(twice)).errors.date).toBe('This company already has a holiday on this day');
    expect((await admin.post('/api/holidays', { name: 'X', date: '2030-02-30', company })).status).toBe(422);
    expect((await body(await admin.get('/api/holidays?year=2030'))).total).toBe(1);
    expect((await employee.get('/api/holidays')).status).toBe(403);
  });

  it('are skipped by leave day counting and the return date', async () => {
    const balances = (await body(await employee.get('/api/leaves/balances?year=2030'))).data as { leaveType: number; name: string }[];
    const vacation = balances.find((b) => b.name === 'Vacaciones')!.leaveType;
    // Tuesday 14 and Wednesday 15 May 2030 (a working day and the holiday): one day taken, back on Thursday 16.
    const res = await employee.post('/api/leaves', { leaveType: vacation, from: '2030-05-14', to: '2030-05-15', reason: 'Familia' });
    expect(res.status).toBe(201);
    const leave = (await body(res)).data;
    expect(leave.returnDate).toBe('2030-05-16');
    expect(leave.days).toBe(1);
  });
});
