import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSettings } from '../../src/server/db/repositories/settings.ts';
import { hoursBalances } from '../../src/server/services/balance/hours-balances.ts';
import { invalidateSettings } from '../../src/server/services/get-settings.ts';
import { payrollReport } from '../../src/server/services/payroll/payroll-report.ts';
import { periodCloseView } from '../../src/server/services/periods/period-close.ts';
import { monthlyRecords } from '../../src/server/services/reports/monthly-records.ts';
import { assignDepartmentSchedule, createSchedule } from '../../src/server/services/schedules/save-schedule.ts';
import { openServiceDb, type ServiceDb } from '../helpers/service-db.ts';

/**
 * Issue 33 point 6, as reported: the installation is set up on Saturday 2026-11-28 (Madrid, CET,
 * UTC+1) and the schedules are created that day without a first day. They start on Monday the
 * 30th (the next working day, never today), so that Saturday is nobody's absence; a schedule
 * backdated to the 2nd counts no absence before the installation existed. The record, payroll,
 * the period close and the hours balance all say so.
 */

let s: ServiceDb;
let clockDir: string;
let clockFile: string;
let ana: number;
let bea: number;
let carla: number;
/** On the schedule from Monday, but did not come: one real absence, in payroll and in the balance alike. */
let dani: number;
const previousClock = process.env['JORNADA_FAKE_NOW_FILE'];
const H = 3600;

const setNow = (iso: string) => writeFileSync(clockFile, iso);

async function workedMonday(employeeId: number): Promise<void> {
  await s.db
    .insertInto('attendances')
    .values({
      employeeId,
      date: '2026-11-30',
      timezone: 'Europe/Madrid',
      timeIn: '2026-11-30T08:00:00.000Z',
      timeOut: '2026-11-30T16:00:00.000Z',
      workedSeconds: 8 * H,
      breakSeconds: 0,
      statusIn: 'on_time',
      lateSeconds: 0,
      earlyDepartureSeconds: 0,
      reason: null,
      source: 'clock',
      revision: 1,
      createdBy: null,
      createdAt: '2026-11-30T16:00:00.000Z',
      updatedAt: '2026-11-30T16:00:00.000Z',
    })
    .execute();
}

beforeAll(async () => {
  clockDir = mkdtempSync(path.join(tmpdir(), 'jornada-clock-'));
  clockFile = path.join(clockDir, 'now');
  process.env['JORNADA_FAKE_NOW_FILE'] = clockFile;
  // Saturday morning: the company is created now (the installation's first day).
  setNow('2026-11-28T09:00:00.000Z');
  s = await openServiceDb();
  await writeSettings(s.db, { timezone: 'Europe/Madrid' }, '2026-11-28T09:00:00.000Z');
  invalidateSettings();
  ana = await s.addEmployee({ firstName: 'Ana', pin: '4815162' });
  bea = await s.addEmployee({ firstName: 'Bea', pin: '2342421' });
  carla = await s.addEmployee({ firstName: 'Carla', pin: '9081726' });
  dani = await s.addEmployee({ firstName: 'Dani', pin: '6120347' });
});

afterAll(async () => {
  await s.close();
  if (previousClock === undefined) delete process.env['JORNADA_FAKE_NOW_FILE'];
  else process.env['JORNADA_FAKE_NOW_FILE'] = previousClock;
  rmSync(clockDir, { recursive: true, force: true });
});

