import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { approvePeriods } from '../../src/server/services/periods/approve-periods.ts';
import { payrollReport } from '../../src/server/services/payroll/payroll-report.ts';
import { verifyRecordChain } from '../../src/server/services/record-chain/verify-record-chain.ts';
import { monthlyRecords } from '../../src/server/services/reports/monthly-records.ts';
import { recordInterruptionFor, recordStandbyFor, removeTimeApartFor } from '../../src/server/services/time-apart/admin-time-apart.ts';
import { recordOwnInterruption, recordOwnStandby, removeOwnTimeApart } from '../../src/server/services/time-apart/personal-time-apart.ts';
import { openServiceDb, type ServiceDb } from '../helpers/service-db.ts';

/**
 * Time apart (issue 38 point 1, decision 080) where it is written: the period lock and the record
 * chain are taken by the repository writers, the personal services write only the session's own
 * employee and never through a token, the administrator's follow record access and four eyes, and
 * the work (called-in part, interruption work) reaches the record and payroll. Fixed fake clock
 * (March 2031), a schedule without rest days.
 */

let s: ServiceDb;
const H = 3600;
const at = (iso: string) => {
  process.env['JORNADA_TEST'] = '1';
  process.env['JORNADA_FAKE_NOW'] = iso;
};

let workers = 0;
async function worker(firstName: string) {
  workers++;
  const employeeId = await s.addEmployee({ firstName, pin: String(8200000 + workers) });
  await s.db
    .insertInto('schedules')
    .values({
      employeeId,
      startTime: '09:00',
      offTime: '17:00',
      totalHours: 8,
      restDays: '[]',
      fromDate: '2020-01-01',
      toDate: null,
      status: 'current',
      createdAt: '2020-01-01T00:00:00.000Z',
      updatedAt: '2020-01-01T00:00:00.000Z',
    })
    .execute();
  const account = await s.addAccount({ email: `ta${workers}@service.test`, accountType: 'Employee', roleId: s.roles.employee, employeeId });
  return { employeeId, user: { id: account.id, employeeId } };
}

const onCall = { kind: 'on_call' as const, startAt: '2031-03-04T18:00:00.000Z', endAt: '2031-03-04T23:00:00.000Z', calledInSeconds: 1800, note: 'Avería en el horno' };
const call = { at: '2031-03-05T20:00:00.000Z', channel: 'phone' as const, durationSeconds: 900, workDone: true, note: null };
/** Chain problems of the time-apart kinds (the schedules these tests insert directly are not chained). */
const apartProblems = async () => (await verifyRecordChain(s.db)).broken.filter((b) => b.kind === 'standby' || b.kind === 'interruption');
const entriesOf = (kind: string, refId: number) =>
  s.db
    .selectFrom('recordChain')
    .selectAll()
    .where('kind', '=', kind as never)
    .where('refId', '=', refId)
    .orderBy('seq')
    .execute();

beforeAll(async () => {
  s = await openServiceDb();
  at('2031-03-20T10:00:00.000Z');
});
afterEach(() => at('2031-03-20T10:00:00.000Z'));
afterAll(async () => {
  delete process.env['JORNADA_FAKE_NOW'];
  await s.close();
});

