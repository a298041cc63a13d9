import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerAcceptance } from '../../src/server/db/repositories/attendance-correction-acceptances.ts';
import { insertPunches } from '../../src/server/db/repositories/punches.ts';
import { updateAttendance } from '../../src/server/services/attendance/update-attendance.ts';
import { voidAttendance } from '../../src/server/services/attendance/void-attendance.ts';
import { approvePeriods } from '../../src/server/services/periods/approve-periods.ts';
import { reopenPeriod } from '../../src/server/services/periods/reopen-period.ts';
import { verifyRecordChain } from '../../src/server/services/record-chain/verify-record-chain.ts';
import { purgeExpiredPersonalData } from '../../src/server/services/retention/purge-personal-data.ts';
import { legalHoldCompanies, listLegalHolds, placeCompanyHold, placeEmployeeHold, releaseLegalHold } from '../../src/server/services/retention/legal-holds.ts';
import { updateSettings } from '../../src/server/services/update-settings.ts';
import { readSettings } from '../../src/server/db/repositories/settings.ts';
import { openServiceDb, type ServiceDb } from '../helpers/service-db.ts';

/**
 * Issue 38.5 (decision 083): the retention purge removes the personal data of people who left more
 * than the retention years ago and are under no legal hold, keeps their hours, audits each purge,
 * and the record chain still verifies afterwards, while a text changed in a row not purged is caught.
 */

const WRITTEN = '2021-02-01T10:00:00.000Z';
const PURGE_DAY = Date.parse('2026-01-10T10:00:00.000Z');
const fakeNow = process.env.JORNADA_FAKE_NOW;

let s: ServiceDb;
const ids: Record<'lara' | 'hugo' | 'rita' | 'carmen', number> = { lara: 0, hugo: 0, rita: 0, carmen: 0 };
const days: Record<string, number> = {};

