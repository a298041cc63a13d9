import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAccount } from '../helpers/accounts.ts';
import { Client } from '../helpers/http-client.ts';
import { startServer, type TestServer } from '../helpers/test-server.ts';
import { sqlIn } from '../helpers/test-sql.ts';

/**
 * Issue 21.4, the payroll export (decision 052), end to end: a month (March 2027, Madrid) built
 * for three employees through the API — schedules, clock punches and manual attendances, approved
 * leave, a company holiday, overtime marked paid or compensated — and every figure of the export,
 * as JSON, .csv and .xlsx, checked against the table below, worked out by hand.
 *
 * March 2027 starts on a Monday; weekdays 1-5, 8-12, 15-19, 22-26, 29-31 (23). Friday 19 is the
 * company holiday (San José). Clocks go forward on Sunday 28 at 02:00. "Now" is 2027-04-05.
 *
 * Ana, full-time 09:00-17:00 (8 h), rests Sat/Sun: works 09:00-17:30 with a 13:00-13:30 break
 * (8 h) on 1-5, 8-11, 15-18, 29-31 (16 days), except the 10th 09:00-19:30 (10 h: 2 h overtime,
 * marked paid afterwards) and the 11th 09:00-18:00 (8.5 h: 0.5 h compensated with rest); the
 * holiday 19th 10:00-14:00 (4 h, all overtime, not marked); holidays (Vacaciones) 22-26; nothing
 * on the 12th; on the 30th no break punched: 8.5 h less the automatic 30 min (settings: after 6 h)
 * = 8 h counted, 0.5 h deducted; Saturday 13th, a rest day, 10:00-12:00 (2 h). Expected: 17 working
 * days × 8 h = 136 h (the holiday and the leave expect nothing). Worked 14 × 8 + 10 + 8.5 + 4 + 2 =
 * 136.5 h; ordinary 16 × 8 = 128 h; overtime 2 + 0.5 = 2.5 h; holiday work 4 h and rest-day work
 * 2 h, each in its own column and not in overtime (layout 2, issue 33.7), so 128 + 2.5 + 2 + 4 =
 * 136.5. Her month is approved; her company has a CCC, she a category and a contract type.
 * Vacaciones allows 22 days a year: 17 left.
 *
 * Bea, part-time 50 %, 09:00-13:00 (4 h), rests Sat/Sun: clock punches 09:00-13:00 on the 4th
 * and 5th; manual 09:00-13:00 on 8-12, 16-18, 22-25, and the 15th 09:00-14:00 (5 h: 1 h beyond
 * the day, marked paid, but a part-time worker's are complementary hours, not overtime: issue 33);
 * sick leave (Baja médica) 1-3, a personal day (Asuntos propios) the 26th; the 29th checked in and
 * never out (open: counts nothing); nothing on 30-31 (unjustified). Expected: worked 15 × 4 +
 * open 4 + absent 2 × 4 = 72 h. Worked 14 × 4 + 5 = 61 h, ordinary 60 h, complementary 1 h
 * (`complementary_hours`: 60 + 1 = 61). The 16th 09:10-13:10
 * (10 min late, beyond the 5 min of grace) and the 17th 08:45-12:45 (15 min early) are still 4 h.
 *
 * Carlos, nights 22:00-06:00 (8 h) from Tuesday the 23rd, rests Sun/Mon, a 02:00-02:30 break
 * (unpaid): 23, 24, 30, 31 22:00-06:00 (7.5 h, 7.5 h night); 25 21:00-06:00 (8.5 h: 0.5 h
 * compensated; night 7.5 h); 26 22:00-07:00 (8.5 h: 0.5 h paid; night 7.5 h); Saturday 27, the
 * night the clocks go forward, 22:00-06:00 with a 03:00-03:30 break: 7 real hours - 0.5 = 6.5 h,
 * expected 7 h, night 6.5 h. The 31st ends on 1 April and belongs to March (a shift belongs to
 * the day it starts). Expected 4 × 8 + 7 + 2 × 8 = 55 h; worked 4 × 7.5 + 2 × 8.5 + 6.5 = 53.5 h;
 * overtime 1 h; ordinary 52.5 h; night 6 × 7.5 + 6.5 = 51.5 h.
 */

