import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { periodExceptions } from '../../src/domain/periods/period-exceptions.ts';
import { recordNotes } from '../../src/domain/reports/record-notes.ts';
import { writeSettings } from '../../src/server/db/repositories/settings.ts';
import { runAutoClockOut } from '../../src/server/services/attendance/auto-clock-out.ts';
import { updateAttendance } from '../../src/server/services/attendance/update-attendance.ts';
import { invalidateSettings } from '../../src/server/services/get-settings.ts';
import { monthlyRecords } from '../../src/server/services/reports/monthly-records.ts';
import { openServiceDb, type ServiceDb } from '../helpers/service-db.ts';

/**
 * Decision 056: the automatic clock-out closes an open day at its SCHEDULED END once
 * `autoClockOutAfterHours` have passed since it, as a system revision (author null, audited, user
 * null), flagged `closed_automatically` for the record and the exceptions; it respects approved
 * periods, leaves flagged work open, does nothing while the setting is off, and a person's
 * correction clears the flag. Madrid in November: CET, UTC+1.
 */

let s: ServiceDb;
let ana: number;
let bea: number;
let carla: number;

const DATE = '2026-11-24';
// 09:00-17:00 CET: the scheduled end is 16:00Z; with 2 h the day closes from 18:00Z.
const BEFORE_DUE = Date.parse('2026-11-24T17:59:59Z');
const DUE = Date.parse('2026-11-24T18:00:00Z');

async function openDay(employeeId: number, extra: { workFlag?: 'unscheduled' } = {}): Promise<number> {
  const row = await s.db
    .insertInto('attendances')
    .values({
      employeeId,
      date: DATE,
      timezone: 'Europe/Madrid',
      timeIn: '2026-11-24T08:00:00.000Z',
      timeOut: null,
      workedSeconds: null,
      breakSeconds: 0,
      statusIn: 'on_time',
      lateSeconds: 0,
      earlyDepartureSeconds: 0,
      reason: null,
      source: 'clock',
      revision: 1,
      createdBy: null,
      createdAt: '2026-11-24T08:00:00.000Z',
      updatedAt: '2026-11-24T08:00:00.000Z',
      ...extra,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const day = (id: number) => s.db.selectFrom('attendances').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

async function settings(values: Record<string, unknown>): Promise<void> {
  await writeSettings(s.db, values, new Date().toISOString());
  invalidateSettings();
}

beforeAll(async () => {
  s = await openServiceDb();
  ana = await s.addEmployee({ firstName: 'Ana', pin: '4815162' });
  bea = await s.addEmployee({ firstName: 'Bea', pin: '2342421' });
  carla = await s.addEmployee({ firstName: 'Carla', pin: '9081726' });
  for (const employeeId of [ana, bea, carla]) {
    await s.db
      .insertInto('schedules')
      .values({
        employeeId,
        startTime: '09:00',
        offTime: '17:00',
        totalHours: 8,
        restDays: '[]',
        fromDate: '2026-01-01',
        toDate: null,
        status: 'current',
        createdAt: '2026-01-01T00:00:00.000Z',
        updatedAt: '2026-01-01T00:00:00.000Z',
      })
      .execute();
  }
  await settings({ timezone: 'Europe/Madrid', autoClockOutAfterHours: 2 });
});

afterAll(async () => {
  await s.close();
});

describe('automatic clock-out', () => {
  let anaDay: number;
  let beaDay: number;
  let flagged: number;

  beforeAll(async () => {
    anaDay = await openDay(ana);
    // Ana went on a break at 16:30 CET and never came back from it.
    await s.db.insertInto('attendanceBreaks').values({ attendanceId: anaDay, startAt: '2026-11-24T15:30:00.000Z', endAt: null }).execute();
    beaDay = await openDay(bea);
    flagged = await openDay(carla, { workFlag: 'unscheduled' });
    // Bea's November is approved (locked).
    await s.db
      .insertInto('periodApprovals')
      .values({ employeeId: bea, dateFrom: '2026-11-01', dateTo: '2026-11-30', status: 'approved', approvedBy: s.admin.id, approvedAt: '2026-11-24T12:00:00.000Z', reopenedBy: null, reopenedAt: null, reopenReason: null })
      .execute();
  });

  it('does nothing while the setting is off (the default)', async () => {
    expect(await runAutoClockOut(s.db, DUE)).toBe(0);
    expect((await day(anaDay)).timeOut).toBeNull();
  });

  it('closes nothing before the scheduled end plus N hours', async () => {
    await settings({ autoClockOut: true });
    expect(await runAutoClockOut(s.db, BEFORE_DUE)).toBe(0);
    expect((await day(anaDay)).timeOut).toBeNull();
  });

  it('then closes the day at the scheduled end, as a system revision, once', async () => {
    expect(await runAutoClockOut(s.db, DUE)).toBe(1);
    const closed = await day(anaDay);
    expect(closed).toMatchObject({ timeOut: '2026-11-24T16:00:00.000Z', closedAutomatically: 1, revision: 2, earlyDepartureSeconds: 0 });
    // 08:00Z-16:00Z less the break 15:30Z-16:00Z (ended at the check-out).
    expect(closed.workedSeconds).toBe(8 * 3600 - 30 * 60);
    const breaks = await s.db.selectFrom('attendanceBreaks').select(['startAt', 'endAt']).where('attendanceId', '=', anaDay).execute();
    expect(breaks).toEqual([{ startAt: '2026-11-24T15:30:00.000Z', endAt: '2026-11-24T16:00:00.000Z' }]);
    const revisions = await s.db.selectFrom('attendanceRevisions').select(['revision', 'timeOut', 'authorId']).where('attendanceId', '=', anaDay).orderBy('revision').execute();
    expect(revisions).toEqual([
      { revision: 1, timeOut: null, authorId: null },
      { revision: 2, timeOut: '2026-11-24T16:00:00.000Z', authorId: null },
    ]);
    const audit = await s.db.selectFrom('auditLog').select(['userId', 'action']).where('entity', '=', 'attendance').where('entityId', '=', String(anaDay)).execute();
    expect(audit).toEqual([{ userId: null, action: 'auto-clock-out' }]);
    // A second run finds nothing left to close.
    expect(await runAutoClockOut(s.db, DUE + 60_000)).toBe(0);
    expect((await day(anaDay)).revision).toBe(2);
  });

  it('respects an approved period and leaves flagged work open', async () => {
    expect((await day(beaDay)).timeOut).toBeNull();
    expect((await day(flagged)).timeOut).toBeNull();
  });

  it('is in the record notes and the period-close exceptions', async () => {
    const { records, now, period } = await monthlyRecords(s.db, { employee: ana }, '2026-11');
    const record = records[0]!.record;
    const d = record.days.find((x) => x.date === DATE)!;
    expect(d.closedAutomatically).toBe(true);
    const keys = recordNotes(d, now).map((n) => n.key);
    expect(keys).toContain('reports.record.closedAutomatically');
    expect(keys).not.toContain('reports.record.corrected');
    expect(periodExceptions({ days: record.days, period, now }).closedAutomatically).toEqual([DATE]);
  });

  it('loses the flag when a person corrects the day (the review)', async () => {
    await updateAttendance(s.db, anaDay, { timeIn: '09:00', timeOut: '18:30', breakIn: '16:30', breakOut: '17:00', reason: 'Salió a las 18:30' }, s.admin, new Date(DUE + 3_600_000));
    expect(await day(anaDay)).toMatchObject({ closedAutomatically: 0, revision: 3, timeOut: '2026-11-24T17:30:00.000Z' });
  });
});