async function addDay(employeeId: number, date: string, source: 'clock' | 'manual', reason: string | null = null): Promise<number> {
  const row = await s.db
    .insertInto('attendances')
    .values({
      employeeId,
      date,
      timezone: 'Europe/Madrid',
      timeIn: `${date}T08:00:00.000Z`,
      timeOut: `${date}T16:00:00.000Z`,
      workedSeconds: 8 * 3600,
      breakSeconds: 0,
      statusIn: null,
      lateSeconds: 0,
      earlyDepartureSeconds: 0,
      reason,
      source,
      revision: 1,
      createdBy: null,
      createdAt: `${date}T08:00:00.000Z`,
      updatedAt: `${date}T16:00:00.000Z`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A leaver's record: a corrected day, a voided day, a December approved and reopened, all with personal free texts. */
async function recordOf(name: keyof typeof ids, endDate: string | null): Promise<void> {
  const id = (ids[name] = await s.addEmployee({ firstName: name, lastName: 'Secreta', pin: String(1_000_000 + Object.keys(days).length * 7919) }));
  await s.db
    .updateTable('employees')
    .set({ endDate, phone: '600111222', address: 'Calle Mayor 1', socialSecurityNumber: '281234567840', rfidCard: `CARD-${name}` })
    .where('id', '=', id)
    .execute();
  const corrected = (days[`${name}:corrected`] = await addDay(id, '2020-12-10', 'clock', `Nota de ${name}`));
  await updateAttendance(s.db, corrected, { timeIn: '09:00', timeOut: '17:00', reason: `${name} estuvo en el médico` }, s.admin, new Date(WRITTEN));
  // The correction waits for the worker's answer (decision 034): a rejection with an objection, chained by digest (migration 0051).
  const acceptance = await s.db.selectFrom('attendanceCorrectionAcceptances').select('id').where('attendanceId', '=', corrected).executeTakeFirstOrThrow();
  await answerAcceptance(s.db, acceptance.id, { status: 'rejected', comment: `${name} objeta la corrección`, answeredBy: s.admin.id, answeredAt: WRITTEN });
  const voided = (days[`${name}:voided`] = await addDay(id, '2020-12-11', 'manual'));
  await voidAttendance(s.db, voided, { reason: `Duplicado por error de ${name}` }, s.admin);
  await approvePeriods(s.db, { date: '2020-12-15', employees: [id] }, s.admin);
  await reopenPeriod(s.db, { date: '2020-12-15', employee: id, reason: `${name} reclamó una hora` }, s.admin);
}

beforeAll(async () => {
  s = await openServiceDb();
  process.env.JORNADA_FAKE_NOW = WRITTEN;
  await recordOf('lara', '2020-12-31');
  await recordOf('hugo', '2020-12-31');
  await recordOf('rita', '2022-06-30');
  await recordOf('carmen', null);
  // Lara's face data, punch photo and position, photo folder, account and session.
  await s.db
    .insertInto('faceDescriptors')
    .values({ employeeId: ids.lara, descriptor: new Uint8Array(512), image: null, createdBy: null, createdAt: WRITTEN })
    .execute();
  await s.db
    .transaction()
    .execute((trx) => insertPunches(trx, [{ employeeId: ids.lara, attendanceId: null, action: 'check-in', at: '2020-12-12T08:00:00.000Z', method: 'pin', terminal: 'Puerta', createdAt: '2020-12-12T08:00:00.000Z' }]));
  const punch = await s.db.selectFrom('punches').select('id').where('employeeId', '=', ids.lara).executeTakeFirstOrThrow();
  mkdirSync(path.join(s.dataDir, 'uploads', 'punch-photos'), { recursive: true });
  writeFileSync(path.join(s.dataDir, 'uploads', 'punch-photos', 'lara.jpg'), 'jpeg');
  await s.db.insertInto('punchPhotos').values({ punchId: punch.id, employeeId: ids.lara, file: 'lara.jpg', createdAt: WRITTEN }).execute();
  await s.db.insertInto('punchPositions').values({ punchId: punch.id, lat: 40.4, lng: -3.7, accuracy: 10, createdAt: WRITTEN }).execute();
  mkdirSync(path.join(s.dataDir, 'uploads', 'employees', String(ids.lara)), { recursive: true });
  writeFileSync(path.join(s.dataDir, 'uploads', 'employees', String(ids.lara), 'photo.jpg'), 'jpeg');
  const account = await s.addAccount({ email: 'lara@service.test', accountType: 'Employee', employeeId: ids.lara });
  await s.db.insertInto('sessions').values({ id: 'lara-session', userId: account.id, sessionVersion: 1, createdAt: WRITTEN, expiresAt: '2099-01-01T00:00:00.000Z', userAgent: null, address: null }).execute();
  await placeEmployeeHold(s.db, s.admin, ids.hugo, { reason: 'Demanda de Hugo ante el Juzgado de lo Social' });
});

afterAll(async () => {
  if (fakeNow === undefined) delete process.env.JORNADA_FAKE_NOW;
  else process.env.JORNADA_FAKE_NOW = fakeNow;
  await s.close();
});

/** Pretends this database gained the purge (migration 0050) at `at`. */
const gainedPurgeAt = (at: number) =>
  s.db
    .updateTable('schemaMigrations')
    .set({ appliedAt: new Date(at).toISOString() })
    .where('name', '=', '0050-retention-and-legal-hold')
    .execute();

describe('the retention purge', () => {
  it('removes nobody in the first 30 days after the installation gained it (time to place holds after an upgrade)', async () => {
    await gainedPurgeAt(PURGE_DAY - 29 * 86_400_000);
    expect(await purgeExpiredPersonalData(s.db, PURGE_DAY)).toEqual([]);
    expect(await s.db.selectFrom('employees').select('id').where('purgedAt', 'is not', null).execute()).toEqual([]);
    // From the 30th day on it runs (the tests below).
    await gainedPurgeAt(PURGE_DAY - 30 * 86_400_000);
  });

  it('removes the personal data of the one who left more than four years ago and is not held', async () => {
    process.env.JORNADA_FAKE_NOW = new Date(PURGE_DAY).toISOString();
    const before = await s.db.selectFrom('attendances').select(['id', 'workedSeconds', 'timeIn', 'timeOut']).where('employeeId', '=', ids.lara).orderBy('id').execute();
    const purged = await purgeExpiredPersonalData(s.db, PURGE_DAY);
    expect(purged.map((p) => p.employeeId)).toEqual([ids.lara]);
    expect(purged[0]!.counts).toMatchObject({ faceDescriptors: 1, punchPhotos: 1, punchPositions: 1, accounts: 1, sessions: 1 });

    const lara = await s.db.selectFrom('employees').selectAll().where('id', '=', ids.lara).executeTakeFirstOrThrow();
    expect(lara).toMatchObject({ firstName: 'Persona eliminada', lastName: `#${ids.lara}`, email: '', nationalId: '', phone: null, address: null, socialSecurityNumber: null, rfidCard: null, status: 'archived' });
    expect(lara.pinKey).toBe(`purged-${ids.lara}`);
    expect(lara.purgedAt).not.toBeNull();
    // The free texts about her are gone; the digests that the chain committed to stay.
    const revisions = await s.db.selectFrom('attendanceRevisions').select(['reason', 'reasonSalt', 'reasonDigest']).where('attendanceId', '=', days['lara:corrected']!).where('revision', '=', 2).execute();
    expect(revisions).toEqual([{ reason: null, reasonSalt: null, reasonDigest: expect.stringMatching(/^[0-9a-f]{64}$/) }]);
    const days2 = await s.db.selectFrom('attendances').select(['reason', 'voidReason', 'voidReasonSalt']).where('employeeId', '=', ids.lara).execute();
    expect(days2.every((d) => d.reason === null && d.voidReason === null && d.voidReasonSalt === null)).toBe(true);
    const approval = await s.db.selectFrom('periodApprovals').select(['reopenReason', 'reopenReasonDigest']).where('employeeId', '=', ids.lara).executeTakeFirstOrThrow();
    expect(approval.reopenReason).toBeNull();
    expect(approval.reopenReasonDigest).toMatch(/^[0-9a-f]{64}$/);
    const answers = await s.db.selectFrom('attendanceCorrectionAcceptances').select(['status', 'comment', 'commentSalt', 'commentDigest']).where('employeeId', '=', ids.lara).execute();
    expect(answers).toEqual([{ status: 'rejected', comment: null, commentSalt: null, commentDigest: expect.stringMatching(/^[0-9a-f]{64}$/) }]);
    expect(await s.db.selectFrom('faceDescriptors').select('id').where('employeeId', '=', ids.lara).execute()).toEqual([]);
    expect(await s.db.selectFrom('punchPositions').select('punchId').execute()).toEqual([]);
    expect(existsSync(path.join(s.dataDir, 'uploads', 'punch-photos', 'lara.jpg'))).toBe(false);
    expect(existsSync(path.join(s.dataDir, 'uploads', 'employees', String(ids.lara)))).toBe(false);
    const user = await s.db.selectFrom('users').select(['name', 'email', 'status', 'passwordHash']).where('employeeId', '=', ids.lara).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ name: `Persona eliminada #${ids.lara}`, status: 'disabled', passwordHash: '!' });
    expect(user.email).not.toContain('lara');
    expect(await s.db.selectFrom('sessions').select('id').where('id', '=', 'lara-session').execute()).toEqual([]);
    // Her hours stay as they were.
    expect(await s.db.selectFrom('attendances').select(['id', 'workedSeconds', 'timeIn', 'timeOut']).where('employeeId', '=', ids.lara).orderBy('id').execute()).toEqual(before);
    // Nothing personal of her is left in the rows the app reads (the audit log aside: decision 083).
    const rest = JSON.stringify([lara, revisions, days2, approval, answers, user]);
    expect(rest).not.toMatch(/lara|Secreta|médico|600111222|Mayor|281234567840/i);
  });

  it('writes an audit entry with the counts', async () => {
    const entry = await s.db.selectFrom('auditLog').selectAll().where('entity', '=', 'employee').where('action', '=', 'purge').executeTakeFirstOrThrow();
    expect(entry.entityId).toBe(String(ids.lara));
    expect(JSON.parse(entry.after!)).toMatchObject({ retentionYears: 4, keptUntil: '2024-12-31', faceDescriptors: 1, punchPhotos: 1, accounts: 1 });
  });

  it('skips the one under a legal hold, the one within retention and the one still employed', async () => {
    for (const name of ['hugo', 'rita', 'carmen'] as const) {
      const row = await s.db.selectFrom('employees').select(['firstName', 'purgedAt']).where('id', '=', ids[name]).executeTakeFirstOrThrow();
      expect(row, name).toEqual({ firstName: name, purgedAt: null });
    }
    const texts = await s.db.selectFrom('attendanceRevisions').select('reason').where('reason', 'like', 'hugo%').execute();
    expect(texts).toHaveLength(1);
    // Run again: nobody else is due, and Lara is not purged twice.
    expect(await purgeExpiredPersonalData(s.db, PURGE_DAY)).toEqual([]);
  });

  it('leaves the record chain intact', async () => {
    const check = await verifyRecordChain(s.db);
    expect(check).toMatchObject({ ok: true, brokenCount: 0 });
  });

  it('a company hold stops the purge until it is released', async () => {
    const hold = await placeCompanyHold(s.db, s.admin, { companyId: s.companyId, reason: 'Inspección de Trabajo 123/2026' });
    const hugoHold = await s.db.selectFrom('legalHolds').select('id').where('employeeId', '=', ids.hugo).executeTakeFirstOrThrow();
    await releaseLegalHold(s.db, s.admin, hugoHold.id);
    expect(await purgeExpiredPersonalData(s.db, PURGE_DAY)).toEqual([]);
    const released = await releaseLegalHold(s.db, s.admin, hold.id);
    expect(released).toMatchObject({ releasedBy: s.admin.id, employeeId: null, reason: 'Inspección de Trabajo 123/2026' });
    await expect(releaseLegalHold(s.db, s.admin, hold.id)).rejects.toMatchObject({ code: 'legalHold.alreadyReleased', status: 409 });
    expect((await purgeExpiredPersonalData(s.db, PURGE_DAY)).map((p) => p.employeeId)).toEqual([ids.hugo]);
    expect(await verifyRecordChain(s.db)).toMatchObject({ ok: true, brokenCount: 0 });
  });

  it('a hold without a reason and a retention below four years are refused, changing nothing', async () => {
    await expect(placeEmployeeHold(s.db, s.admin, ids.rita, { reason: ' ' })).rejects.toMatchObject({ status: 422, fields: { reason: 'legalHold.reasonRequired' } });
    expect(await s.db.selectFrom('legalHolds').select('id').where('employeeId', '=', ids.rita).execute()).toEqual([]);
    const settings = await readSettings(s.db);
    await expect(updateSettings(s.db, { ...settings, recordRetentionYears: 3 }, s.admin.id)).rejects.toMatchObject({ status: 422, fields: { recordRetentionYears: 'settings.recordRetentionRange' } });
    expect((await readSettings(s.db)).recordRetentionYears).toBe(4);
  });

  it('the triggers let only the purge through: a purged revision stays append-only', async () => {
    await expect(s.db.updateTable('attendanceRevisions').set({ timeIn: '2020-12-10T07:00:00.000Z' }).where('attendanceId', '=', days['lara:corrected']!).execute()).rejects.toThrow(/append-only/);
    await expect(s.db.updateTable('attendances').set({ workedSeconds: 1 }).where('id', '=', days['rita:voided']!).execute()).rejects.toThrow(/cannot change/);
    await expect(s.db.updateTable('attendanceCorrectionAcceptances').set({ status: 'accepted' }).where('employeeId', '=', ids.lara).execute()).rejects.toThrow(/cannot change/);
  });

  it('still catches a text changed, or emptied, in a row that is not purged', async () => {
    await s.db.updateTable('periodApprovals').set({ reopenReason: 'rita no reclamó nada' }).where('employeeId', '=', ids.rita).execute();
    await sql`DROP TRIGGER attendance_revisions_no_update`.execute(s.db);
    await s.db.updateTable('attendanceRevisions').set({ reason: null, reasonSalt: null }).where('attendanceId', '=', days['carmen:corrected']!).where('revision', '=', 2).execute();
    const check = await verifyRecordChain(s.db);
    expect(check.ok).toBe(false);
    expect(check.broken).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'approval', problem: 'rowChanged', fields: ['reopenReasonDigest'] }),
        expect.objectContaining({ kind: 'revision', problem: 'rowChanged', fields: ['reasonDigest'] }),
      ]),
    );
    expect(check.brokenCount).toBe(2);
  });
});

