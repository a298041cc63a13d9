import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The data directory must be chosen before any module reads it.
const dirs = [mkdtempSync(path.join(tmpdir(), 'jornada-seed-'))];
process.env.DATA_DIR = dirs[0];

const { getDb, closeDb } = await import('../../src/server/db/connection.ts');
const { createFirstAccount } = await import('../../src/server/services/first-run/create-first-account.ts');
const { seedDemoData } = await import('../../src/server/services/seed-demo-data.ts');
const { pinKey } = await import('../../src/server/auth/pin-key.ts');
const { resetInstanceConfigCache } = await import('../../src/server/config/instance-config.ts');
const { addDays, localDateOf, localTimeOf, weekdayOf } = await import('../../src/domain/time/zoned-time.ts');
const { createTestDatabase, dropTestDatabase } = await import('../helpers/test-database.ts');

/** On PostgreSQL (JORNADA_TEST_POSTGRES) each data set goes into a new database of its own. */
const databases: string[] = [];
async function useNewDatabase(): Promise<void> {
  const url = await createTestDatabase();
  if (!url) return;
  databases.push(url);
  process.env.DATABASE_URL = url;
}

type Db = Awaited<ReturnType<typeof getDb>>;

const TODAY = '2026-11-20';
const FIRST_DAY = addDays(TODAY, -60);
const TZ = 'Europe/Lisbon';

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

async function freshSeededDb(): Promise<{ db: Db; companyId: number }> {
  const db = await getDb();
  const { companyId } = await createFirstAccount(db, {
    company: 'Panadería La Espiga',
    fullName: 'Demo Administrator',
    email: 'admin@demo.jornada',
    password: 'Demo#2026',
  });
  await seedDemoData(db, { companyId, today: TODAY });
  return { db, companyId };
}

let db: Db;
let companyId: number;

beforeAll(async () => {
  await useNewDatabase();
  ({ db, companyId } = await freshSeededDb());
});

afterAll(async () => {
  await closeDb();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  for (const url of databases) await dropTestDatabase(url);
});

