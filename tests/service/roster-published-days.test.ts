import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decidePunch } from '../../src/domain/clock/clock-engine.ts';
import { loadPunchState } from '../../src/server/db/repositories/clock-state.ts';
import { writePlannedDays, type PlannedDayWrite } from '../../src/server/db/repositories/planned-days.ts';
import { schedulesOfEmployee } from '../../src/server/db/repositories/attendances.ts';
import { createAttendance } from '../../src/server/services/attendance/create-attendance.ts';
import { approvePeriods } from '../../src/server/services/periods/approve-periods.ts';
import { verifyRecordChain } from '../../src/server/services/record-chain/verify-record-chain.ts';
import { monthlyRecords } from '../../src/server/services/reports/monthly-records.ts';
import { createSchedule } from '../../src/server/services/schedules/save-schedule.ts';
import { openServiceDb, type ServiceDb } from '../helpers/service-db.ts';

/**
 * Issue 39 point 3 (decision 085), in-process: a published roster day is the day's plan for the
 * record (expected, rest, lateness) and for the clock; where nothing is published the schedule
 * pattern stays; the published days are chained and period-locked where they are written.
 * Fixed dates in March 2026 (Europe/Madrid, UTC+1) and a fixed business clock.
 */

const NOW = new Date('2026-06-15T10:00:00Z');
let s: ServiceDb;
let luis: number;

const shift = (date: string, startTime: string, endTime: string, breakMinutes = 0): PlannedDayWrite => ({ employeeId: luis, date, kind: 'shift', startTime, endTime, breakMinutes });
const rest = (date: string): PlannedDayWrite => ({ employeeId: luis, date, kind: 'rest', startTime: null, endTime: null, breakMinutes: 0 });
const publish = (days: PlannedDayWrite[]) => s.db.transaction().execute((trx) => writePlannedDays(trx, days, NOW.toISOString(), s.admin.id));
const dayOf = async (date: string) => (await monthlyRecords(s.db, { employee: luis }, '2026-03', { fresh: true })).records[0]!.record.days.find((d) => d.date === date)!;

beforeAll(async () => {
  process.env['JORNADA_TEST'] = '1';
  process.env['JORNADA_FAKE_NOW'] = NOW.toISOString();
  s = await openServiceDb();
  luis = await s.addEmployee({ firstName: 'Luis', pin: '4815163' });
  await createSchedule(s.db, { employee: luis, startTime: '09:00', offTime: '17:00', totalHours: 8, restDays: ['Saturday', 'Sunday'], fromDate: '2026-01-01', toDate: null }, s.admin);
  // His record begins on 2 March (the absence floor counts from the first recorded day, decision 049).
  await createAttendance(s.db, { employee: luis, date: '2026-03-02', timeIn: '09:00', timeOut: '17:00', reason: 'Hoja de horas' }, s.admin, 'en', NOW);
});

afterAll(async () => {
  delete process.env['JORNADA_FAKE_NOW'];
  await s.close();
});

