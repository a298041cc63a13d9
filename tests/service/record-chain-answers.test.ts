import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '../../src/server/db/chain-hash.ts';
import { purgePersonalData } from '../../src/server/db/repositories/personal-data-purge.ts';
import { createAttendance } from '../../src/server/services/attendance/create-attendance.ts';
import { updateAttendance } from '../../src/server/services/attendance/update-attendance.ts';
import { answerCorrection } from '../../src/server/services/corrections/answer-correction.ts';
import { verifyRecordChain } from '../../src/server/services/record-chain/verify-record-chain.ts';
import { createSchedule } from '../../src/server/services/schedules/save-schedule.ts';
import { openServiceDb, type ServiceDb, type TestActor } from '../helpers/service-db.ts';

/**
 * Issue 38 point 4 follow-up (migration 0051, decisions 034, 082, 083) in-process: every write of
 * a worker's answer to a company's correction is chained as kind `answer` from the repository
 * functions, its comment by salted digest; a comment rewritten, a status changed or a row deleted
 * in the database file is named by verify; the retention purge empties the comment and verify
 * stays intact.
 */
const NOW = new Date('2026-03-20T10:00:00Z');
const COMMENT = 'Entré a las 9:00; el lector falló';
let s: ServiceDb;
let ana: number;
let worker: TestActor;

/** A manual day by the administrator (revision 1, accepted) and its correction (revision 2) that Ana rejects. */
async function rejectedDay(date: string, comment = COMMENT): Promise<number> {
  const day = await createAttendance(s.db, { employee: ana, date, timeIn: '09:00', timeOut: '17:00', reason: 'From the paper sheet' }, s.admin, 'en', NOW);
  await answerCorrection(s.db, day._id, { revision: 1, answer: 'accepted' }, worker, NOW);
  await updateAttendance(s.db, day._id, { timeIn: '09:30', timeOut: '17:00', reason: 'Camera shows 09:30' }, s.admin, NOW);
  await answerCorrection(s.db, day._id, { revision: 2, answer: 'rejected', comment }, worker, NOW);
  return day._id;
}

const answerRow = (attendanceId: number, revision: number) =>
  s.db.selectFrom('attendanceCorrectionAcceptances').selectAll().where('attendanceId', '=', attendanceId).where('revision', '=', revision).executeTakeFirstOrThrow();
const entriesOf = (id: number) => s.db.selectFrom('recordChain').select(['seq', 'payload']).where('kind', '=', 'answer').where('refId', '=', id).orderBy('seq').execute();
const dropTrigger = (name: string) => sql.raw(`DROP TRIGGER ${name}`).execute(s.db);

beforeAll(async () => {
  s = await openServiceDb();
  ana = await s.addEmployee({ firstName: 'Ana', lastName: 'Ruiz', pin: '4815162' });
  worker = await s.addAccount({ email: 'ana@service.test', accountType: 'Employee', roleId: s.roles.employee, employeeId: ana });
  await scheduled(ana);
});

const scheduled = (employee: number) => createSchedule(s.db, { employee, startTime: '09:00', offTime: '17:00', totalHours: 8, restDays: ['Saturday', 'Sunday'], fromDate: '2026-01-01', toDate: null }, s.admin);

afterAll(async () => {
  await s.close();
});

describe("the worker's answer is chained", () => {
  it('each write (waiting, answered) appends an entry; the latest is the rejection with the digest of the comment, never its text', async () => {
    const id = await rejectedDay('2026-03-02');
    const row = await answerRow(id, 2);
    expect(row).toMatchObject({ status: 'rejected', comment: COMMENT, commentSalt: expect.stringMatching(/^[0-9a-f]{32}$/) });
    expect(row.commentDigest).toBe(sha256Hex(row.commentSalt! + COMMENT));
    const entries = await entriesOf(row.id);
    expect(entries.map((e) => JSON.parse(e.payload).status)).toEqual(['pending', 'rejected']);
    expect(JSON.parse(entries.at(-1)!.payload)).toEqual({
      id: row.id,
      attendanceId: id,
      revision: 2,
      employeeId: ana,
      status: 'rejected',
      dueAt: row.dueAt,
      answeredBy: worker.id,
      answeredAt: NOW.toISOString(),
      createdAt: row.createdAt,
      commentDigest: row.commentDigest,
    });
    expect(entries.map((e) => e.payload).join()).not.toContain('lector');
    // The accepted revision 1 has no comment: no digest in its entry.
    const first = await answerRow(id, 1);
    expect(first.commentDigest).toBeNull();
    expect(JSON.parse((await entriesOf(first.id)).at(-1)!.payload)).not.toHaveProperty('commentDigest');
    expect(await verifyRecordChain(s.db)).toMatchObject({ ok: true, brokenCount: 0 });
  });

  it('a later correction supersedes a pending one, chained', async () => {
    const day = await createAttendance(s.db, { employee: ana, date: '2026-03-03', timeIn: '09:00', timeOut: '17:00', reason: 'From the paper sheet' }, s.admin, 'en', NOW);
    await updateAttendance(s.db, day._id, { timeIn: '09:15', timeOut: '17:00', reason: 'Door log' }, s.admin, NOW);
    const first = await answerRow(day._id, 1);
    expect(first.status).toBe('superseded');
    expect((await entriesOf(first.id)).map((e) => JSON.parse(e.payload).status)).toEqual(['pending', 'superseded']);
    expect(await verifyRecordChain(s.db)).toMatchObject({ ok: true, brokenCount: 0 });
  });

  it('the app cannot change an answered row nor delete one', async () => {
    const [id] = (await s.db.selectFrom('attendances').select('id').where('employeeId', '=', ana).where('date', '=', '2026-03-02').execute()).map((r) => r.id);
    await expect(s.db.updateTable('attendanceCorrectionAcceptances').set({ comment: 'Otra cosa' }).where('attendanceId', '=', id!).where('revision', '=', 2).execute()).rejects.toThrow(/cannot change/);
    await expect(s.db.updateTable('attendanceCorrectionAcceptances').set({ status: 'accepted' }).where('attendanceId', '=', id!).where('revision', '=', 2).execute()).rejects.toThrow(/cannot change/);
    await expect(s.db.deleteFrom('attendanceCorrectionAcceptances').where('attendanceId', '=', id!).execute()).rejects.toThrow(/append-only/);
  });
});