type Figures = {
  worked_days: number;
  open_days: number;
  expected_hours: number;
  worked_hours: number;
  ordinary_hours: number;
  overtime_hours: number;
  overtime_paid_hours: number;
  overtime_compensated_hours: number;
  overtime_unmarked_hours: number;
  night_hours: number;
  holiday_worked_days: number;
  holiday_worked_hours: number;
  leave_days: number;
  leave_hours: number;
  unjustified_absence_days: number;
  unjustified_absence_hours: number;
  auto_break_deducted_hours: number;
  rest_day_worked_days: number;
  rest_day_worked_hours: number;
  holiday_night_hours: number;
  late_days: number;
  late_minutes: number;
  early_departure_days: number;
  early_departure_minutes: number;
  overtime_marks_not_accepted: number;
  complementary_hours: number;
  /** leave type name -> [days, hours, calendar days] */
  byType: Record<string, [number, number, number]>;
};

// THE TABLE (hours), written by hand from the month described above.
const TABLE: Record<'Ana' | 'Bea' | 'Carlos', Figures> = {
  Ana: {
    worked_days: 18,
    open_days: 0,
    expected_hours: 136,
    worked_hours: 136.5,
    ordinary_hours: 128,
    overtime_hours: 2.5,
    overtime_paid_hours: 2,
    overtime_compensated_hours: 0.5,
    overtime_unmarked_hours: 0,
    night_hours: 0,
    holiday_worked_days: 1,
    holiday_worked_hours: 4,
    leave_days: 5,
    leave_hours: 40,
    unjustified_absence_days: 1,
    unjustified_absence_hours: 8,
    auto_break_deducted_hours: 0.5,
    rest_day_worked_days: 1,
    rest_day_worked_hours: 2,
    holiday_night_hours: 0,
    late_days: 0,
    late_minutes: 0,
    early_departure_days: 0,
    early_departure_minutes: 0,
    overtime_marks_not_accepted: 2,
    complementary_hours: 0,
    byType: { Vacaciones: [5, 40, 5] },
  },
  Bea: {
    worked_days: 15,
    open_days: 1,
    expected_hours: 72,
    worked_hours: 61,
    ordinary_hours: 60,
    overtime_hours: 0,
    overtime_paid_hours: 0,
    overtime_compensated_hours: 0,
    overtime_unmarked_hours: 0,
    night_hours: 0,
    holiday_worked_days: 0,
    holiday_worked_hours: 0,
    leave_days: 4,
    leave_hours: 16,
    unjustified_absence_days: 2,
    unjustified_absence_hours: 8,
    auto_break_deducted_hours: 0,
    rest_day_worked_days: 0,
    rest_day_worked_hours: 0,
    holiday_night_hours: 0,
    late_days: 1,
    late_minutes: 10,
    // The 15th's "paid" mark is on complementary hours, not overtime: the record drops a mark on a
    // day without overtime (issue 33 point 5), so payroll lists no mark to accept.
    early_departure_days: 1,
    early_departure_minutes: 15,
    overtime_marks_not_accepted: 0,
    complementary_hours: 1,
    byType: { 'Baja médica': [3, 12, 3], 'Asuntos propios': [1, 4, 1] },
  },
  Carlos: {
    worked_days: 7,
    open_days: 0,
    expected_hours: 55,
    worked_hours: 53.5,
    ordinary_hours: 52.5,
    overtime_hours: 1,
    overtime_paid_hours: 0.5,
    overtime_compensated_hours: 0.5,
    overtime_unmarked_hours: 0,
    night_hours: 51.5,
    holiday_worked_days: 0,
    holiday_worked_hours: 0,
    leave_days: 0,
    leave_hours: 0,
    unjustified_absence_days: 0,
    unjustified_absence_hours: 0,
    auto_break_deducted_hours: 0,
    rest_day_worked_days: 0,
    rest_day_worked_hours: 0,
    holiday_night_hours: 0,
    late_days: 0,
    late_minutes: 0,
    early_departure_days: 0,
    early_departure_minutes: 0,
    overtime_marks_not_accepted: 2,
    complementary_hours: 0,
    byType: {},
  },
};
const PEOPLE = ['Ana', 'Bea', 'Carlos'] as const;
const H = 3600;

