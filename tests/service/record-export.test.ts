import { readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
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
import { changeContractTerms } from '../../src/server/db/repositories/contract-terms.ts';
import { offerVoluntaryHours, recordPact } from '../../src/server/services/complementary/complementary-hours.ts';
import { recordInterruptionFor, recordStandbyFor } from '../../src/server/services/time-apart/admin-time-apart.ts';

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

describe('the time categories of the draft decree in the open export (issue 38 points 1–3)', () => {
  it('holds on-call time and interruptions, force majeure overtime, complementary hours by category, the pact and the offer; the verifier finds it intact and names a changed one', async () => {
    const carla = await s.addEmployee({ firstName: 'Carla', lastName: 'Parcial', pin: '1357904' });
    await changeContractTerms(s.db, carla, { terms: { workingDayType: 'part-time', partTimePercent: 50 }, effectiveFrom: '2026-01-01', explicit: true, at: NOW.toISOString(), authorId: null });
    await createSchedule(s.db, { employee: carla, startTime: '09:00', offTime: '13:00', totalHours: 4, restDays: ['Saturday', 'Sunday'], fromDate: '2026-03-01', toDate: null }, s.admin);
    const pact = await recordPact(s.db, carla, { signedOn: '2026-02-20', validFrom: '2026-03-01', sharePercent: 1 }, s.admin);
    const offer = await offerVoluntaryHours(s.db, { employee: carla, date: '2026-03-17', minutes: 30 }, s.admin);
    // Two hours beyond her four on the 16th: a 1 % pact of ~88 h covers under one hour; the rest goes beyond it.
    await createAttendance(s.db, { employee: carla, date: '2026-03-16', timeIn: '09:00', timeOut: '15:00', reason: 'Inventario' }, s.admin, 'es', NOW);
    await recordStandbyFor(s.db, s.admin, { employee: carla, kind: 'on_call', startAt: '2026-03-18T18:00:00.000Z', endAt: '2026-03-18T23:00:00.000Z', calledInSeconds: 1800, note: 'Guardia' });
    await recordInterruptionFor(s.db, s.admin, { employee: carla, at: '2026-03-19T20:00:00.000Z', channel: 'phone', durationSeconds: 900, workDone: true, note: null });
    // Force majeure overtime on a full-time day of Ana's: a burst pipe kept her until 19:00.
    const flood = (await createAttendance(s.db, { employee: ana, date: '2026-03-12', timeIn: '09:00', timeOut: '19:00', reason: 'Inundación' }, s.admin, 'es', NOW))._id;
    await updateAttendance(s.db, flood, { timeIn: '09:00', timeOut: '19:00', reason: 'Inundación en el obrador', overtimeForceMajeure: 'Rotura de tubería' }, s.admin, NOW);

    const doc = await buildRecordExport(s.db, {}, '2026-03');
    const { sections } = doc;
    expect(sections.standby).toEqual([expect.objectContaining({ employeeId: carla, kind: 'on_call', calledInSeconds: 1800 })]);
    expect(sections.interruptions).toEqual([expect.objectContaining({ employeeId: carla, channel: 'phone', durationSeconds: 900, workDone: 1 })]);
    expect(sections.pacts).toEqual([expect.objectContaining({ id: pact.id, employeeId: carla, sharePercent: 1 })]);
    expect(sections.offers).toEqual([expect.objectContaining({ id: offer.id, date: '2026-03-17', status: 'offered' })]);
    const floodDay = sections.days.find((d) => d['employeeId'] === ana && d['date'] === '2026-03-12')!;
    expect(floodDay).toMatchObject({ overtimeForceMajeure: 'Rotura de tubería' });
    expect(floodDay['overtimeSeconds']).toBeGreaterThan(0);
    const anaTotals = sections.totals.find((t) => t['employeeId'] === ana)!;
    expect(anaTotals['overtimeForceMajeureSeconds']).toBe(floodDay['overtimeSeconds']);
    const carlaDay = sections.days.find((d) => d['employeeId'] === carla && d['date'] === '2026-03-16')!;
    const split = ['complementaryAgreedSeconds', 'complementaryVoluntarySeconds', 'complementaryExceedingSeconds', 'complementaryNotAllowedSeconds'].map((k) => carlaDay[k] as number);
    expect(split[0]).toBeGreaterThan(0);
    expect(split[2]).toBeGreaterThan(0);
    expect(split.reduce((a, b) => a + b, 0)).toBe(carlaDay['complementarySeconds']);
    const carlaTotals = sections.totals.find((t) => t['employeeId'] === carla)!;
    expect(carlaTotals).toMatchObject({ onCallSeconds: 5 * 3600, calledInSeconds: 1800, interruptions: 1, interruptionWorkSeconds: 900 });

    const intact = await verifier.verifyExport(JSON.parse(JSON.stringify(doc)));
    expect(intact.problems).toEqual([]);
    // The published schema describes this real export, new sections and columns included.
    const schema = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../docs/record-format/record-v1.schema.json'), 'utf8')) as object;
    const validate = new Ajv2020({ allErrors: true, strict: false }).compile(schema);
    expect(validate(JSON.parse(JSON.stringify(doc))), JSON.stringify(validate.errors)).toBe(true);
    const tampered = JSON.parse(JSON.stringify(doc)) as typeof doc;
    tampered.sections.standby[0]!['calledInSeconds'] = 0;
    tampered.sections.days.find((d) => d['attendanceId'] === flood)!['overtimeForceMajeure'] = null;
    const problems = (await verifier.verifyExport(tampered)).problems.map((p) => `${p.where}: ${p.what}`);
    expect(problems).toEqual(
      expect.arrayContaining([expect.stringMatching(/^standby: period \d+ .*differs from its chain entry .*calledInSeconds$/), expect.stringMatching(/^days: .*differs from its chain entry .*overtimeForceMajeure$/)]),
    );
  });
});