describe('the worker records their own', () => {
  it('writes the row for the session’s employee, chains it without the note, and counts only the called-in part', async () => {
    const { employeeId, user } = await worker('Guardia');
    const { id, date } = await recordOwnStandby(s.db, user, { ...onCall });
    expect(date).toBe('2031-03-04');
    const row = await s.db.selectFrom('standbyPeriods').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ employeeId, kind: 'on_call', source: 'personal', authorId: user.id, calledInSeconds: 1800, note: 'Avería en el horno' });
    const [entry] = await entriesOf('standby', id);
    expect(JSON.parse(entry!.payload)).toMatchObject({ id, employeeId, kind: 'on_call', calledInSeconds: 1800 });
    expect(entry!.payload).not.toContain('Avería');
    await recordOwnInterruption(s.db, user, call);
    expect(await apartProblems()).toEqual([]);

    const { records } = await monthlyRecords(s.db, { employee: employeeId }, '2031-03', { fresh: true });
    const days = records[0]!.record.days;
    // No attendance those days: the work apart alone is counted, against the expected 8 h.
    expect(days.find((d) => d.date === '2031-03-04')).toMatchObject({ countedSeconds: 1800, workedSeconds: null });
    expect(days.find((d) => d.date === '2031-03-05')).toMatchObject({ countedSeconds: 900 });
    expect(records[0]!.record.totals.timeApart).toEqual({ waitingSeconds: 0, onCallSeconds: 5 * H, calledInSeconds: 1800, interruptions: 1, interruptionWorkSeconds: 900 });
    const payroll = (await payrollReport(s.db, { employee: employeeId }, '2031-03', { fresh: true })).rows[0]!;
    expect(payroll.figures.countedSeconds).toBe(1800 + 900);
    expect(payroll.timeApart).toEqual(records[0]!.record.totals.timeApart);
  });

  it('a change behind the app’s back fails verify; the note is free text and does not', async () => {
    const { user } = await worker('Editada');
    const { id } = await recordOwnStandby(s.db, user, { ...onCall });
    await s.db.updateTable('standbyPeriods').set({ note: 'otra nota' }).where('id', '=', id).execute();
    expect(await apartProblems()).toEqual([]);
    await s.db.updateTable('standbyPeriods').set({ calledInSeconds: 0 }).where('id', '=', id).execute();
    expect(await apartProblems()).toEqual([expect.objectContaining({ kind: 'standby', refId: id, problem: 'rowChanged', fields: ['calledInSeconds'] })]);
    await s.db.updateTable('standbyPeriods').set({ calledInSeconds: 1800 }).where('id', '=', id).execute();
  });

  it('refuses an overlap with their own period (422 naming the field), not with another worker’s', async () => {
    const a = await worker('Solapa');
    const b = await worker('Otra');
    await recordOwnStandby(s.db, a.user, { ...onCall });
    await expect(recordOwnStandby(s.db, a.user, { ...onCall, kind: 'waiting', startAt: '2031-03-04T22:00:00.000Z', endAt: '2031-03-05T01:00:00.000Z', calledInSeconds: 0 })).rejects.toMatchObject({
      status: 422,
      code: 'timeApart.errors.overlap',
      fields: { startAt: 'timeApart.errors.overlap' },
    });
    await expect(recordOwnStandby(s.db, b.user, { ...onCall })).resolves.toMatchObject({ date: '2031-03-04' });
  });

  it('refuses future times, a called-in part longer than the period and an API token or no employee (403)', async () => {
    const { user } = await worker('Futuro');
    await expect(recordOwnStandby(s.db, user, { ...onCall, endAt: '2031-03-20T10:00:01.000Z' })).rejects.toMatchObject({ status: 422, code: 'timeApart.errors.future' });
    await expect(recordOwnStandby(s.db, user, { ...onCall, calledInSeconds: 5 * H + 1 })).rejects.toMatchObject({ status: 422, code: 'timeApart.errors.calledInOutside' });
    await expect(recordOwnInterruption(s.db, user, { ...call, at: '2031-03-20T09:55:00.000Z' })).rejects.toMatchObject({ status: 422, code: 'timeApart.errors.future' });
    await expect(recordOwnStandby(s.db, { ...user, apiTokenId: 1 }, { ...onCall })).rejects.toMatchObject({ status: 403, code: 'timeApart.errors.tokenRefused' });
    await expect(recordOwnInterruption(s.db, { ...user, apiTokenId: 1 }, call)).rejects.toMatchObject({ status: 403 });
    await expect(recordOwnStandby(s.db, { id: user.id, employeeId: null }, { ...onCall })).rejects.toMatchObject({ status: 403, code: 'personal.noEmployee' });
    expect(await s.db.selectFrom('standbyPeriods').select('id').where('employeeId', '=', user.employeeId).execute()).toEqual([]);
  });

  it('removes only rows they entered themselves (another worker’s or an administrator’s: 404), chaining the deletion', async () => {
    const a = await worker('Borra');
    const b = await worker('Ajena');
    const { id } = await recordOwnInterruption(s.db, a.user, call);
    await expect(removeOwnTimeApart(s.db, b.user, 'interruption', id)).rejects.toMatchObject({ status: 404 });
    const byAdmin = await recordInterruptionFor(s.db, s.admin, { ...call, employee: a.employeeId, at: '2031-03-06T20:00:00.000Z' });
    await expect(removeOwnTimeApart(s.db, a.user, 'interruption', byAdmin.id)).rejects.toMatchObject({ status: 404 });
    await removeOwnTimeApart(s.db, a.user, 'interruption', id);
    expect((await entriesOf('interruption', id)).map((e) => e.payload).at(-1)).toBe('null');
    expect(await apartProblems()).toEqual([]);
  });
});

