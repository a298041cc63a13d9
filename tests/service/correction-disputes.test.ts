import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveMailSettings } from '../../src/server/mail/mail-settings.ts';
import { createAttendance } from '../../src/server/services/attendance/create-attendance.ts';
import { updateAttendance } from '../../src/server/services/attendance/update-attendance.ts';
import { answerCorrection } from '../../src/server/services/corrections/answer-correction.ts';
import { disputedDays } from '../../src/server/services/disputes/disputed-days.ts';
import { saveAccountNotifications } from '../../src/server/services/notifications/save-account-notifications.ts';
import { saveCompanyNotifications } from '../../src/server/services/notifications/save-company-notifications.ts';
import { monthlyRecords } from '../../src/server/services/reports/monthly-records.ts';
import { createSchedule } from '../../src/server/services/schedules/save-schedule.ts';
import { addFailingTrigger } from '../helpers/failing-trigger.ts';
import { openServiceDb, type ServiceDb, type TestActor } from '../helpers/service-db.ts';

/**
 * Issue 38 point 4 (decision 082) in-process: a worker's rejection of an administrator's correction
 * queues an email to the accounts holding workTotals.read (the representatives), in the
 * rejection's transaction; the list of disputed days holds names and dates only; the monthly
 * record keeps the dispute beside later corrections.
 */
const NOW = new Date('2026-03-20T10:00:00Z');
const COMMENT = 'Entré a las 9:00; el lector falló (pregunta a Luis)';
let s: ServiceDb;
let ana: number;
let worker: TestActor;
let comite: TestActor;

const mails = async () => (await s.db.selectFrom('outbox').select(['dedupeKey', 'recipient']).where('kind', '=', 'correctionDisputed').orderBy('id').execute()).map((m) => m.recipient).sort();

/** A manual day by the administrator, then its correction (revision 2), waiting for Ana. */
async function correctedDay(date: string): Promise<number> {
  const day = await createAttendance(s.db, { employee: ana, date, timeIn: '09:00', timeOut: '17:00', reason: 'Forgot to punch' }, s.admin, 'en', NOW);
  await answerCorrection(s.db, day._id, { revision: 1, answer: 'accepted' }, worker, NOW);
  await updateAttendance(s.db, day._id, { timeIn: '09:30', timeOut: '17:00', reason: 'Camera shows 09:30' }, s.admin, NOW);
  return day._id;
}

beforeAll(async () => {
  s = await openServiceDb();
  await saveMailSettings(s.db, { host: '127.0.0.1', port: 2525, security: 'none', user: '', password: '', from: 'jornada@service.test', appUrl: 'http://jornada.test' }, s.superAdmin.id);
  ana = await s.addEmployee({ firstName: 'Ana', lastName: 'Ruiz', pin: '4815162' });
  worker = await s.addAccount({ email: 'ana@service.test', accountType: 'Employee', roleId: s.roles.employee, employeeId: ana });
  await createSchedule(s.db, { employee: ana, startTime: '09:00', offTime: '17:00', totalHours: 8, restDays: ['Saturday', 'Sunday'], fromDate: '2026-01-01', toDate: null }, s.admin);
  comite = await s.addAccount({ email: 'comite@service.test', accountType: 'Admin', permissions: { workTotals: ['read'] } });
  await s.addAccount({ email: 'jefe@service.test', accountType: 'Admin', permissions: { attendance: ['create', 'read', 'update'], report: ['read'] } });
});

afterAll(async () => {
  await s.close();
});

