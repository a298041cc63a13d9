import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateAttendance } from '../../src/server/services/attendance/update-attendance.ts';
import { openServiceDb, type ServiceDb } from '../helpers/service-db.ts';

/**
 * Issue 18.5: in Madrid on 2026-03-29 the clocks jump from 02:00 to 03:00. A manual break typed at
 * 02:30 used to be stored as if it began at 03:30 and shrank to nothing; now it is refused, with
 * nothing written, and a time that exists is taken.
 */

const NOW = new Date('2026-04-02T12:00:00Z');
let s: ServiceDb;
let attendanceId: number;

const stored = async () => s.db.selectFrom('attendances').select(['revision', 'breakSeconds', 'workedSeconds']).where('id', '=', attendanceId).executeTakeFirstOrThrow();

beforeAll(async () => {
  s = await openServiceDb();
  const employeeId = await s.addEmployee({ firstName: 'Noche', pin: '8642097' });
  const row = await s.db
    .insertInto('attendances')
    .values({
      employeeId,
      date: '2026-03-29',
      timezone: 'Europe/Madrid',
      timeIn: '2026-03-28T23:30:00.000Z', // 00:30 CET
      timeOut: '2026-03-29T06:00:00.000Z', // 08:00 CEST
      workedSeconds: 5.5 * 3600,
      breakSeconds: 0,
      statusIn: null,
      lateSeconds: 0,
      earlyDepartureSeconds: 0,
      reason: null,
      source: 'clock',
      revision: 1,
      createdBy: null,
      createdAt: '2026-03-28T23:30:00.000Z',
      updatedAt: '2026-03-29T06:00:00.000Z',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  attendanceId = row.id;
});

afterAll(async () => {
  await s.close();
});

describe('a manual time skipped by the DST gap', () => {
  it('is refused with a clear message on its field, and nothing is written', async () => {
    const error = await updateAttendance(s.db, attendanceId, { timeIn: '00:30', timeOut: '08:00', breakIn: '02:30', breakOut: '03:15', reason: 'Pausa olvidada' }, s.admin, NOW).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'attendance.timeSkippedByDst', status: 422 });
    expect(JSON.stringify(error)).toContain('breakIn');
    expect(await stored()).toMatchObject({ revision: 1, breakSeconds: 0 });
  });

  it('takes a time that exists: the break counts its real 15 minutes', async () => {
    const updated = await updateAttendance(s.db, attendanceId, { timeIn: '00:30', timeOut: '08:00', breakIn: '03:00', breakOut: '03:15', reason: 'Pausa olvidada' }, s.admin, NOW);
    expect(updated).toMatchObject({ revision: 2, breakSeconds: 15 * 60 });
    // 00:30 CET to 08:00 CEST is 6 h 30 min of real time, less the break.
    expect((await stored()).workedSeconds).toBe(6.5 * 3600 - 15 * 60);
  });
});