describe('verify names an answer changed behind the app', () => {
  it('a rewritten objection, a status turned into acceptance, a deleted rejection', async () => {
    const rewritten = await answerRow(await rejectedDay('2026-03-04'), 2);
    const flipped = await answerRow(await rejectedDay('2026-03-05', 'No fue así'), 2);
    const deleted = await answerRow(await rejectedDay('2026-03-06', 'Tampoco'), 2);
    const seq = async (id: number) => (await entriesOf(id)).at(-1)!.seq;
    await dropTrigger('attendance_correction_acceptances_no_update');
    await dropTrigger('attendance_correction_acceptances_no_delete');
    await s.db.updateTable('attendanceCorrectionAcceptances').set({ comment: 'Estoy de acuerdo' }).where('id', '=', rewritten.id).execute();
    await s.db.updateTable('attendanceCorrectionAcceptances').set({ status: 'accepted' }).where('id', '=', flipped.id).execute();
    await s.db.deleteFrom('attendanceCorrectionAcceptances').where('id', '=', deleted.id).execute();
    const check = await verifyRecordChain(s.db);
    expect(check.brokenCount).toBe(3);
    expect(check.broken).toEqual([
      { companyId: s.companyId, seq: await seq(rewritten.id), kind: 'answer', refId: rewritten.id, problem: 'rowChanged', fields: ['commentDigest'] },
      { companyId: s.companyId, seq: await seq(flipped.id), kind: 'answer', refId: flipped.id, problem: 'rowChanged', fields: ['status'] },
      { companyId: s.companyId, seq: await seq(deleted.id), kind: 'answer', refId: deleted.id, problem: 'rowMissing' },
    ]);
    // Put back as it was, the first two verify again.
    await s.db.updateTable('attendanceCorrectionAcceptances').set({ comment: COMMENT }).where('id', '=', rewritten.id).execute();
    await s.db.updateTable('attendanceCorrectionAcceptances').set({ status: 'rejected' }).where('id', '=', flipped.id).execute();
    await s.db.insertInto('attendanceCorrectionAcceptances').values(deleted).execute();
    expect(await verifyRecordChain(s.db)).toMatchObject({ ok: true, brokenCount: 0 });
  });
});

describe('the retention purge', () => {
  it("empties the purged person's comments, keeps the digests, and verify stays intact; emptied without a purge, it is named", async () => {
    const bea = await s.addEmployee({ firstName: 'Bea', lastName: 'Gil', pin: '9081726' });
    const beaWorker = await s.addAccount({ email: 'bea@service.test', accountType: 'Employee', roleId: s.roles.employee, employeeId: bea });
    await scheduled(bea);
    const day = await createAttendance(s.db, { employee: bea, date: '2026-03-09', timeIn: '09:00', timeOut: '17:00', reason: 'From the paper sheet' }, s.admin, 'en', NOW);
    await answerCorrection(s.db, day._id, { revision: 1, answer: 'rejected', comment: 'Bea no estaba de acuerdo' }, beaWorker, NOW);
    const before = await answerRow(day._id, 1);
    const entries = (await s.db.selectFrom('recordChain').select('id').execute()).length;

    await s.db.transaction().execute((trx) => purgePersonalData(trx, bea, { firstName: 'Persona eliminada', lastName: `#${bea}` }, NOW.toISOString()));
    expect(await answerRow(day._id, 1)).toEqual({ ...before, comment: null, commentSalt: null });
    // Nothing to chain: the entry commits to the digest the row keeps.
    expect((await s.db.selectFrom('recordChain').select('id').execute()).length).toBe(entries);
    expect(await verifyRecordChain(s.db)).toMatchObject({ ok: true, brokenCount: 0 });

    // Ana is not purged: the same emptying of her comment is caught.
    const ana2 = await answerRow((await s.db.selectFrom('attendances').select('id').where('employeeId', '=', ana).where('date', '=', '2026-03-02').executeTakeFirstOrThrow()).id, 2);
    await s.db.updateTable('attendanceCorrectionAcceptances').set({ comment: null, commentSalt: null }).where('id', '=', ana2.id).execute();
    expect((await verifyRecordChain(s.db)).broken).toEqual([expect.objectContaining({ kind: 'answer', refId: ana2.id, problem: 'rowChanged', fields: ['commentDigest'] })]);
  });
});
