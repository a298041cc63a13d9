import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPunches } from '../../src/server/db/repositories/punches.ts';
import { createAttendance } from '../../src/server/services/attendance/create-attendance.ts';
import { updateAttendance } from '../../src/server/services/attendance/update-attendance.ts';
import { voidAttendance } from '../../src/server/services/attendance/void-attendance.ts';
import { createSchedule } from '../../src/server/services/schedules/save-schedule.ts';
import { buildRecordExport } from '../../src/server/services/record-export/build-record-export.ts';
import { monthlyRecords } from '../../src/server/services/reports/monthly-records.ts';
import { recordExportCsv } from '../../src/domain/record-export/record-export-csv.ts';
import { openServiceDb, type ServiceDb } from '../helpers/service-db.ts';
import { verifier } from '../helpers/record-verifier.ts';

/**
 * The open record export (issue 38 point 6, decision 084) built from a seeded month: it holds the
 * worker, every day with the monthly record's own figures, the punches, breaks, the correction
 * with its author and reason, the worker's pending answer, the voided day and the company's whole
 * chain; the standalone verifier finds it intact, and names a worker whose name was changed.
 */

const NOW = new Date('2026-03-20T12:00:00Z');
let s: ServiceDb;
let ana: number;
let corrected: number;

beforeAll(async () => {
  s = await openServiceDb();
  ana = await s.addEmployee({ firstName: 'Ana', lastName: 'Álvarez', pin: '1357902' });
  await s.addEmployee({ firstName: 'Bruno', lastName: 'Other', pin: '1357903' });
  await createSchedule(s.db, { employee: ana, startTime: '09:00', offTime: '17:00', totalHours: 8, restDays: ['Saturday', 'Sunday'], fromDate: '2026-03-01', toDate: null }, s.admin);
  corrected = (await createAttendance(s.db, { employee: ana, date: '2026-03-10', timeIn: '09:00', timeOut: '17:00', breakIn: '13:00', breakOut: '13:30', reason: 'Olvidó fichar' }, s.admin, 'es', NOW))._id;
  await updateAttendance(s.db, corrected, { timeIn: '08:30', timeOut: '17:00', breakIn: '13:00', breakOut: '13:30', reason: 'Entró antes' }, s.admin, NOW);
  const voided = (await createAttendance(s.db, { employee: ana, date: '2026-03-11', timeIn: '09:00', timeOut: '12:00', reason: 'Por error' }, s.admin, 'es', NOW))._id;
  await voidAttendance(s.db, voided, { reason: 'Día duplicado' }, s.admin);
  await s.db
    .transaction()
    .execute((trx) => insertPunches(trx, [{ employeeId: ana, attendanceId: corrected, action: 'check-in', at: '2026-03-10T07:30:00.000Z', method: 'pin', terminal: 'Puerta', createdAt: '2026-03-10T07:30:00.000Z' }]));
});

afterAll(async () => {
  await s.close();
});

describe('the open record export', () => {
  it('holds the month of the record and the whole chain, and the verifier finds it intact', async () => {
    const doc = await buildRecordExport(s.db, { employee: ana }, '2026-03');
    const record = (await monthlyRecords(s.db, { employee: ana }, '2026-03')).records[0]!;
    const { sections } = doc;
    expect(sections.workers).toEqual([expect.objectContaining({ id: ana, name: 'Ana Álvarez', companyId: s.companyId })]);
    expect(sections.companies).toEqual([expect.objectContaining({ id: s.companyId, name: 'Empresa de Servicio' })]);
    // The days are the record's days: same count, same figures (never recomputed apart).
    expect(sections.days).toHaveLength(31);
    const day = sections.days.find((d) => d['date'] === '2026-03-10')!;
    const recordDay = record.record.days.find((d) => d.date === '2026-03-10')!;
    expect(day).toMatchObject({
      attendanceId: corrected,
      timeIn: recordDay.timeIn,
      workedSeconds: recordDay.workedSeconds,
      countedSeconds: recordDay.countedSeconds,
      overtimeSeconds: recordDay.overtimeSeconds,
      corrected: true,
    });
    expect(sections.totals[0]).toMatchObject({ employeeId: ana, workedSeconds: record.record.totals.workedSeconds });
    expect(sections.punches).toEqual([expect.objectContaining({ employeeId: ana, attendanceId: corrected, at: '2026-03-10T07:30:00.000Z', terminal: 'Puerta' })]);
    expect(sections.breaks.length).toBeGreaterThan(0);
    expect(sections.revisions.map((r) => [r['attendanceId'], r['revision'], r['reason'], r['authorName']])).toEqual(
      expect.arrayContaining([
        [corrected, 1, 'Olvidó fichar', 'admin@service.test'],
        [corrected, 2, 'Entró antes', 'admin@service.test'],
      ]),
    );
    expect(sections.answers.some((a) => a['attendanceId'] === corrected && a['status'] === 'pending')).toBe(true);
    expect(sections.voids).toEqual([expect.objectContaining({ date: '2026-03-11', voidReason: 'Día duplicado' })]);
    // Only Ana's records, but the company's whole chain (Bruno's entries too would be there).
    const total = await s.db
      .selectFrom('recordChain')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(sections.chain).toHaveLength(Number(total.n));
    expect(doc.seal.heads).toEqual([{ companyId: s.companyId, seq: Number(total.n), hash: sections.chain.at(-1)!['hash'] }]);

    const result = await verifier.verifyExport(JSON.parse(JSON.stringify(doc)));
    expect(result.problems).toEqual([]);
    expect(result).toMatchObject({ ok: true, entries: Number(total.n), seal: doc.seal.value });
  });

  it('names the worker whose name was changed in the export', async () => {
    const doc = JSON.parse(JSON.stringify(await buildRecordExport(s.db, { employee: ana }, '2026-03'))) as { sections: { workers: { name: string }[] } };
    doc.sections.workers[0]!.name = 'Ana Alvarez';
    const result = await verifier.verifyExport(doc);
    expect(result.ok).toBe(false);
    expect(result.problems).toEqual([{ where: `workers: worker ${ana}`, what: 'its content does not match its itemHash' }]);
  });

  it('writes the CSV twin with every section, the same item hashes and the seal', async () => {
    const doc = await buildRecordExport(s.db, { employee: ana }, '2026-03');
    const csv = recordExportCsv(doc);
    const lines = csv.split('\r\n');
    for (const name of ['export', 'companies', 'workers', 'totals', 'days', 'punches', 'breaks', 'revisions', 'requests', 'answers', 'voids', 'chain', 'seal'])
      expect(lines.some((l) => l.startsWith(`#${name},`))).toBe(true);
    expect(lines.filter((l) => l.startsWith('days,'))).toHaveLength(31);
    expect(csv).toContain(doc.sections.workers[0]!.itemHash);
    expect(csv).toContain(doc.seal.value);
  });
});