describe('the period lock, where the row is written', () => {
  it('refuses adding to and removing from an approved period (409 periods.locked), nothing written', async () => {
    const { employeeId, user } = await worker('Cerrada');
    const feb = { ...onCall, startAt: '2031-02-10T18:00:00.000Z', endAt: '2031-02-10T22:00:00.000Z' };
    const { id } = await recordOwnStandby(s.db, user, feb);
    at('2031-03-05T10:00:00.000Z');
    expect(await approvePeriods(s.db, { date: '2031-02-01', employees: [employeeId] }, s.admin)).toMatchObject({ approved: 1 });
    at('2031-03-20T10:00:00.000Z');
    await expect(recordOwnStandby(s.db, user, { ...feb, startAt: '2031-02-11T18:00:00.000Z', endAt: '2031-02-11T20:00:00.000Z' })).rejects.toMatchObject({ status: 409, code: 'periods.locked' });
    await expect(recordOwnInterruption(s.db, user, { ...call, at: '2031-02-12T20:00:00.000Z' })).rejects.toMatchObject({ status: 409, code: 'periods.locked' });
    await expect(recordStandbyFor(s.db, s.admin, { ...feb, employee: employeeId, startAt: '2031-02-13T18:00:00.000Z', endAt: '2031-02-13T20:00:00.000Z' })).rejects.toMatchObject({ status: 409 });
    await expect(removeOwnTimeApart(s.db, user, 'standby', id)).rejects.toMatchObject({ status: 409, code: 'periods.locked' });
    expect(await s.db.selectFrom('standbyPeriods').select('id').where('employeeId', '=', employeeId).execute()).toEqual([{ id }]);
    expect(await s.db.selectFrom('disconnectionInterruptions').select('id').where('employeeId', '=', employeeId).execute()).toEqual([]);
  });
});

describe('an administrator’s entry', () => {
  it('writes for the employee as `manual`, and refuses their own record (four eyes)', async () => {
    const { employeeId } = await worker('Manual');
    const { id } = await recordStandbyFor(s.db, s.admin, { ...onCall, employee: employeeId });
    expect(await s.db.selectFrom('standbyPeriods').select(['source', 'authorId']).where('id', '=', id).executeTakeFirstOrThrow()).toEqual({ source: 'manual', authorId: s.admin.id });
    const linked = await s.addAccount({ email: 'ta-admin-linked@service.test', accountType: 'Admin', roleId: s.roles.administrator, employeeId });
    await expect(recordInterruptionFor(s.db, linked, { ...call, employee: employeeId })).rejects.toMatchObject({ status: 403, code: expect.stringMatching(/^fourEyes\./) });
    await expect(removeTimeApartFor(s.db, linked, 'standby', id)).rejects.toMatchObject({ status: 403 });
    await removeTimeApartFor(s.db, s.admin, 'standby', id);
    expect(await s.db.selectFrom('standbyPeriods').select('id').where('id', '=', id).execute()).toEqual([]);
  });

  it('an unknown employee is a 422 on the employee field', async () => {
    await expect(recordStandbyFor(s.db, s.admin, { ...onCall, employee: 999_999 })).rejects.toMatchObject({ status: 422, fields: { employee: 'validation.unknownRecord' } });
  });
});