let server: TestServer;
let clockDir: string;
let clockFile: string;
let admin: Client;
let adminEs: Client;
let department = 0;
let company = 0;
const ids: Record<string, number> = {};
const types: Record<string, number> = {};

async function json(res: Response) {
  const text = await res.clone().text();
  expect(res.status, text).toBeLessThan(300);
  return (await res.json()) as any;
}

const at = (iso: string) => writeFileSync(clockFile, iso);

beforeAll(async () => {
  clockDir = mkdtempSync(path.join(os.tmpdir(), 'jornada-payroll-'));
  clockFile = path.join(clockDir, 'now');
  at('2027-03-04T07:00:00Z');
  server = await startServer({ args: ['--demo'], env: { JORNADA_TEST: '1', JORNADA_FAKE_NOW_FILE: clockFile } });
  admin = new Client(server.url, 'en');
  expect((await admin.signIn('admin@demo.jornada', 'Demo#2026')).status).toBe(200);
  adminEs = new Client(server.url, 'es');
  adminEs.cookie = admin.cookie;
  const settings = (await json(await admin.get('/api/settings'))).data;
  // Break rules (decision 050): unpaid, and 30 min deducted from a day of more than 6 h without a punched break, from March 1st (effective-dated).
  // Work on a rest day is recorded, flagged (decision 032).
  await json(await admin.request('PUT', '/api/settings', { ...settings, timezone: 'Europe/Madrid', autoBreakAfterMinutes: 360, autoBreakMinutes: 30, effectiveFrom: '2027-03-01', acceptUnscheduledWork: true }));
  const first = (await json(await admin.get('/api/employees?pageSize=1'))).data[0];
  company = first.company;
  department = (await json(await admin.post('/api/departments', { name: 'Nóminas QA', company }))).data._id;
  const jobTitle = (await json(await admin.post('/api/job-titles', { name: 'Gestora', department, company: first.company }))).data._id;
  for (const t of (await json(await admin.get('/api/leave-types'))).data) types[t.name] = t._id;
  const person = (firstName: string, pin: string, extra: Record<string, unknown> = {}) => ({
    firstName,
    lastName: 'Nómina',
    gender: 'female',
    email: `${firstName.toLowerCase()}@payroll.example`,
    nationalId: `NM-${pin}`,
    company: first.company,
    department,
    jobTitle,
    leaveGroup: first.leaveGroup,
    employmentType: 'regular',
    pin,
    ...extra,
  });
  ids.Ana = (
    await json(await admin.post('/api/employees', person('Ana', '88800001', { socialSecurityNumber: '281234567840', professionalCategory: 'Grupo 3 - Oficial administrativa', contractType: '100 Indefinido' })))
  ).data._id;
  // The company's tax ID and contribution account code (CCC: 281234567 mod 97 = 42).
  const companyName = (await json(await admin.get(`/api/companies/${company}`))).data.name;
  await json(await admin.request('PATCH', `/api/companies/${company}`, { name: companyName, taxId: 'B12345678', contributionAccountCode: '28 1234567 42' }));
  ids.Bea = (await json(await admin.post('/api/employees', person('Bea', '88800002', { workingDayType: 'part-time', partTimePercent: 50 })))).data._id;
  ids.Carlos = (await json(await admin.post('/api/employees', person('Carlos', '88800003')))).data._id;
  await json(await admin.post('/api/schedules', { employee: ids.Ana, startTime: '09:00', offTime: '17:00', totalHours: 8, restDays: ['Saturday', 'Sunday'], fromDate: '2027-03-01' }));
  await json(await admin.post('/api/schedules', { employee: ids.Bea, startTime: '09:00', offTime: '13:00', totalHours: 4, restDays: ['Saturday', 'Sunday'], fromDate: '2027-03-01' }));
  await json(await admin.post('/api/schedules', { employee: ids.Carlos, startTime: '22:00', offTime: '06:00', totalHours: 8, restDays: ['Sunday', 'Monday'], fromDate: '2027-03-23' }));

  // Bea punches at the clock on the 4th and 5th (09:00 and 13:00 CET = 08:00Z and 12:00Z).
  for (const day of ['2027-03-04', '2027-03-05']) {
    for (const [time, action] of [
      ['08:00', 'check-in'],
      ['12:00', 'check-out'],
    ] as const) {
      at(`${day}T${time}:00Z`);
      const res = await admin.post('/api/clock', { action, pin: '88800002' });
      expect(res.status, await res.clone().text()).toBe(200);
    }
  }
  at('2027-04-05T10:00:00Z');

  await json(await admin.post('/api/holidays', { name: 'San José', date: '2027-03-19', company: first.company }));
  const post = async (body: Record<string, unknown>) => {
    const res = await admin.post('/api/attendances', { reason: 'Parte de horas', ...body });
    expect(res.status, `${JSON.stringify(body)} ${await res.clone().text()}`).toBe(201);
    return (await res.json()).data._id as number;
  };
  // Ana.
  const anaDays = ['01', '02', '03', '04', '05', '08', '09', '15', '16', '17', '18', '29', '31'];
  for (const d of anaDays) await post({ employee: ids.Ana, date: `2027-03-${d}`, timeIn: '09:00', timeOut: '17:30', breakIn: '13:00', breakOut: '13:30' });
  const tenth = await post({ employee: ids.Ana, date: '2027-03-10', timeIn: '09:00', timeOut: '19:30', breakIn: '13:00', breakOut: '13:30' });
  const marked = await admin.request('PATCH', `/api/attendances/${tenth}`, { timeIn: '09:00', timeOut: '19:30', breakIn: '13:00', breakOut: '13:30', reason: 'Horas extra pagadas', overtimeCompensation: 'paid' });
  expect(marked.status, await marked.clone().text()).toBe(200);
  // The 30th without a punched break: 8.5 h worked, 30 min deducted automatically, 8 h counted.
  await post({ employee: ids.Ana, date: '2027-03-30', timeIn: '09:00', timeOut: '17:30', breakIn: null, breakOut: null });
  await post({ employee: ids.Ana, date: '2027-03-11', timeIn: '09:00', timeOut: '18:00', breakIn: '13:00', breakOut: '13:30', overtimeCompensation: 'rest' });
  await post({ employee: ids.Ana, date: '2027-03-19', timeIn: '10:00', timeOut: '14:00', breakIn: null, breakOut: null });
  await post({ employee: ids.Ana, date: '2027-03-13', timeIn: '10:00', timeOut: '12:00', breakIn: null, breakOut: null });
  await json(await admin.post('/api/leaves', { employee: ids.Ana, leaveType: types['Vacaciones'], from: '2027-03-22', to: '2027-03-26', reason: 'Vacaciones', approved: true }));
  // Bea.
  for (const d of ['08', '09', '10', '11', '12', '18', '22', '23', '24', '25']) await post({ employee: ids.Bea, date: `2027-03-${d}`, timeIn: '09:00', timeOut: '13:00', breakIn: null, breakOut: null });
  await post({ employee: ids.Bea, date: '2027-03-16', timeIn: '09:10', timeOut: '13:10', breakIn: null, breakOut: null });
  await post({ employee: ids.Bea, date: '2027-03-17', timeIn: '08:45', timeOut: '12:45', breakIn: null, breakOut: null });
  await post({ employee: ids.Bea, date: '2027-03-15', timeIn: '09:00', timeOut: '14:00', breakIn: null, breakOut: null, overtimeCompensation: 'paid' });
  await post({ employee: ids.Bea, date: '2027-03-29', timeIn: '09:00', timeOut: null, breakIn: null, breakOut: null });
  await json(await admin.post('/api/leaves', { employee: ids.Bea, leaveType: types['Baja médica'], from: '2027-03-01', to: '2027-03-03', reason: 'Gripe', approved: true }));
  await json(await admin.post('/api/leaves', { employee: ids.Bea, leaveType: types['Asuntos propios'], from: '2027-03-26', to: '2027-03-26', reason: 'Mudanza', approved: true }));
  // Carlos.
  for (const d of ['23', '24', '30', '31']) await post({ employee: ids.Carlos, date: `2027-03-${d}`, timeIn: '22:00', timeOut: '06:00', breakIn: '02:00', breakOut: '02:30' });
  await post({ employee: ids.Carlos, date: '2027-03-25', timeIn: '21:00', timeOut: '06:00', breakIn: '02:00', breakOut: '02:30', overtimeCompensation: 'rest' });
  await post({ employee: ids.Carlos, date: '2027-03-26', timeIn: '22:00', timeOut: '07:00', breakIn: '02:00', breakOut: '02:30', overtimeCompensation: 'paid' });
  await post({ employee: ids.Carlos, date: '2027-03-27', timeIn: '22:00', timeOut: '06:00', breakIn: '03:00', breakOut: '03:30' });
  // Ana's March is approved (decision 051) on 5 April.
  await json(await admin.post('/api/periods/approve', { date: '2027-03-01', employees: [ids.Ana] }));
}, 180_000);

