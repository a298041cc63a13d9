import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateAttendance } from '../../src/server/services/attendance/update-attendance.ts';
import { openServiceDb, type ServiceDb, type TestActor } from '../helpers/service-db.ts';

/** Decision 024 through updateAttendance: an Employee account corrects no attendance, its own or another's. */

const DATE = '2026-01-07';
const NOW = new Date('2026-01-10T12:00:00Z');
const correction = { timeIn: '09:00', timeOut: '17:00', reason: 'Corrección' };

let s: ServiceDb;
let own: number;
let other: number;
let ownAttendance: number;
let otherAttendance: number;
let employeeActor: TestActor;

async function addAttendance(employeeId: number): Promise<number> {
  const row = await s.db
    .insertInto('attendances')
    .values({
      employeeId,
      date: DATE,
      timezone: 'Europe/Madrid',
      timeIn: '2026-01-07T08:10:00.000Z',
      timeOut: '2026-01-07T16:00:00.000Z',
      workedSeconds: 7 * 3600 + 50 * 60,
      breakSeconds: 0,
      statusIn: null,
      lateSeconds: 0,
      earlyDepartureSeconds: 0,
      reason: null,
      source: 'clock',
      revision: 1,
      createdBy: null,
      createdAt: '2026-01-07T08:10:00.000Z',
      updatedAt: '2026-01-07T16:00:00.000Z',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const revisionOf = async (id: number) => (await s.db.selectFrom('attendances').select('revision').where('id', '=', id).executeTakeFirstOrThrow()).revision;

beforeAll(async () => {
  s = await openServiceDb();
  own = await s.addEmployee({ firstName: 'Eva', pin: '2468013' });
  other = await s.addEmployee({ firstName: 'Otro', pin: '1357924' });
  ownAttendance = await addAttendance(own);
  otherAttendance = await addAttendance(other);
  employeeActor = await s.addAccount({ email: 'eva@service.test', accountType: 'Employee', roleId: s.roles.employee, employeeId: own });
});

afterAll(async () => {
  await s.close();
});

describe('updateAttendance: record access', () => {
  it('answers another employee’s attendance as missing (404) to an Employee account', async () => {
    await expect(updateAttendance(s.db, otherAttendance, correction, employeeActor, NOW)).rejects.toMatchObject({ code: 'errors.notFound', status: 404 });
    expect(await revisionOf(otherAttendance)).toBe(1);
  });

  it('refuses the Employee account’s own attendance (403, read-only)', async () => {
    await expect(updateAttendance(s.db, ownAttendance, correction, employeeActor, NOW)).rejects.toMatchObject({
      code: 'errors.recordsReadOnly',
      status: 403,
    });
    expect(await revisionOf(ownAttendance)).toBe(1);
  });

  it('lets an Admin correct it: a new revision with the recomputed hours', async () => {
    const updated = await updateAttendance(s.db, ownAttendance, correction, s.admin, NOW);
    expect(updated).toMatchObject({ revision: 2, reason: 'Corrección', workedSeconds: 8 * 3600 });
    expect(await revisionOf(ownAttendance)).toBe(2);
  });
});