describe('a rejected correction', () => {
  it('tells every account holding workTotals.read, and nobody else (not the worker, not an approver without it)', async () => {
    const id = await correctedDay('2026-03-02');
    await answerCorrection(s.db, id, { revision: 2, answer: 'rejected', comment: COMMENT }, worker, NOW);
    // The Representatives account, and the administrators whose role reads the totals.
    expect(await mails()).toEqual(['admin@service.test', 'comite@service.test', 'super@service.test']);
    const row = await s.db.selectFrom('outbox').select('payload').where('kind', '=', 'correctionDisputed').where('recipient', '=', 'comite@service.test').executeTakeFirstOrThrow();
    expect(row.payload).toContain('Ana Ruiz');
    // Names and dates only: the worker's comment and the times stay in the record.
    expect(row.payload).not.toContain('lector');
    expect(row.payload).not.toContain('09:30');
  });

  it('is written with its email or not at all: a failed email undoes the rejection', async () => {
    const id = await correctedDay('2026-03-03');
    const before = await mails();
    const drop = addFailingTrigger(s.dataDir, { name: 'no_dispute_mail', table: 'outbox', event: 'insert', when: "new.kind = 'correctionDisputed'", message: 'outbox down' });
    try {
      await expect(answerCorrection(s.db, id, { revision: 2, answer: 'rejected', comment: 'No' }, worker, NOW)).rejects.toThrow(/outbox down/);
    } finally {
      drop();
    }
    const row = await s.db.selectFrom('attendanceCorrectionAcceptances').select('status').where('attendanceId', '=', id).where('revision', '=', 2).executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');
    expect(await mails()).toEqual(before);
  });

  it('an acceptance tells nobody; a muted account or a company switch turned off gets nothing', async () => {
    const accepted = await correctedDay('2026-03-04');
    await answerCorrection(s.db, accepted, { revision: 2, answer: 'accepted' }, worker, NOW);
    expect((await mails()).length).toBe(3);
    await saveAccountNotifications(s.db, { id: comite.id, email: 'comite@service.test', accountType: 'Admin' }, { language: null, muted: ['correctionDisputed'] });
    const muted = await correctedDay('2026-03-05');
    await answerCorrection(s.db, muted, { revision: 2, answer: 'rejected', comment: 'No fue así' }, worker, NOW);
    expect((await mails()).filter((m) => m === 'comite@service.test').length).toBe(1);
    expect((await mails()).length).toBe(5);
    await saveCompanyNotifications(s.db, s.companyId, { settings: [{ kind: 'correctionDisputed', enabled: false }] }, s.superAdmin.id);
    const off = await correctedDay('2026-03-06');
    await answerCorrection(s.db, off, { revision: 2, answer: 'rejected', comment: 'Tampoco' }, worker, NOW);
    expect((await mails()).length).toBe(5);
  });
});

describe('the disputed days', () => {
  it('list names and dates only, newest day first, and say when a later accepted correction resolved one', async () => {
    // The first day's dispute: a later correction the worker accepts resolves it.
    const [first] = await s.db.selectFrom('attendances').select('id').where('employeeId', '=', ana).where('date', '=', '2026-03-02').execute();
    await updateAttendance(s.db, first!.id, { timeIn: '09:10', timeOut: '17:00', reason: 'Door log says 09:10' }, s.admin, new Date('2026-03-21T10:00:00Z'));
    await answerCorrection(s.db, first!.id, { revision: 3, answer: 'accepted' }, worker, new Date('2026-03-22T10:00:00Z'));
    const rows = await disputedDays(s.db, s.companyId);
    expect(rows).toEqual([
      { employeeId: ana, name: 'Ana Ruiz', date: '2026-03-06', objectedOn: '2026-03-20', resolvedOn: null },
      { employeeId: ana, name: 'Ana Ruiz', date: '2026-03-05', objectedOn: '2026-03-20', resolvedOn: null },
      { employeeId: ana, name: 'Ana Ruiz', date: '2026-03-02', objectedOn: '2026-03-20', resolvedOn: '2026-03-22' },
    ]);
    const text = JSON.stringify(rows);
    for (const secret of ['lector', 'No fue así', 'Tampoco', 'T09', 'Camera']) expect(text).not.toContain(secret);
  });

  it('stay on the monthly record with both sides after a later correction, also in the personal area', async () => {
    const { records } = await monthlyRecords(s.db, { employee: ana }, '2026-03', { withRevisions: true });
    const day = records[0]!.record.days.find((d) => d.date === '2026-03-02')!;
    expect(day.workerAcceptance?.state).toBe('accepted');
    expect(day.disputes).toHaveLength(1);
    const [d] = day.disputes!;
    expect(d).toMatchObject({ revision: 2, author: 'admin@service.test', reason: 'Camera shows 09:30', comment: COMMENT, resolvedAt: '2026-03-22T10:00:00.000Z' });
    // The service company's zone is UTC.
    expect(d!.before?.timeIn).toBe('2026-03-02T09:00:00.000Z');
    expect(d!.after.timeIn).toBe('2026-03-02T09:30:00.000Z');
    // The record without the history (exports, inspector) carries it too.
    const plain = await monthlyRecords(s.db, { company: s.companyId }, '2026-03');
    expect(plain.records.find((r) => r.employee.id === ana)!.record.days.find((x) => x.date === '2026-03-02')!.disputes).toEqual(day.disputes);
  });
});