describe('setting up on a Saturday', () => {
  it('a department schedule without a first day starts on the next working day (Saturday works, Sunday rests: Monday)', async () => {
    const count = await assignDepartmentSchedule(s.db, { department: s.departmentId, startTime: '09:00', offTime: '17:00', totalHours: 8, restDays: ['Sunday'] }, s.admin);
    expect(count).toBe(4);
    const rows = await s.db.selectFrom('schedules').select(['employeeId', 'fromDate']).execute();
    expect(rows.map((r) => r.fromDate)).toEqual(['2026-11-30', '2026-11-30', '2026-11-30', '2026-11-30']);
  });

  it("so does one employee's schedule, and an empty first day is the same as none", async () => {
    const created = await createSchedule(s.db, { employee: bea, startTime: '09:00', offTime: '17:00', totalHours: 8, restDays: ['Saturday', 'Sunday'] }, s.admin);
    expect(created.fromDate).toBe('2026-11-30');
    const empty = await createSchedule(s.db, { employee: ana, startTime: '08:00', offTime: '16:00', totalHours: 8, restDays: ['Saturday', 'Sunday'], fromDate: '' }, s.admin);
    expect(empty.fromDate).toBe('2026-11-30');
  });

  it('bad input without a first day is still refused, and nothing is written', async () => {
    const before = await s.db
      .selectFrom('schedules')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    await expect(
      createSchedule(s.db, { employee: ana, startTime: '09:00', offTime: '17:00', totalHours: 8, restDays: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] }, s.admin),
    ).rejects.toMatchObject({ status: 422 });
    const after = await s.db
      .selectFrom('schedules')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('a schedule backdated to before the installation counts no absence before it', async () => {
    const created = await createSchedule(s.db, { employee: carla, startTime: '09:00', offTime: '17:00', totalHours: 8, restDays: ['Saturday', 'Sunday'], fromDate: '2026-11-02' }, s.admin);
    expect(created.fromDate).toBe('2026-11-02');
  });

  describe('the month after Monday was worked', () => {
    beforeAll(async () => {
      for (const id of [ana, bea, carla]) await workedMonday(id);
      setNow('2026-12-01T11:00:00.000Z');
    });

    it("the monthly record: the Saturday is nobody's absence, and no day before the installation is one", async () => {
      const { records } = await monthlyRecords(s.db, {}, '2026-11');
      expect(records.map((r) => r.employee.id).sort()).toEqual([ana, bea, carla, dani].sort());
      for (const r of records) {
        expect(r.record.totals.absentDays).toBe(r.employee.id === dani ? 1 : 0);
        expect(r.record.days.find((d) => d.date === '2026-11-28')!.kind).not.toBe('absent');
        expect(r.record.totals.expectedSeconds).toBe(8 * H);
      }
      const carlas = records.find((r) => r.employee.id === carla)!.record.days;
      expect(carlas.find((d) => d.date === '2026-11-27')).toMatchObject({ kind: 'before-start', expectedSeconds: 0 });
    });

    it('payroll: no unjustified absence, 8 h expected each', async () => {
      const { rows } = await payrollReport(s.db, {}, '2026-11');
      expect(rows).toHaveLength(4);
      for (const r of rows) {
        if (r.employee.id === dani) expect(r.figures).toMatchObject({ unjustifiedDays: 1, unjustifiedSeconds: 8 * H, expectedSeconds: 8 * H, workedDays: 0 });
        else expect(r.figures).toMatchObject({ unjustifiedDays: 0, unjustifiedSeconds: 0, expectedSeconds: 8 * H, workedDays: 1 });
      }
    });

    it('the period close lists no absence', async () => {
      const view = await periodCloseView(s.db, { date: '2026-11-15' });
      for (const row of view.rows) expect(row.exceptions.absences).toEqual(row.employee.id === dani ? ['2026-11-30'] : []);
    });

    it("the hours balance agrees: nothing owed either way, and Dani's absence debited as payroll counts it", async () => {
      const balances = await hoursBalances(s.db, {});
      for (const b of balances) {
        if (b.employee.id === dani) expect(b).toMatchObject({ from: '2026-11-30', balance: { balanceSeconds: -8 * H, expectedSeconds: 8 * H, countedSeconds: 0 } });
        else expect(b.balance).toMatchObject({ balanceSeconds: 0, expectedSeconds: 8 * H, countedSeconds: 8 * H });
      }
    });
  });
});
