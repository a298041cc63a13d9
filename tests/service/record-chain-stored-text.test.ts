import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPunches } from '../../src/server/db/repositories/punches.ts';
import { updateAttendance } from '../../src/server/services/attendance/update-attendance.ts';
import { voidAttendance } from '../../src/server/services/attendance/void-attendance.ts';
import { verifyRecordChain } from '../../src/server/services/record-chain/verify-record-chain.ts';
import { openServiceDb, type ServiceDb } from '../helpers/service-db.ts';

/**
 * Issue 33.3: the chain is written from what the database stores, so a writer that is handed
 * text the database changes (a lone UTF-16 surrogate, stored as U+FFFD; the JSON edge refuses it,
 * but not every writer is behind it) never writes an entry that `verify` rejects.
 */

const NOW = new Date('2026-01-10T12:00:00Z');
const LONE = 'Olvidé fichar \ud800';

let s: ServiceDb;
let employee: number;

async function addAttendance(date: string, source: 'clock' | 'manual'): Promise<number> {
  const row = await s.db
    .insertInto('attendances')
    .values({
      employeeId: employee,
      date,
      timezone: 'Europe/Madrid',
      timeIn: `${date}T08:00:00.000Z`,
      timeOut: `${date}T16:00:00.000Z`,
      workedSeconds: 8 * 3600,
      breakSeconds: 0,
      statusIn: null,
      lateSeconds: 0,
      earlyDepartureSeconds: 0,
      reason: null,
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

beforeAll(async () => {
  s = await openServiceDb();
  employee = await s.addEmployee({ firstName: 'Eva', pin: '2468013' });
});

afterAll(async () => {
  await s.close();
});

describe('the record chain hashes text as stored', () => {
  it('a correction, a voiding and a punch terminal with a lone surrogate verify intact', async () => {
    const corrected = await addAttendance('2026-01-07', 'clock');
    await updateAttendance(s.db, corrected, { timeIn: '09:00', timeOut: '17:00', reason: LONE }, s.admin, NOW);
    const manual = await addAttendance('2026-01-08', 'manual');
    await voidAttendance(s.db, manual, { reason: LONE }, s.admin);
    await s.db
      .transaction()
      .execute((trx) =>
        insertPunches(trx, [{ employeeId: employee, attendanceId: corrected, action: 'check-in', at: '2026-01-07T08:00:00.000Z', method: 'pin', terminal: 'Puerta \udc00', createdAt: '2026-01-07T08:00:00.000Z' }]),
      );

    // Stored as U+FFFD by SQLite…
    const stored = await s.db.selectFrom('attendanceRevisions').select('reason').where('attendanceId', '=', corrected).where('revision', '=', 2).executeTakeFirstOrThrow();
    expect(stored.reason).toBe('Olvidé fichar \ufffd');
    // …and chained as stored: every entry verifies.
    const check = await verifyRecordChain(s.db);
    expect(check).toMatchObject({ ok: true, brokenCount: 0, broken: [] });
    // Revision, voiding, punch, (issue 33, point 2) the two attendance rows as corrected and voided,
    // and (migration 0051) the correction waiting for the worker's answer.
    expect(check.entries).toBe(7);
  });
});