describe('company-wide holds are managed within the company scope', () => {
  it("an Admin places, lists and releases only its company's; another company's is a 404, so its former staff stay held; a SuperAdmin manages any", async () => {
    const other = await s.db.insertInto('companies').values({ name: 'Otra SL', createdAt: '2020-01-01T00:00:00.000Z', updatedAt: '2020-01-01T00:00:00.000Z' }).returning('id').executeTakeFirstOrThrow();
    const theirs = await placeCompanyHold(s.db, s.superAdmin, { companyId: other.id, reason: 'Demanda 7/2026 de Otra SL' });
    await expect(releaseLegalHold(s.db, s.admin, theirs.id)).rejects.toMatchObject({ status: 404 });
    await expect(placeCompanyHold(s.db, s.admin, { companyId: other.id, reason: 'No es mía' })).rejects.toMatchObject({ status: 404 });
    expect((await listLegalHolds(s.db, s.admin)).map((h) => h.companyId)).not.toContain(other.id);
    expect((await legalHoldCompanies(s.db, s.admin)).map((c) => c.id)).toEqual([s.companyId]);
    expect((await s.db.selectFrom('legalHolds').select('releasedAt').where('id', '=', theirs.id).executeTakeFirstOrThrow()).releasedAt).toBeNull();
    expect((await listLegalHolds(s.db, s.superAdmin)).map((h) => h.id)).toContain(theirs.id);
    expect(await releaseLegalHold(s.db, s.superAdmin, theirs.id)).toMatchObject({ releasedBy: s.superAdmin.id });
  });
});