describe('seedDemoData', () => {
  it('creates the organisation: 3 departments with 2 job titles each, leave types and group', async () => {
    const departments = await db.selectFrom('departments').selectAll().where('companyId', '=', companyId).execute();
    expect(departments.map((d) => d.name).sort()).toEqual(['Administración', 'Obrador', 'Tienda']);
    const jobTitles = await db.selectFrom('jobTitles').selectAll().where('companyId', '=', companyId).execute();
    expect(jobTitles).toHaveLength(6);
    for (const d of departments) expect(jobTitles.filter((j) => j.departmentId === d.id)).toHaveLength(2);

    const types = await db.selectFrom('leaveTypes').selectAll().where('companyId', '=', companyId).execute();
    expect(Object.fromEntries(types.map((t) => [t.name, t.daysPerYear]))).toEqual({
      Vacaciones: 22,
      'Asuntos propios': 3,
      'Baja médica': null,
    });
    const groups = await db.selectFrom('leaveGroups').selectAll().where('companyId', '=', companyId).execute();
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({ name: 'General', status: 'active' });
    expect(groups[0]!.description.length).toBeGreaterThan(0);
    const privilege = await db.selectFrom('leaveGroupLeaveTypes').selectAll().where('leaveGroupId', '=', groups[0]!.id).execute();
    expect(privilege.map((p) => p.leaveTypeId).sort()).toEqual(types.map((t) => t.id).sort());
  });

  it('creates 25 active employees with valid DNIs, unique emails and PIN keys 100001..100025', async () => {
    const employees = await db.selectFrom('employees').selectAll().where('companyId', '=', companyId).orderBy('id').execute();
    expect(employees).toHaveLength(25);
    for (const e of employees) {
      expect(e.status).toBe('active');
      expect(e.nationalId).toMatch(/^\d{8}[A-Z]$/);
      expect(e.nationalId[8]).toBe('TRWAGMYFPDXBNJZSQVHLCKE'[Number(e.nationalId.slice(0, 8)) % 23]);
      expect(e.email).toMatch(/^[a-z]+\.[a-z]+@[a-z.]+$/);
      expect(['male', 'female']).toContain(e.gender);
      expect(e.birthday).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(e.officialStartDate! <= addDays(TODAY, -90)).toBe(true);
      // Nobody started work as a child.
      expect(e.officialStartDate! >= addDays(e.birthday!, 18 * 365)).toBe(true);
    }
    expect(new Set(employees.map((e) => e.email)).size).toBe(25);
    expect(new Set(employees.map((e) => e.nationalId)).size).toBe(25);
    expect(employees.filter((e) => e.employmentType === 'trainee').length).toBeGreaterThan(0);
    expect(employees.filter((e) => e.employmentType === 'regular').length).toBeGreaterThan(20);
    employees.forEach((e, i) => expect(e.pinKey).toBe(pinKey(String(100001 + i))));
  });

  it('gives every employee one current schedule', async () => {
    const schedules = await db
      .selectFrom('schedules')
      .innerJoin('employees', 'employees.id', 'schedules.employeeId')
      .select(['schedules.status', 'schedules.fromDate', 'schedules.toDate', 'schedules.startTime', 'schedules.offTime', 'schedules.totalHours', 'schedules.restDays'])
      .where('employees.companyId', '=', companyId)
      .execute();
    expect(schedules).toHaveLength(25);
    for (const s of schedules) {
      expect(s).toMatchObject({ status: 'current', fromDate: addDays(TODAY, -90), toDate: null, totalHours: 8 });
      expect(s.startTime).toMatch(/^\d{2}:\d{2}$/);
      expect((minutesOf(s.offTime) - minutesOf(s.startTime) + 24 * 60) % (24 * 60)).toBe(8 * 60);
      expect(JSON.parse(s.restDays)).toHaveLength(2);
    }
    expect(schedules.filter((s) => s.startTime === '22:00' && s.offTime === '06:00')).toHaveLength(1);
    expect(schedules.some((s) => s.restDays === '["Sunday","Monday"]')).toBe(true);
    expect(schedules.some((s) => s.restDays === '["Saturday","Sunday"]')).toBe(true);
  });

  it('creates consistent attendance within the last 60 days, never on a rest day', async () => {
    const rows = await db
      .selectFrom('attendances')
      .innerJoin('schedules', 'schedules.employeeId', 'attendances.employeeId')
      .select([
        'attendances.id',
        'attendances.employeeId',
        'attendances.date',
        'attendances.timezone',
        'attendances.timeIn',
        'attendances.timeOut',
        'attendances.workedSeconds',
        'attendances.breakSeconds',
        'attendances.statusIn',
        'attendances.lateSeconds',
        'attendances.source',
        'attendances.revision',
        'schedules.startTime',
        'schedules.restDays',
      ])
      .execute();
    const breaks = await db.selectFrom('attendanceBreaks').selectAll().execute();
    const breaksOf = new Map<number, typeof breaks>();
    for (const b of breaks) breaksOf.set(b.attendanceId, [...(breaksOf.get(b.attendanceId) ?? []), b]);

    expect(rows.length).toBeGreaterThan(800);
    for (const r of rows) {
      expect(r.date >= FIRST_DAY && r.date <= TODAY).toBe(true);
      expect(JSON.parse(r.restDays)).not.toContain(weekdayOf(r.date));
      expect(r).toMatchObject({ timezone: TZ, source: 'clock', revision: 1 });
      // The check-in is local to the work date and near the scheduled start, in summer and winter
      // time alike (the window includes 25 October, when Lisbon leaves summer time).
      expect(localDateOf(r.timeIn, TZ)).toBe(r.date);
      const delta = minutesOf(localTimeOf(r.timeIn, TZ)) - minutesOf(r.startTime);
      expect(delta).toBeGreaterThanOrEqual(-12);
      expect(delta).toBeLessThanOrEqual(25);
      expect(r.statusIn).toBe(r.lateSeconds > 0 ? 'late' : 'on_time');

      const own = breaksOf.get(r.id) ?? [];
      const closedBreakSeconds = own.filter((b) => b.endAt !== null).reduce((sum, b) => sum + (Date.parse(b.endAt!) - Date.parse(b.startAt)) / 1000, 0);
      expect(r.breakSeconds).toBe(closedBreakSeconds);
      if (r.timeOut === null) {
        expect(r.workedSeconds).toBeNull();
      } else {
        expect(Date.parse(r.timeOut)).toBeGreaterThan(Date.parse(r.timeIn));
        expect(r.workedSeconds).toBe((Date.parse(r.timeOut) - Date.parse(r.timeIn)) / 1000 - r.breakSeconds);
        for (const b of own) {
          expect(Date.parse(b.startAt)).toBeGreaterThan(Date.parse(r.timeIn));
          expect(Date.parse(b.endAt!)).toBeLessThan(Date.parse(r.timeOut));
        }
      }
    }
    // Only today's rows are open.
    expect(rows.filter((r) => r.timeOut === null).every((r) => r.date === TODAY)).toBe(true);
    // Most days have a break.
    const past = rows.filter((r) => r.date < TODAY);
    expect(past.filter((r) => r.breakSeconds > 0).length / past.length).toBeGreaterThan(0.7);
    // About 10 % late, by 5 to 25 minutes.
    const late = past.filter((r) => r.statusIn === 'late');
    expect(late.length / past.length).toBeGreaterThan(0.04);
    expect(late.length / past.length).toBeLessThan(0.2);
    for (const r of late) {
      expect(r.lateSeconds).toBeGreaterThanOrEqual(5 * 60);
      expect(r.lateSeconds).toBeLessThanOrEqual(25 * 60);
    }
  });

  it('ends night shifts on the next calendar day, across the end of summer time', async () => {
    const night = await db
      .selectFrom('attendances')
      .innerJoin('schedules', 'schedules.employeeId', 'attendances.employeeId')
      .select(['attendances.date', 'attendances.timeIn', 'attendances.timeOut'])
      .where('schedules.startTime', '=', '22:00')
      .where('attendances.date', '<', TODAY)
      .execute();
    expect(night.length).toBeGreaterThan(30);
    for (const r of night) {
      expect(r.timeOut).not.toBeNull();
      expect(localDateOf(r.timeOut!, TZ)).toBe(addDays(r.date, 1));
      const out = minutesOf(localTimeOf(r.timeOut!, TZ));
      expect(out).toBeGreaterThanOrEqual(5 * 60 + 15);
      expect(out).toBeLessThanOrEqual(6 * 60 + 15);
    }
    // Saturday 24 October 2026, 22:00 WEST to Sunday 06:00 WET: nine hours on the wall clock's 8.
    const dst = night.find((r) => r.date === '2026-10-24');
    expect(dst).toBeDefined();
    const hours = (Date.parse(dst!.timeOut!) - Date.parse(dst!.timeIn)) / 3_600_000;
    expect(hours).toBeGreaterThan(8.2);
    expect(hours).toBeLessThan(9.5);
  });

  it('records one punch per event, linked to its attendance', async () => {
    const attendances = await db.selectFrom('attendances').select(['id', 'timeIn', 'timeOut']).execute();
    const breaks = await db.selectFrom('attendanceBreaks').selectAll().execute();
    const punches = await db.selectFrom('punches').selectAll().execute();
    const byAction = (a: string) => punches.filter((p) => p.action === a);
    expect(byAction('check-in')).toHaveLength(attendances.length);
    expect(byAction('check-out')).toHaveLength(attendances.filter((a) => a.timeOut !== null).length);
    expect(byAction('break-in')).toHaveLength(breaks.length);
    expect(byAction('break-out')).toHaveLength(breaks.filter((b) => b.endAt !== null).length);
    expect(punches.every((p) => p.attendanceId !== null)).toBe(true);
    const timeInOf = new Map(attendances.map((a) => [a.id, a.timeIn]));
    for (const p of byAction('check-in')) expect(p.at).toBe(timeInOf.get(p.attendanceId!));
    const methods = new Set(punches.map((p) => p.method));
    expect(methods).toEqual(new Set(['pin', 'face']));
    expect(byAction('check-in').filter((p) => p.method === 'pin').length).toBeGreaterThan(byAction('check-in').length / 2);
  });

  it('leaves a few employees clocked in today, one of them on break', async () => {
    const today = await db.selectFrom('attendances').selectAll().where('date', '=', TODAY).execute();
    expect(today.length).toBeGreaterThanOrEqual(2);
    expect(today.length).toBeLessThanOrEqual(6);
    for (const r of today) {
      expect(r.timeOut).toBeNull();
      expect(r.workedSeconds).toBeNull();
    }
    const openBreaks = await db
      .selectFrom('attendanceBreaks')
      .innerJoin('attendances', 'attendances.id', 'attendanceBreaks.attendanceId')
      .select(['attendances.date'])
      .where('attendanceBreaks.endAt', 'is', null)
      .execute();
    expect(openBreaks).toEqual([{ date: TODAY }]);
  });

  it('creates leave requests of every status; approved leave has no attendance', async () => {
    const leaves = await db.selectFrom('leaves').selectAll().execute();
    expect(leaves.length).toBeGreaterThanOrEqual(8);
    expect(new Set(leaves.map((l) => l.status))).toEqual(new Set(['pending', 'approved', 'declined']));
    expect(leaves.some((l) => l.toDate < TODAY)).toBe(true);
    expect(leaves.some((l) => l.fromDate > TODAY)).toBe(true);
    const schedules = await db.selectFrom('schedules').select(['employeeId', 'restDays']).execute();
    const restDaysOf = new Map(schedules.map((s) => [s.employeeId, JSON.parse(s.restDays) as string[]]));
    for (const l of leaves) {
      expect(l.reason.length).toBeGreaterThan(0);
      expect(l.fromDate <= l.toDate).toBe(true);
      // The return date is the first working day after the leave.
      expect(l.returnDate! > l.toDate).toBe(true);
      expect(restDaysOf.get(l.employeeId)).not.toContain(weekdayOf(l.returnDate!));
      for (let d = addDays(l.toDate, 1); d < l.returnDate!; d = addDays(d, 1)) {
        expect(restDaysOf.get(l.employeeId)).toContain(weekdayOf(d));
      }
      if (l.status === 'pending') expect(l.decidedAt).toBeNull();
      else expect(l.decidedBy).not.toBeNull();
      if (l.status === 'approved') {
        const overlapping = await db.selectFrom('attendances').select('id').where('employeeId', '=', l.employeeId).where('date', '>=', l.fromDate).where('date', '<=', l.toDate).execute();
        expect(overlapping).toEqual([]);
      }
    }
  });

  it('adds the manager and employee demo accounts linked to employees 1 and 2', async () => {
    const users = await db
      .selectFrom('users')
      .innerJoin('roles', 'roles.id', 'users.roleId')
      .select(['users.email', 'users.accountType', 'users.employeeId', 'users.status', 'users.companyId', 'roles.name as role'])
      .orderBy('users.id')
      .execute();
    expect(users).toHaveLength(3);
    const employees = await db.selectFrom('employees').select('id').where('companyId', '=', companyId).orderBy('id').execute();
    expect(users[1]).toEqual({
      email: 'manager@demo.jornada',
      accountType: 'Admin',
      employeeId: employees[0]!.id,
      status: 'enabled',
      companyId,
      role: 'Administrator',
    });
    expect(users[2]).toEqual({
      email: 'employee@demo.jornada',
      accountType: 'Employee',
      employeeId: employees[1]!.id,
      status: 'enabled',
      companyId,
      role: 'Employee',
    });
    const { verifyPassword } = await import('../../src/server/auth/passwords.ts');
    const hash = await db.selectFrom('users').select('passwordHash').where('email', '=', 'employee@demo.jornada').executeTakeFirstOrThrow();
    expect(await verifyPassword(hash.passwordHash, 'Demo#2026')).toBe(true);
  });

  it('does nothing when the company already has employees', async () => {
    await seedDemoData(db, { companyId, today: TODAY });
    const n = await db
      .selectFrom('employees')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(25);
  });

  it('is reproducible: the same day gives the same data set', async () => {
    const snapshot = async (d: Db) => ({
      employees: await d.selectFrom('employees').select(['firstName', 'lastName', 'nationalId', 'birthday', 'phone']).orderBy('id').execute(),
      attendances: await d.selectFrom('attendances').select(['date', 'timeIn', 'timeOut', 'breakSeconds']).orderBy('id').execute(),
      leaves: await d.selectFrom('leaves').select(['fromDate', 'toDate', 'status']).orderBy('id').execute(),
    });
    const first = await snapshot(db);
    await closeDb();
    const second = mkdtempSync(path.join(tmpdir(), 'jornada-seed-'));
    dirs.push(second);
    process.env.DATA_DIR = second;
    resetInstanceConfigCache();
    await useNewDatabase();
    const again = await freshSeededDb();
    db = again.db;
    expect(await snapshot(again.db)).toEqual(first);
  });
});
