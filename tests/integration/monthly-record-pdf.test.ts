import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../helpers/http-client.ts';
import { pdfPages } from '../helpers/pdf-text.ts';
import { startServer, type TestServer } from '../helpers/test-server.ts';

/**
 * The monthly record's content from the draft Royal Decree (issue 18.8) and the record as PDF
 * (issue 18.10, decision 035), over HTTP on the demo data: the new fields round-trip through the
 * API with translated refusals, the HTML record and the PDF print them, an Employee account
 * downloads its own month and nobody else's, and a malformed month is a translated 422.
 * "Now" is 2027-04-05 in Madrid (faked), so March 2027 is a closed month.
 */

const H = 3600;
let server: TestServer;
let clockDir: string;
let admin: Client;
let adminEs: Client;
let employee: Client;
let demo: { company: number; leaveGroup: number; department: number; jobTitle: number };
let companyName = '';
let marta = 0;
let bruno = 0;
let department = 0;
let ownEmployee = 0;
let remoteDay = 0;

async function json(res: Response) {
  expect(res.headers.get('content-type') ?? '', await res.clone().text()).toMatch(/json/);
  return (await res.json()) as any;
}

async function pdf(res: Response): Promise<string> {
  expect(res.status, res.status === 200 ? '' : await res.clone().text()).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  const bytes = new Uint8Array(await res.arrayBuffer());
  expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
  return (await pdfPages(bytes)).join('\n').replace(/\s+/g, ' ');
}

const employeeBody = (firstName: string, pin: string, extra: Record<string, unknown> = {}) => ({
  firstName,
  lastName: 'Decreto Test',
  gender: 'female',
  email: `${firstName.toLowerCase()}@decree.example`,
  nationalId: `DT-${pin}`,
  company: demo.company,
  department,
  jobTitle: demo.jobTitle,
  leaveGroup: demo.leaveGroup,
  employmentType: 'regular',
  pin,
  ...extra,
});

beforeAll(async () => {
  clockDir = mkdtempSync(path.join(os.tmpdir(), 'jornada-record-pdf-'));
  const clockFile = path.join(clockDir, 'now');
  writeFileSync(clockFile, '2027-04-05T10:00:00Z');
  server = await startServer({ args: ['--demo'], env: { JORNADA_TEST: '1', JORNADA_FAKE_NOW_FILE: clockFile } });
  admin = new Client(server.url, 'en');
  expect((await admin.signIn('admin@demo.jornada', 'Demo#2026')).status).toBe(200);
  adminEs = new Client(server.url, 'es');
  adminEs.cookie = admin.cookie;
  employee = new Client(server.url, 'en');
  expect((await employee.signIn('employee@demo.jornada', 'Demo#2026')).status).toBe(200);
  ownEmployee = (await json(await employee.get('/api/personal/attendance?month=2027-03'))).data.record.employee.id;

  const settings = (await json(await admin.get('/api/settings'))).data;
  expect((await admin.request('PUT', '/api/settings', { ...settings, timezone: 'Europe/Madrid' })).status).toBe(200);
  const first = (await json(await admin.get('/api/employees?pageSize=1'))).data[0];
  demo = { company: first.company, leaveGroup: first.leaveGroup, department: first.department, jobTitle: 0 };
  department = (await json(await admin.post('/api/departments', { name: 'Decreto QA', company: demo.company }))).data._id;
  demo.jobTitle = (await json(await admin.post('/api/job-titles', { name: 'Panadera', department, company: demo.company }))).data._id;
  companyName = (await json(await admin.get(`/api/companies/${demo.company}`))).data.name;
}, 90_000);

afterAll(async () => {
  await server?.stop();
  rmSync(clockDir, { recursive: true, force: true });
});