afterAll(async () => {
  await server?.stop();
  rmSync(clockDir, { recursive: true, force: true });
});

const FIXED = [
  'worked_days',
  'open_days',
  'expected_hours',
  'worked_hours',
  'ordinary_hours',
  'overtime_hours',
  'overtime_paid_hours',
  'overtime_compensated_hours',
  'overtime_unmarked_hours',
  'night_hours',
  'holiday_worked_days',
  'holiday_worked_hours',
  'leave_days',
  'leave_hours',
  'unjustified_absence_days',
  'unjustified_absence_hours',
  'auto_break_deducted_hours',
  'rest_day_worked_days',
  'rest_day_worked_hours',
  'holiday_night_hours',
  'late_days',
  'late_minutes',
  'early_departure_days',
  'early_departure_minutes',
  'overtime_marks_not_accepted',
  'complementary_hours',
] as const;
/** The figure columns of each leave type that the table holds. */
const LEAVE_FIGURE = /^leave_(\d+)_(days|hours|calendar_days)$/;
const isHours = (id: string) => id.endsWith('_hours');
const query = () => `month=2027-03&departmentId=${department}`;

/** The expected value of a column for a person in the unit of a format: seconds (JSON), text (csv), hours (xlsx). */
function expected(name: (typeof PEOPLE)[number], id: string, unit: 'seconds' | 'csv' | 'hours'): number | string {
  const row = TABLE[name];
  let value: number;
  const leave = LEAVE_FIGURE.exec(id);
  if (leave) {
    const typeName = Object.keys(types).find((n) => types[n] === Number(leave[1]))!;
    const figures = row.byType[typeName] ?? [0, 0, 0];
    value = figures[['days', 'hours', 'calendar_days'].indexOf(leave[2]!)]!;
  } else value = row[id as (typeof FIXED)[number]];
  if (!isHours(id)) return unit === 'csv' ? String(value) : value;
  return unit === 'seconds' ? value * H : unit === 'csv' ? value.toFixed(2) : value;
}

