import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../helpers/http-client.ts';
import { startServer, type TestServer } from '../helpers/test-server.ts';

/**
 * Issue 21.5 (decision 053): public holidays imported from date-holidays, and leave balances with
 * accrual, proration for joiners and leavers, and carry-over with an expiry — through the API,
 * on a fixed day (Wednesday 10 February 2027).
 */
let server: TestServer;
let admin: Client;
let employee: Client;
let company: number;

beforeAll(async () => {
  server = await startServer({ args: ['--demo'], env: { JORNADA_TEST: '1', JORNADA_FAKE_NOW: '2027-02-10T10:00:00.000Z' } });
  admin = new Client(server.url);
  await admin.signIn('admin@demo.jornada', 'Demo#2026');
  employee = new Client(server.url);
  await employee.signIn('employee@demo.jornada', 'Demo#2026');
  company = (await (await admin.get('/api/companies')).json()).data[0]._id;
});
afterAll(async () => {
  await server?.stop();
});

const body = (r: Response) => r.json();
const holidaysOf = async (year: number) => (await body(await admin.get(`/api/holidays?year=${year}&pageSize=100`))).data as { date: string; name: string }[];

/** Madrid's public holidays in 2027 (date-holidays): national and regional, no observances. */
const MADRID_2027 = ['2027-01-01', '2027-01-06', '2027-03-25', '2027-03-26', '2027-05-01', '2027-05-03', '2027-08-15', '2027-10-12', '2027-11-01', '2027-12-06', '2027-12-08', '2027-12-25'];

/** The translated message each field's problem shows (the client sends English). */
const FIELD_MESSAGES: Record<string, string> = {
  country: 'That country is not on the list',
  region: "That region is not one of that country's",
  year: 'Enter a year from 1970 to 2100',
  company: 'This record does not exist (it may have been deleted)',
};

describe('public holiday import', () => {
  it("previews a region's public holidays, marks days already taken, and imports only the new ones", async () => {
    // Local holidays by hand: San Isidro, and Christmas already there under another name.
    expect((await admin.post('/api/holidays', { name: 'San Isidro', date: '2027-05-15', company })).status).toBe(201);
    expect((await admin.post('/api/holidays', { name: 'Navidad (a mano)', date: '2027-12-25', company })).status).toBe(201);

    const preview = await admin.get(`/api/holidays/import?company=${company}&country=es&region=md&year=2027`);
    expect(preview.status).toBe(200);
    const plan = (await body(preview)).holidays as { date: string; name: string; status: string; existingName: string | null }[];
    // One row per day (the Madrid day and its substitute share 3 May), no observances (San José 19 March, Almudena 9 November).
    expect(plan.map((h) => h.date)).toEqual(MADRID_2027);
    expect(plan.find((h) => h.date === '2027-12-25')).toMatchObject({ status: 'exists', existingName: 'Navidad (a mano)' });
    expect(plan.filter((h) => h.status === 'new')).toHaveLength(11);
    // Previewing wrote nothing.
    expect(await holidaysOf(2027)).toHaveLength(2);

    const imported = await admin.post('/api/holidays/import', { company, country: 'ES', region: 'MD', year: 2027 });
    expect(imported.status).toBe(200);
    expect(await body(imported)).toMatchObject({ imported: 11, skipped: 1 });
    const after = await holidaysOf(2027);
    expect(after.map((h) => h.date).sort()).toEqual([...MADRID_2027, '2027-05-15'].sort());
    expect(after.find((h) => h.date === '2027-12-25')!.name).toBe('Navidad (a mano)');

    // Importing again (or the national days only) adds nothing.
    expect(await body(await admin.post('/api/holidays/import', { company, country: 'ES', region: 'MD', year: 2027 }))).toMatchObject({ imported: 0, skipped: 12 });
    expect(await body(await admin.post('/api/holidays/import', { company, country: 'ES', region: null, year: 2027 }))).toMatchObject({ imported: 0 });
    expect(await holidaysOf(2027)).toHaveLength(13);
  });

  it("imports a region without touching another year, and the regions are Spain's communities", async () => {
    const places = await body(await admin.get('/api/holidays/places?country=ES'));
    expect(places.regions.map((r: { code: string }) => r.code)).toEqual(expect.arrayContaining(['AN', 'CT', 'MD', 'PV', 'VC', 'CE', 'ML']));
    expect(places.regions).toHaveLength(19);
    expect(places.countries.length).toBeGreaterThan(100);
    const res = await body(await admin.post('/api/holidays/import', { company, country: 'ES', region: 'CT', year: 2028 }));
    expect(res.imported).toBeGreaterThan(10);
    // Catalonia's own days: Sant Joan and La Diada.
    expect((await holidaysOf(2028)).map((h) => h.date)).toEqual(expect.arrayContaining(['2028-06-24', '2028-09-11']));
  });

  it('refuses bad input with the field named, writing nothing', async () => {
    const before = (await holidaysOf(2029)).length;
    const cases: [Record<string, unknown>, string][] = [
      [{ company, country: 'XX', region: null, year: 2029 }, 'country'],
      [{ company, country: 'ES', region: 'ZZ', year: 2029 }, 'region'],
      [{ company, country: 'ES', region: 'MD', year: 1800 }, 'year'],
      [{ company, country: 'ES', region: 'MD', year: 'next' }, 'year'],
      [{ company: 999_999, country: 'ES', region: 'MD', year: 2029 }, 'company'],
      [{ company, country: "ES' OR 1=1", region: 'MD', year: 2029 }, 'country'],
    ];
    for (const [input, field] of cases) {
      const res = await admin.post('/api/holidays/import', input);
      expect(res.status, JSON.stringify(input)).toBe(422);
      const answer = await body(res);
      expect(answer.errors[field], JSON.stringify(input)).toBe(FIELD_MESSAGES[field]);
    }
    expect((await admin.post('/api/holidays/import', { country: 'ES', region: 'MD', year: 2029 })).status).toBe(422);
    expect((await admin.get(`/api/holidays/import?company=${company}&country=ES&region=XX&year=2029`)).status).toBe(422);
    expect((await admin.get('/api/holidays/places?country=XX')).status).toBe(422);
    expect(await holidaysOf(2029)).toHaveLength(before);
  });

  it('is closed to an Employee account', async () => {
    expect((await employee.get(`/api/holidays/import?company=${company}&country=ES&region=MD&year=2030`)).status).toBe(403);
    expect((await employee.post('/api/holidays/import', { company, country: 'ES', region: 'MD', year: 2030 })).status).toBe(403);
    expect((await employee.get('/api/holidays/places?country=ES')).status).toBe(403);
    expect(await holidaysOf(2030)).toHaveLength(0);
  });
});