describe('the record content the draft decree asks for (issue 18.8)', () => {
  it('the company keeps its tax ID; a malformed one is refused in the request language', async () => {
    const bad = await adminEs.request('PATCH', `/api/companies/${demo.company}`, { name: companyName, taxId: 'B12#4' });
    expect(bad.status).toBe(422);
    expect((await bad.json()).errors.taxId).toBe('El CIF/NIF debe tener de 8 a 15 letras y cifras (se ignoran espacios, puntos y guiones).');
    const ok = await admin.request('PATCH', `/api/companies/${demo.company}`, { name: companyName, taxId: 'b-12.345.678' });
    expect(ok.status, await ok.clone().text()).toBe(200);
    expect((await json(await admin.get(`/api/companies/${demo.company}`))).data.taxId).toBe('B12345678');
  });

  it('an employee takes a social security number and a working-day type, with translated refusals', async () => {
    const noPercent = await admin.post('/api/employees', employeeBody('Marta', '77700001', { workingDayType: 'part-time' }));
    expect(noPercent.status).toBe(422);
    expect((await noPercent.json()).errors).toEqual({ partTimePercent: 'Enter the part-time percentage (1 to 99).' });
    const badSsn = await adminEs.post('/api/employees', employeeBody('Marta', '77700001', { socialSecurityNumber: '28/1234/40', workingDayType: 'part-time', partTimePercent: 120 }));
    expect(badSsn.status).toBe(422);
    expect((await badSsn.json()).errors).toEqual({
      socialSecurityNumber: 'El número de la Seguridad Social debe tener 12 cifras (se ignoran espacios, puntos, barras y guiones).',
      partTimePercent: 'El porcentaje debe ser un número entero del 1 al 99.',
    });
    const created = await admin.post('/api/employees', employeeBody('Marta', '77700001', { socialSecurityNumber: '28 12345678 40', workingDayType: 'part-time', partTimePercent: 50 }));
    expect(created.status, await created.clone().text()).toBe(201);
    marta = (await created.json()).data._id;
    expect((await json(await admin.get(`/api/employees/${marta}`))).data).toMatchObject({ socialSecurityNumber: '281234567840', workingDayType: 'part-time', partTimePercent: 50 });
    const b = await admin.post('/api/employees', employeeBody('Bruno', '77700002'));
    expect(b.status, await b.clone().text()).toBe(201);
    bruno = (await b.json()).data._id;
    expect((await json(await admin.get(`/api/employees/${bruno}`))).data).toMatchObject({ socialSecurityNumber: null, workingDayType: 'full-time', partTimePercent: null });
    for (const id of [marta, bruno]) {
      const s = await admin.post('/api/schedules', { employee: id, startTime: '09:00', offTime: '17:00', totalHours: 8, restDays: ['Saturday', 'Sunday'], fromDate: '2027-03-01' });
      expect(s.status, await s.clone().text()).toBe(201);
    }
  });

  it('a day records where it was worked and how its overtime is compensated', async () => {
    const day = { employee: marta, date: '2027-03-10', timeIn: '09:00', timeOut: '19:00', breakIn: '13:00', breakOut: '13:30', reason: 'Teletrabajo acordado' };
    const bad = await adminEs.post('/api/attendances', { ...day, workMode: 'home' });
    expect(bad.status).toBe(422);
    expect((await bad.json()).errors.workMode).toBe('La modalidad debe ser presencial o a distancia.');
    const created = await admin.post('/api/attendances', { ...day, workMode: 'remote' });
    expect(created.status, await created.clone().text()).toBe(201);
    remoteDay = (await created.json()).data._id;
    expect((await json(await admin.get(`/api/attendances/${remoteDay}`))).data).toMatchObject({ workMode: 'remote', overtimeCompensation: null });
    const onSite = await admin.post('/api/attendances', { ...day, date: '2027-03-11', timeOut: '17:30', reason: 'Fichaje olvidado' });
    expect((await json(onSite)).data).toMatchObject({ workMode: 'on-site', overtimeCompensation: null });

    const badMark = await admin.request('PATCH', `/api/attendances/${remoteDay}`, { timeIn: '09:00', timeOut: '19:00', breakIn: '13:00', breakOut: '13:30', reason: 'Horas extra', overtimeCompensation: 'cash' });
    expect(badMark.status).toBe(422);
    expect((await badMark.json()).errors.overtimeCompensation).toBe('Overtime must be paid, compensated with rest, or not marked.');
    const marked = await admin.request('PATCH', `/api/attendances/${remoteDay}`, { timeIn: '09:00', timeOut: '19:00', breakIn: '13:00', breakOut: '13:30', reason: 'Horas extra pagadas', overtimeCompensation: 'paid' });
    expect(marked.status, await marked.clone().text()).toBe(200);
    // Not sent on an edit: kept as it was.
    expect((await json(await admin.get(`/api/attendances/${remoteDay}`))).data).toMatchObject({ workMode: 'remote', overtimeCompensation: 'paid', workedSeconds: 9.5 * H });

    const record = (await json(await admin.get(`/api/reports/monthly-record?month=2027-03&employee=${marta}`))).data.records[0];
    expect(record.employee).toMatchObject({ companyTaxId: 'B12345678', socialSecurityNumber: '281234567840', workingDayType: 'part-time', partTimePercent: 50 });
    // Marta works part time: her 1 h 30 min beyond the day are complementary hours, not overtime
    // (art. 12.4.c ET, issue 33), so the day's overtime mark has nothing to apply to.
    expect(record.record.days.find((d: { date: string }) => d.date === '2027-03-10')).toMatchObject({ workMode: 'remote', overtimeCompensation: null, overtimeSeconds: 0, complementarySeconds: 1.5 * H });
    expect(record.record.totals).toMatchObject({ overtimeSeconds: 0, complementarySeconds: 1.5 * H, overtimePaidSeconds: 0, overtimeRestSeconds: 0, overtimeUnmarkedSeconds: 0, onSiteDays: 1, remoteDays: 1 });
  });

  it('the HTML record prints them in the header, per day and in the totals', async () => {
    const page = await admin.get(`/reports/employee-attendance?view=record&month=2027-03&employee=${marta}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('data-testid="record-tax-id">B12345678<');
    expect(html).toContain('data-testid="record-ssn">28/12345678/40<');
    expect(html).toContain('data-testid="record-working-day">Part time (50 %)<');
    expect(html).toMatch(/data-date="2027-03-10"[\s\S]*?data-work-mode="remote">Remote<[\s\S]*?1 h 30 min of complementary hours \(art\. 12\.5 ET\)/);
    expect(html).toContain('data-total="complementary">1 h 30 min<');
    expect(html).not.toContain('data-total="overtime-paid"');
    expect(html).toContain(`href="/api/reports/monthly-record/pdf?`);
  });
});

describe('the record as PDF (issue 18.10)', () => {
  it('one employee: header, each day with its times, the totals, signatures and legal note', async () => {
    const res = await admin.get(`/api/reports/monthly-record/pdf?month=2027-03&employee=${marta}&lang=es`);
    expect(res.headers.get('content-disposition')).toMatch(/registro-jornada-2027-03-marta-decreto-test\.pdf/);
    const text = await pdf(res);
    for (const expected of [
      'Registro de jornada · marzo de 2027',
      companyName,
      'B12345678',
      'Marta Decreto Test',
      'DT-77700001',
      '28/12345678/40',
      'Jornada parcial (50 %)',
      'Totales del mes (2 días trabajados)',
      'Horas extra retribuidas 0 h 00 min',
      'Horas complementarias (art. 12.5 ET, no son horas extra) 1 h 30 min',
      'Firma de la persona trabajadora',
      'art. 34.9',
      'Página 1 de 2',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).toMatch(/mié 10\/03\/2027 09:00 19:00 13:00–13:30 0 h 30 min 9 h 30 min A distancia 1 h 30 min de horas complementarias \(art\. 12\.5 ET\)/);
    expect(text).toMatch(/jue 11\/03\/2027 09:00 17:30 .*? Presencial Registro manual: Fichaje olvidado/);
  });

  it('a department: one file with everyone, each on their own pages', async () => {
    const res = await admin.get(`/api/reports/monthly-record/pdf?month=2027-03&department=${department}&lang=en`);
    expect(res.headers.get('content-disposition')).toMatch(/working-time-record-2027-03\.pdf/);
    const text = await pdf(res);
    expect(text.match(/Working time record · March 2027/g)).toHaveLength(2);
    expect(text.indexOf('Bruno Decreto Test')).toBeLessThan(text.indexOf('Marta Decreto Test'));
  });

  it("an Employee account downloads its own month from the personal area and no one else's", async () => {
    const own = await pdf(await employee.get('/api/personal/attendance/pdf?month=2027-03'));
    const name = (await json(await employee.get('/api/personal/attendance?month=2027-03'))).data.record.employee.name;
    expect(own).toContain(name);
    expect(own).not.toContain('Marta Decreto Test');
    // Naming someone else changes nothing: the personal PDF is always the account's own employee.
    const named = await pdf(await employee.get(`/api/personal/attendance/pdf?month=2027-03&employee=${marta}&department=${department}`));
    expect(named).toContain(name);
    expect(named).not.toContain('Marta Decreto Test');
    // The reports' PDF needs report.read, which the Employee role does not hold.
    const other = await employee.get(`/api/reports/monthly-record/pdf?month=2027-03&employee=${marta}`);
    expect(other.status).toBe(403);
    expect(other.headers.get('content-type')).toMatch(/json/);
    expect((await employee.get(`/api/reports/monthly-record/pdf?month=2027-03&employee=${ownEmployee}`)).status).toBe(403);
    const page = await (await employee.get('/personal/attendance?month=2027-03')).text();
    expect(page).toContain('href="/api/personal/attendance/pdf?month=2027-03&amp;lang=en"');
  });

  it('an admin without report.read is refused; signed out is 401', async () => {
    const role = await admin.post('/api/roles', { name: 'Sin informes', permissions: { employee: ['read'] } });
    expect(role.status).toBe(201);
    const user = await admin.post('/api/users', {
      name: 'Sin informes',
      email: 'noreports@decree.example',
      role: (await role.json()).data._id,
      status: 'enabled',
      accountType: 'Admin',
      company: 1,
      password: 'NoReports#2027',
      confirmPassword: 'NoReports#2027',
    });
    expect(user.status, await user.clone().text()).toBe(201);
    const limited = new Client(server.url, 'en');
    expect((await limited.signIn('noreports@decree.example', 'NoReports#2027')).status).toBe(200);
    const res = await limited.get(`/api/reports/monthly-record/pdf?month=2027-03&employee=${marta}`);
    expect(res.status).toBe(403);
    expect((await res.json()).message).toMatch(/^You do not have permission to /);
    expect((await new Client(server.url).get('/api/reports/monthly-record/pdf?month=2027-03')).status).toBe(401);
  });

  it('a malformed month is a translated 422, never another month', async () => {
    const en = await admin.get(`/api/reports/monthly-record/pdf?month=2027-13&employee=${marta}`);
    expect(en.status).toBe(422);
    expect(await en.json()).toMatchObject({ code: 'reports.invalidMonth', message: 'The month must be a month of the calendar as YYYY-MM, e.g. 2027-03.', errors: { month: expect.any(String) } });
    const es = await employee.get('/api/personal/attendance/pdf?month=marzo', { 'accept-language': 'es' });
    expect(es.status).toBe(422);
    expect((await es.json()).message).toBe('El mes debe ser un mes del calendario con la forma AAAA-MM, p. ej. 2027-03.');
  });
});
