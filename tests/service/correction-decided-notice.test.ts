import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveMailSettings } from '../../src/server/mail/mail-settings.ts';
import { createAttendance } from '../../src/server/services/attendance/create-attendance.ts';
import { createCorrectionRequest } from '../../src/server/services/corrections/create-correction-request.ts';
import { decideCorrection } from '../../src/server/services/corrections/decide-correction-request.ts';
import { createSchedule } from '../../src/server/services/schedules/save-schedule.ts';
import { openServiceDb, type ServiceDb, type TestActor } from '../helpers/service-db.ts';

/**
 * Issue 37.15: when an administrator decided a worker's correction request the worker heard
 * nothing (a leave decision sends an email). Now each decision queues one email to the worker, in
 * the decision's transaction, with the comment; the kind is theirs to mute like a leave decision.
 */
const NOW = new Date('2026-06-15T10:00:00Z');
let s: ServiceDb;
let ana: number;
let worker: TestActor;

const mails = async () => s.db.selectFrom('outbox').select(['dedupeKey', 'recipient', 'language']).where('dedupeKey', 'like', 'correctionDecided:%').orderBy('id').execute();

beforeAll(async () => {
  s = await openServiceDb();
  await saveMailSettings(s.db, { host: '127.0.0.1', port: 2525, security: 'none', user: '', password: '', from: 'jornada@service.test', appUrl: 'http://jornada.test' }, s.superAdmin.id);
  ana = await s.addEmployee({ firstName: 'Ana', pin: '4815162' });
  worker = await s.addAccount({ email: 'ana@service.test', accountType: 'Employee', roleId: s.roles.employee, employeeId: ana });
  await createSchedule(s.db, { employee: ana, startTime: '09:00', offTime: '17:00', totalHours: 8, restDays: ['Saturday', 'Sunday'], fromDate: '2026-01-01', toDate: null }, s.admin);
  await createAttendance(s.db, { employee: ana, date: '2026-03-10', timeIn: '09:00', reason: 'Forgot to punch' }, s.admin, 'en', NOW);
});

afterAll(async () => {
  await s.close();
});

describe('a decided correction request', () => {
  it('tells the worker, once per decision, approved or declined', async () => {
    const approved = await createCorrectionRequest(s.db, { date: '2026-03-10', timeIn: '09:00', timeOut: '17:00', breakIn: null, breakOut: null, reason: 'Forgot the check-out' }, worker, NOW);
    const declined = await createCorrectionRequest(s.db, { date: '2026-03-11', timeIn: '09:00', timeOut: '17:00', breakIn: null, breakOut: null, reason: 'Was here' }, worker, NOW);
    expect(await mails()).toEqual([]);
    await decideCorrection(s.db, approved._id, 'approve', { comment: '' }, s.admin, 'en', NOW);
    await decideCorrection(s.db, declined._id, 'decline', { comment: 'No punches that day' }, s.admin, 'en', NOW);
    expect(await mails()).toEqual([
      { dedupeKey: `correctionDecided:${approved._id}:approved`, recipient: 'ana@service.test', language: 'es' },
      { dedupeKey: `correctionDecided:${declined._id}:declined`, recipient: 'ana@service.test', language: 'es' },
    ]);
  });
});