describe('published roster days', () => {
  it('replace the pattern on their dates only: a shift sets the expected time, a rest day rests, a Saturday shift works', async () => {
    const changed = await publish([shift('2026-03-10', '14:00', '22:00', 30), rest('2026-03-11'), shift('2026-03-14', '10:00', '14:00')]);
    expect(changed).toHaveLength(3);
    expect(await dayOf('2026-03-10')).toMatchObject({ expectedSeconds: 7.5 * 3600 });
    expect((await dayOf('2026-03-11')).expectedSeconds).toBe(0);
    expect(await dayOf('2026-03-14')).toMatchObject({ expectedSeconds: 4 * 3600 });
    // Untouched days keep the pattern.
    expect(await dayOf('2026-03-12')).toMatchObject({ expectedSeconds: 8 * 3600 });
  });

  it('re-publishing the same days changes nothing and writes no chain entry', async () => {
    const before = await s.db
      .selectFrom('recordChain')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    expect(await publish([shift('2026-03-10', '14:00', '22:00', 30), rest('2026-03-11')])).toEqual([]);
    const after = await s.db
      .selectFrom('recordChain')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    expect(Number(after?.n)).toBe(Number(before?.n));
  });

  it('lateness is measured against the published shift, not the pattern', async () => {
    await createAttendance(s.db, { employee: luis, date: '2026-03-10', timeIn: '14:00', timeOut: '22:00', reason: 'Hoja de horas' }, s.admin, 'en', NOW);
    expect((await dayOf('2026-03-10')).lateSeconds ?? 0).toBe(0);
    await createAttendance(s.db, { employee: luis, date: '2026-03-14', timeIn: '10:20', timeOut: '14:00', reason: 'Hoja de horas' }, s.admin, 'en', NOW);
    expect((await dayOf('2026-03-14')).lateSeconds).toBe(20 * 60);
  });

  it('the clock puts a check-in near the published start into that shift', async () => {
    const state = (await loadPunchState(s.db, luis, '2026-03-17', { since: '2026-03-17T00:00:00.000Z', until: '2026-03-17T00:00:00.000Z' })).state;
    await publish([shift('2026-03-17', '14:00', '22:00')]);
    const published = (await loadPunchState(s.db, luis, '2026-03-17', { since: '2026-03-17T00:00:00.000Z', until: '2026-03-17T00:00:00.000Z' })).state;
    const punch = (st: typeof state, now: string) => decidePunch({ action: 'check-in', now, timeZone: 'Europe/Madrid', ...st, graceMinutes: 5, breaksPerDay: 1, timeFormat: '1' });
    // 13:55 Madrid = 12:55Z: nearly 5 h late for the pattern's 09:00 shift, on time for the published 14:00 one.
    expect(punch(state, '2026-03-17T12:55:00Z')).toMatchObject({ ok: true, change: { statusIn: 'late', lateSeconds: 4 * 3600 + 55 * 60 } });
    expect(punch(published, '2026-03-17T12:55:00Z')).toMatchObject({ ok: true, change: { action: 'check-in', date: '2026-03-17', statusIn: 'on_time', lateSeconds: 0 } });
    expect(punch(published, '2026-03-17T13:20:00Z')).toMatchObject({ ok: true, change: { statusIn: 'late', lateSeconds: 20 * 60 } });
  });

  it('is chained: verify holds, and an edited published day is named', async () => {
    expect((await verifyRecordChain(s.db)).brokenCount).toBe(0);
    await s.db.updateTable('plannedDays').set({ startTime: '15:00' }).where('employeeId', '=', luis).where('date', '=', '2026-03-10').execute();
    const broken = (await verifyRecordChain(s.db)).broken.filter((b) => b.kind === 'shift');
    expect(broken).toHaveLength(1);
    await s.db.updateTable('plannedDays').set({ startTime: '14:00' }).where('employeeId', '=', luis).where('date', '=', '2026-03-10').execute();
    expect((await verifyRecordChain(s.db)).brokenCount).toBe(0);
  });

  it('a day in an approved period cannot be re-rostered, and nothing is written', async () => {
    expect(await approvePeriods(s.db, { date: '2026-02-15', employees: [luis] }, s.admin)).toMatchObject({ approved: 1 });
    await expect(publish([shift('2026-03-02', '10:00', '18:00'), shift('2026-02-20', '10:00', '18:00')])).rejects.toMatchObject({ status: 409, code: 'periods.locked' });
    expect(await s.db.selectFrom('plannedDays').select('date').where('date', 'in', ['2026-03-02', '2026-02-20']).execute()).toEqual([]);
  });

  it("leave and other readers of an employee's schedules see the published days", async () => {
    const rules = await schedulesOfEmployee(s.db, luis, { from: '2026-03-01', to: '2026-03-31' });
    expect(rules.filter((r) => r.rostered).map((r) => r.fromDate)).toEqual(expect.arrayContaining(['2026-03-10', '2026-03-11', '2026-03-14', '2026-03-17']));
  });
});
