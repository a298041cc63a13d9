import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAttendance } from '../../src/server/services/attendance/create-attendance.ts';
import { createCorrectionRequest } from '../../src/server/services/corrections/create-correction-request.ts';
import { createSchedule } from '../../src/server/services/schedules/save-schedule.ts';
import { translate } from '../../src/i18n/translate.ts';
import { openServiceDb, type ServiceDb, type TestActor } from '../helpers/service-db.ts';

/**
 * Issue 37.13: a worker's correction request identical to the record was accepted and sent to an
 * administrator. Now it is refused (422 on the check-in time, es and en) and nothing is written;
 * a request that changes one minute, or a day with more breaks than a request can name, still goes.
 */
const NOW = new Date('2026-06-15T10:00:00Z');
let s: ServiceDb;
let ana: number;
let worker: TestActor;

const requests = async () => (await s.db.selectFrom('attendanceCorrectionRequests').select('id').where('employeeId', '=', ana).execute()).length;
const ask = (changes: Record<string, unknown>) => createCorrectionRequest(s.db, { timeOut: null, breakIn: null, breakOut: null, reason: 'Check', ...changes }, worker, NOW);

beforeAll(async () => {
  s = await openServiceDb();
  ana = await s.addEmployee({ firstName: 'Ana', pin: '4815162' });
  worker = await s.addAccount({ email: 'ana@service.test', accountType: 'Employee', roleId: s.roles.employee, employeeId: ana });
  await createSchedule(s.db, { employee: ana, startTime: '09:00', offTime: '17:00', totalHours: 8, restDays: ['Saturday', 'Sunday'], fromDate: '2026-01-01', toDate: null }, s.admin);
  await createAttendance(s.db, { employee: ana, date: '2026-03-10', timeIn: '09:00', timeOut: '17:00', breakIn: '13:00', breakOut: '13:30', reason: 'Forgot to punch' }, s.admin, 'en', NOW);
  await createAttendance(s.db, { employee: ana, date: '2026-03-11', timeIn: '08:30', reason: 'Forgot to punch' }, s.admin, 'en', NOW);
});

afterAll(async () => {
  await s.close();
});

describe('a correction request the same as the record', () => {
  it('is refused with a clear message and writes nothing', async () => {
    const same = ask({ date: '2026-03-10', timeIn: '09:00', timeOut: '17:00', breakIn: '13:00', breakOut: '13:30' });
    await expect(same).rejects.toMatchObject({ status: 422, code: 'corrections.sameAsRecord', fields: { timeIn: 'corrections.sameAsRecord' } });
    // A day without its check-out, asked again without one.
    await expect(ask({ date: '2026-03-11', timeIn: '08:30' })).rejects.toMatchObject({ status: 422, code: 'corrections.sameAsRecord' });
    expect(await requests()).toBe(0);
    expect(translate('es', 'corrections.sameAsRecord')).toMatch(/^Tu solicitud coincide/);
    expect(translate('en', 'corrections.sameAsRecord')).toMatch(/^Your request is the same/);
  });

  it('goes through when one time differs (a minute is enough)', async () => {
    await ask({ date: '2026-03-10', timeIn: '09:00', timeOut: '17:01', breakIn: '13:00', breakOut: '13:30' });
    await ask({ date: '2026-03-11', timeIn: '08:30', timeOut: '16:30' });
    expect(await requests()).toBe(2);
  });
});