describe('the payroll export against the hand-written table', () => {
  let columns: { id: string; kind: string; label: string }[] = [];

  it('JSON: exact seconds per column, and the figures of each employee', async () => {
    const answer = (await json(await admin.get(`/api/reports/payroll?${query()}`))).data;
    expect(answer.month).toBe('2027-03');
    expect(answer.employees.map((e: any) => e.employee.name)).toEqual(['Ana Nómina', 'Bea Nómina', 'Carlos Nómina']);
    columns = answer.columns;
    const leaveColumns = columns.filter((c) => LEAVE_FIGURE.test(c.id));
    for (const name of ['Vacaciones', 'Baja médica', 'Asuntos propios']) expect(leaveColumns.map((c) => c.id)).toContain(`leave_${types[name]}_days`);
    for (const [i, name] of PEOPLE.entries()) {
      const e = answer.employees[i];
      for (const id of [...FIXED, ...leaveColumns.map((c) => c.id)]) expect(e.values[id], `${name} ${id}`).toBe(expected(name, id, 'seconds'));
      expect(e.figures.nightSeconds).toBe(TABLE[name].night_hours * H);
    }
    expect(answer.employees[0].values).toMatchObject({ month: '2027-03', national_id: 'NM-88800001', social_security_number: '281234567840', working_day_type: 'full-time', part_time_percent: null });
    expect(answer.employees[1].values).toMatchObject({ working_day_type: 'part-time', part_time_percent: 50, employee_name: 'Bea Nómina', department: 'Nóminas QA' });
    // Layout 2: who and where for the payslip, whether the month is final, the dates, the marks and the balance.
    expect(answer.layoutVersion).toBe(2);
    expect(answer.employees[0].values).toMatchObject({
      layout_version: 2,
      company_tax_id: 'B12345678',
      contribution_account_code: '28123456742',
      professional_category: 'Grupo 3 - Oficial administrativa',
      contract_type: '100 Indefinido',
      month_approved: 'yes',
      month_approved_on: '2027-04-05',
      unjustified_absence_dates: '2027-03-12',
      overtime_marks: '2027-03-10 paid pending; 2027-03-11 rest pending',
      [`leave_${types['Vacaciones']}_dates`]: '2027-03-22/2027-03-26',
      [`leave_${types['Vacaciones']}_balance_days`]: 17,
    });
    expect(answer.employees[1].values).toMatchObject({
      month_approved: 'no',
      month_approved_on: '',
      unjustified_absence_dates: '2027-03-30/2027-03-31',
      [`leave_${types['Baja médica']}_dates`]: '2027-03-01/2027-03-03',
      [`leave_${types['Baja médica']}_balance_days`]: null,
      [`leave_${types['Asuntos propios']}_balance_days`]: 2,
    });
  });

  it('CSV: the same figures as hours with two decimals, headers translated or as ids', async () => {
    const res = await admin.get(`/api/reports/payroll/export?${query()}&format=csv&headers=ids`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toContain('payroll-2027-03.csv');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // UTF-8 BOM: Excel reads the accents right
    const text = new TextDecoder().decode(bytes);
    expect(text.endsWith('\r\n')).toBe(true);
    const parsed = Papa.parse<string[]>(text.trimEnd(), { skipEmptyLines: true }).data;
    expect(parsed[0]).toEqual(columns.map((c) => c.id));
    expect(parsed).toHaveLength(4);
    for (const [i, name] of PEOPLE.entries()) {
      const row = Object.fromEntries(parsed[0]!.map((id, j) => [id, parsed[i + 1]![j]]));
      for (const id of parsed[0]!.filter((c) => FIXED.includes(c as never) || LEAVE_FIGURE.test(c))) expect(row[id], `${name} ${id}`).toBe(expected(name, id, 'csv'));
      expect(row.employee_id).toBe(String(ids[name]));
    }
    const es = await (await adminEs.get(`/api/reports/payroll/export?${query()}&format=csv`)).text();
    expect(es.split('\r\n')[0]).toContain('Horas nocturnas (22-06)');
    expect(es.split('\r\n')[0]).toContain('Vacaciones (días)');
    const en = await (await admin.get(`/api/reports/payroll/export?${query()}&format=csv&lang=en`)).text();
    expect(en.split('\r\n')[0]).toContain('Night hours (22-06)');
  });

  it('XLSX: the same figures, hours as numbers', async () => {
    const res = await admin.get(`/api/reports/payroll/export?${query()}&format=xlsx&lang=es`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('nomina-2027-03.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    const sheet = book.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const esColumns = (await json(await adminEs.get(`/api/reports/payroll?${query()}`))).data.columns;
    expect(header).toEqual(esColumns.map((c: { label: string }) => c.label));
    expect(header[columns.findIndex((c) => c.id === 'night_hours')]).toBe('Horas nocturnas (22-06)');
    expect(sheet.rowCount).toBe(4);
    for (const [i, name] of PEOPLE.entries()) {
      const cells = (sheet.getRow(i + 2).values as unknown[]).slice(1);
      columns.forEach((c, j) => {
        if (!FIXED.includes(c.id as never) && !LEAVE_FIGURE.test(c.id)) return;
        const want = expected(name, c.id, 'hours') as number;
        expect(Number(cells[j] ?? 0), `${name} ${c.id}`).toBeCloseTo(want, 9);
      });
      expect(cells[columns.findIndex((c) => c.id === 'employee_name')]).toBe(`${name} Nómina`);
    }
  });

  it('CSV in Spanish: read back in the es-ES locale (";", decimal commas, Spanish values), every hour paid once', async () => {
    const res = await adminEs.get(`/api/reports/payroll/export?${query()}&format=csv`);
    expect(res.headers.get('content-disposition')).toContain('nomina-2027-03.csv');
    const text = (await res.text()).replace(/^\uFEFF/, '');
    const lines = text.trimEnd().split('\r\n');
    expect(lines[0]!.split(';').length).toBeGreaterThan(40); // Spanish Excel splits on ';': one column per field
    const parsed = Papa.parse<Record<string, string>>(text.trimEnd(), { delimiter: ';', header: true, skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data).toHaveLength(3);
    const es = (await json(await adminEs.get(`/api/reports/payroll?${query()}`))).data.columns as { id: string; label: string }[];
    const label = (id: string) => es.find((c) => c.id === id)!.label;
    expect(parsed.meta.fields).toEqual(es.map((c) => c.label));
    // es-ES numbers: a comma before the decimals, no thousands separator in the file.
    const number = (cell: string) => {
      expect(cell, 'an es-ES decimal').toMatch(/^-?\d+(,\d+)?$/);
      return Number(cell.replace(',', '.'));
    };
    for (const [i, name] of PEOPLE.entries()) {
      const row = parsed.data[i]!;
      const h = (id: string) => number(row[label(id)]!);
      expect(row[label('employee_name')]).toBe(`${name} Nómina`);
      for (const id of FIXED) expect(h(id), `${name} ${id}`).toBe(TABLE[name][id]);
      expect(row[label('worked_hours')]).toBe(TABLE[name].worked_hours.toFixed(2).replace('.', ','));
      // No double counting: ordinary + overtime + complementary + rest-day + holiday hours are the worked hours.
      expect(h('ordinary_hours') + h('overtime_hours') + h('complementary_hours') + h('rest_day_worked_hours') + h('holiday_worked_hours'), name).toBeCloseTo(h('worked_hours'), 9);
      expect(h('overtime_paid_hours') + h('overtime_compensated_hours') + h('overtime_unmarked_hours'), name).toBeCloseTo(h('overtime_hours'), 9);
    }
    const [ana, bea] = parsed.data;
    expect(ana![label('working_day_type')]).toBe('Jornada completa');
    expect(bea![label('working_day_type')]).toBe('Jornada parcial');
    expect(ana![label('month_approved')]).toBe('sí');
    expect(bea![label('month_approved')]).toBe('no');
    expect(ana![label('overtime_marks')]).toBe('2027-03-10 retribuidas: pendiente; 2027-03-11 compensadas con descanso: pendiente');
    expect(ana![`Vacaciones (saldo de días)`]).toBe('17,00');
    expect(ana![`Vacaciones (fechas)`]).toBe('2027-03-22/2027-03-26');
    expect(bea![`Baja médica (días naturales)`]).toBe('3');
    expect(ana![label('contribution_account_code')]).toBe('28123456742');
    // The English file keeps ',' and dots.
    const en = await (await admin.get(`/api/reports/payroll/export?${query()}&format=csv&lang=en&headers=ids`)).text();
    const enRows = Papa.parse<Record<string, string>>(en.replace(/^\uFEFF/, '').trimEnd(), { header: true, skipEmptyLines: true }).data;
    expect(enRows[0]!.worked_hours).toBe('136.50');
    expect(enRows[0]!.working_day_type).toBe('Full time');
  });

  it('the page under /reports shows them', async () => {
    const res = await admin.get(`/reports/payroll?${query()}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    for (const name of PEOPLE) expect(html).toContain(`data-testid="payroll-row-${ids[name]}"`);
    expect(html).toContain('136.50');
    expect(html).toContain('51.50');
    expect(html).toContain('data-testid="payroll-open-days"');
    // A part-time worker's complementary hours have their column on the page too (issue 33 point 5).
    expect(html).toMatch(/Complementary hours|Horas complementarias/);
  });
});

describe('who may read it, and bad input', () => {
  it('an Employee account without report.read is refused; with it, sees only its own figures', async () => {
    const plain = new Client(server.url);
    expect((await plain.signIn('employee@demo.jornada', 'Demo#2026')).status).toBe(200);
    expect((await plain.get(`/api/reports/payroll?${query()}`)).status).toBe(403);
    expect((await plain.get(`/api/reports/payroll/export?${query()}&format=csv`)).status).toBe(403);
    expect((await plain.get(`/reports/payroll?${query()}`)).status).not.toBe(200);

    const userId = await addAccount(server.dataDir, { email: 'bea.reader@payroll.example', password: 'Reader#2026x', accountType: 'Employee', permissions: { report: ['read'] } });
    sqlIn(server.dataDir, 'update users set employee_id = ? where id = ?', ids.Bea, userId);
    const bea = new Client(server.url);
    expect((await bea.signIn('bea.reader@payroll.example', 'Reader#2026x')).status).toBe(200);
    for (const q of [query(), `${query()}&employee=${ids.Ana}`, 'month=2027-03']) {
      const answer = (await json(await bea.get(`/api/reports/payroll?${q}`))).data;
      expect(
        answer.employees.map((e: any) => e.employee.id),
        q,
      ).toEqual([ids.Bea]);
    }
    const csv = await (await bea.get(`/api/reports/payroll/export?month=2027-03&format=csv&headers=ids&employee=${ids.Carlos}`)).text();
    expect(csv.trimEnd().split('\r\n')).toHaveLength(2);
    expect(csv).toContain('Bea Nómina');
    expect(csv).not.toContain('Carlos');
  });

  it('a malformed month, department or format is a translated 422', async () => {
    const month = await adminEs.get('/api/reports/payroll?month=2027-13');
    expect(month.status).toBe(422);
    expect((await month.json()).errors.month).toBe('El mes debe ser un mes del calendario con la forma AAAA-MM, p. ej. 2027-03.');
    const dept = await admin.get('/api/reports/payroll?month=2027-03&departmentId=abc');
    expect(dept.status).toBe(422);
    expect((await dept.json()).errors.departmentId).toBe("The department must be a department's number.");
    const format = await admin.get('/api/reports/payroll/export?month=2027-03&format=pdf');
    expect(format.status).toBe(422);
    expect((await format.json()).errors.format).toBe('The format must be csv or xlsx.');
    // The page never fails on a bad URL: it falls back to the current month.
    expect((await admin.get('/reports/payroll?month=nope&departmentId=x')).status).toBe(200);
  });

  it('a formula typed into a name stays text in the csv', async () => {
    const renamed = await admin.request('PATCH', `/api/departments/${department}`, { name: '=HYPERLINK("x")', company });
    expect(renamed.status, await renamed.clone().text()).toBe(200);
    const csv = await (await admin.get(`/api/reports/payroll/export?${query()}&format=csv`)).text();
    expect(csv).toContain(`"'=HYPERLINK(""x"")"`);
    const es = await (await adminEs.get(`/api/reports/payroll/export?${query()}&format=csv`)).text();
    expect(es).toContain(`;"'=HYPERLINK(""x"")";`);
    // The .xlsx writes the same escaped text (a string cell, never a formula).
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await (await admin.get(`/api/reports/payroll/export?${query()}&format=xlsx&headers=ids`)).arrayBuffer()) as never);
    const sheet = book.worksheets[0]!;
    const at = (sheet.getRow(1).values as unknown[]).indexOf('department');
    expect(sheet.getRow(2).getCell(at).value).toBe(`'=HYPERLINK("x")`);
    await admin.request('PATCH', `/api/departments/${department}`, { name: 'Nóminas QA', company });
  });
});