describe('leave that reflects reality', () => {
  let accrued: number;
  let carried: number;
  let joiner: number;
  let veteran: number;

  /** An employee of the demo company in a leave group allowing both new types. */
  let groupId = 0;
  const employeeBody = async (n: number, dates: { officialStartDate: string; endDate: string | null }, leaveGroup: number) => {
    const jobTitle = (await body(await admin.get('/api/job-titles?pageSize=1'))).data[0];
    return {
      firstName: 'Prueba',
      lastName: `Devengo ${n}`,
      gender: 'female',
      email: `devengo${n}@example.com`,
      nationalId: ['00000001R', '00000002W'][n - 1],
      company,
      department: jobTitle.department,
      jobTitle: jobTitle._id,
      leaveGroup,
      employmentType: 'regular',
      pin: `765000${n}`,
      ...dates,
    };
  };
  const newEmployee = async (n: number, dates: { officialStartDate: string; endDate: string | null }, leaveGroup: number) => {
    const res = await admin.post('/api/employees', await employeeBody(n, dates, leaveGroup));
    expect(res.status, await res.clone().text()).toBe(201);
    return (await body(res)).data;
  };
  const balance = async (who: number, type: number, year: number) => ((await body(await admin.get(`/api/leaves/balances?employee=${who}&year=${year}`))).data as { leaveType: number }[]).find((b) => b.leaveType === type);
  const request = (who: number, type: number, from: string, to: string, approved = false) => admin.post('/api/leaves', { employee: who, leaveType: type, from, to, reason: 'Vacaciones', approved });

  beforeAll(async () => {
    const type = async (input: Record<string, unknown>) => {
      const res = await admin.post('/api/leave-types', { company, ...input });
      expect(res.status, await res.clone().text()).toBe(201);
      return (await body(res)).data._id as number;
    };
    accrued = await type({ name: 'Vacaciones devengadas', daysPerYear: 22, accrualDaysPerMonth: 2 });
    carried = await type({ name: 'Vacaciones con arrastre', daysPerYear: 22, carryOverMaxDays: 5, carryOverExpiry: '03-31' });
    const group = await admin.post('/api/leave-groups', { name: 'Devengo', description: 'Pruebas de devengo', privilege: [accrued, carried], status: 'active', company });
    expect(group.status).toBe(201);
    groupId = (await body(group)).data._id;
    // Joins Friday 16 April 2027, leaves Thursday 30 September 2027; no schedule: every day counts.
    const j = await newEmployee(1, { officialStartDate: '2027-04-16', endDate: '2027-09-30' }, groupId);
    expect(j.endDate).toBe('2027-09-30');
    joiner = j._id;
    veteran = (await newEmployee(2, { officialStartDate: '2020-01-01', endDate: null }, groupId))._id;
  });

  it('refuses an end date before the start date', async () => {
    const input = await employeeBody(1, { officialStartDate: '2027-04-16', endDate: '2027-04-15' }, groupId);
    const res = await admin.request('PATCH', `/api/employees/${joiner}`, { ...input, pin: '' });
    expect(res.status).toBe(422);
    expect((await body(res)).errors.endDate).toBe('The end date cannot be before the start date');
  });

  it('refuses a leave type with a bad accrual or expiry', async () => {
    const bad = await admin.post('/api/leave-types', { company, name: 'Mal', daysPerYear: 22, accrualDaysPerMonth: 40, carryOverExpiry: '13-01' });
    expect(bad.status).toBe(422);
    const errors = (await body(bad)).errors;
    expect(errors.accrualDaysPerMonth).toBe('Enter 0 to 31 days a month');
    expect(errors.carryOverExpiry).toBe('Write the date as MM-DD, for example 03-31');
    expect((await admin.post('/api/leave-types', { company, name: 'Mal', carryOverExpiry: '02-30' })).status).toBe(422);
  });

  it('accrues days per month worked, prorated for a joiner and a leaver, and refuses leave beyond them', async () => {
    // 10 February: the joiner has earned nothing yet.
    expect(await balance(joiner, accrued, 2027)).toMatchObject({ entitled: 0, remaining: 0 });
    // Mon 7..Fri 11 June: earned by June = April 15/30 × 2 + May 2 + June 2 = 5: fits exactly.
    const june = await request(joiner, accrued, '2027-06-07', '2027-06-11');
    expect(june.status, await june.clone().text()).toBe(201);
    expect((await body(june)).data.days).toBe(5);
    // One more June day is beyond what June has earned.
    const more = await request(joiner, accrued, '2027-06-14', '2027-06-14');
    expect(more.status).toBe(422);
    expect((await body(more)).errors.to).toBeTruthy();
    // An August day: earned by August 9, 6 asked in all.
    expect((await request(joiner, accrued, '2027-08-02', '2027-08-02')).status).toBe(201);
    expect(await balance(joiner, accrued, 2027)).toMatchObject({ entitled: 9, pending: 6, remaining: 3 });
    // The whole year: accrued 11 but 22 × 168/365 = 10.13 -> 10.5 employed days cap it; 11 days ask too much.
    const december = await request(joiner, accrued, '2027-09-20', '2027-09-24');
    expect(december.status).toBe(422);
    expect((await body(december)).message).toContain('takes 5 working days and 4.5 remain');
  });

  it('carries unused days into the next year until they lapse', async () => {
    // 15 days of 2026 recorded after the fact: 7 unused, 5 carried into 2027, lapsing after 31 March.
    expect((await request(veteran, carried, '2026-08-03', '2026-08-17', true)).status).toBe(201);
    expect(await balance(veteran, carried, 2027)).toMatchObject({ entitled: 22, carriedOver: 5, carryOverExpires: '2027-03-31', remaining: 27 });
    // Mon 29 March..Fri 2 April: 3 days before the expiry use carried days, 2 are the year's own.
    expect((await request(veteran, carried, '2027-03-29', '2027-04-02')).status).toBe(201);
    expect(await balance(veteran, carried, 2027)).toMatchObject({ pending: 5, remaining: 22 });
    // Saturday 1..Monday 24 May less the holidays imported above (1, 3 and 15 May): 21 days. The
    // 2 carried days left cannot be used after March: 22 - 2 own days remain for it.
    const may = await request(veteran, carried, '2027-05-01', '2027-05-24');
    expect(may.status).toBe(422);
    expect((await body(may)).message).toContain('takes 21 working days and 20 remain');
    expect((await request(veteran, carried, '2027-05-01', '2027-05-23')).status).toBe(201);
    // Today (10 February) the 2 carried days left still count: 22 own - 2 - 20 + 2.
    expect(await balance(veteran, carried, 2027)).toMatchObject({ pending: 25, remaining: 2 });
  });

  it('shows the employee their own balance only', async () => {
    const own = await body(await employee.get(`/api/leaves/balances?employee=${veteran}&year=2027`));
    expect(own.employee).not.toBe(veteran);
  });
});
