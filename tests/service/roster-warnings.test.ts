import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeContractTerms } from '../../src/server/db/repositories/contract-terms.ts';
import { writePlannedDays } from '../../src/server/db/repositories/planned-days.ts';
import { recordPact } from '../../src/server/services/complementary/complementary-hours.ts';
import { readRoster } from '../../src/server/services/roster/read-roster.ts';
import { rosterWarningsAround, rosterWarningsOf } from '../../src/server/services/roster/roster-warnings.ts';
import { createRosterShift, updateRosterShiftById } from '../../src/server/services/roster/save-roster-shift.ts';
import { createSchedule } from '../../src/server/services/schedules/save-schedule.ts';
import { openServiceDb, type ServiceDb } from '../helpers/service-db.ts';

/**
 * Decision 088, in-process: the roster warnings read the draft, the published days, leave,
 * holidays, contract terms, pacts and the schedule pattern from the database. A fixed business
 * clock (Monday 2026-03-02 10:00 in Madrid); the week planned is 2026-03-02 to 2026-03-08.
 */

const NOW = '2026-03-02T09:00:00.000Z';
const WEEK = { from: '2026-03-02', to: '2026-03-08' };
let s: ServiceDb;
let ana: number;
let luis: number;

const draft = (employeeId: number, date: string, startTime: string, endTime: string, breakMinutes = 0) =>
  s.db
    .insertInto('rosterShifts')
    .values({ companyId: s.companyId, departmentId: s.departmentId, employeeId, date, startTime, endTime, breakMinutes, templateId: null, published: 0, createdAt: NOW, updatedAt: NOW, updatedBy: null })
    .execute();
const kinds = (ws: { employee: number; date: string; kind: string }[], employee: number) => ws.filter((w) => w.employee === employee).map((w) => `${w.date} ${w.kind}`);

beforeAll(async () => {
  process.env['JORNADA_TEST'] = '1';
  process.env['JORNADA_FAKE_NOW'] = NOW;
  s = await openServiceDb();
  ana = await s.addEmployee({ firstName: 'Ana', pin: '4815162' });
  luis = await s.addEmployee({ firstName: 'Luis', pin: '4815163' });
  const weekdays = { restDays: ['Saturday', 'Sunday'], fromDate: '2026-01-01', toDate: null };
  await createSchedule(s.db, { employee: ana, startTime: '09:00', offTime: '13:00', totalHours: 4, ...weekdays }, s.admin);
  await createSchedule(s.db, { employee: luis, startTime: '09:00', offTime: '17:00', totalHours: 7, ...weekdays }, s.admin);
  await changeContractTerms(s.db, ana, { terms: { workingDayType: 'part-time', partTimePercent: 50 }, effectiveFrom: '2026-01-01', explicit: true, at: NOW, authorId: null });
  await recordPact(s.db, ana, { signedOn: '2026-01-01', validFrom: '2026-01-01', sharePercent: 30 }, s.admin);
});

afterAll(async () => {
  delete process.env['JORNADA_FAKE_NOW'];
  await s.close();
});

describe('roster warnings from the database', () => {
  it('the grid answer and the shift writes carry a short rest and an overlap after night shifts', async () => {
    const place = (date: string, startTime: string, endTime: string) => createRosterShift(s.db, s.admin, { department: s.departmentId, employee: luis, date, startTime, endTime });
    // Monday 22:00–06:00 then Tuesday 07:00: 1 h of rest. Wednesday 22:00–08:00 then Thursday 07:00: 1 h overlap.
    await place('2026-03-02', '22:00', '06:00');
    const tuesday = await place('2026-03-03', '07:00', '15:00');
    expect(tuesday.warnings).toContainEqual({ code: 'roster.warnings.shortRest', kind: 'shortRest', employee: luis, date: '2026-03-03', params: { restMinutes: 60, limitMinutes: 720 } });
    await place('2026-03-04', '22:00', '08:00');
    await place('2026-03-05', '07:00', '15:00');
    const grid = await readRoster(s.db, s.admin, new URLSearchParams({ department: String(s.departmentId), ...WEEK }));
    expect(grid.warnings).toContainEqual({ code: 'roster.warnings.shortRest', kind: 'shortRest', employee: luis, date: '2026-03-03', params: { restMinutes: 60, limitMinutes: 720 } });
    expect(grid.warnings).toContainEqual({ code: 'roster.warnings.overlap', kind: 'overlap', employee: luis, date: '2026-03-05', params: { overlapMinutes: 60 } });
    // A write answers its own day's warnings and the next day's: moving Wednesday's night away ends the overlap.
    const wednesday = grid.shifts.find((x) => x.employee === luis && x.date === '2026-03-04')!;
    expect(kinds(await rosterWarningsAround(s.db, luis, ['2026-03-04']), luis)).toContain('2026-03-05 overlap');
    const moved = await updateRosterShiftById(s.db, s.admin, wednesday._id, { startTime: '14:00', endTime: '18:00' });
    expect(moved.warnings.map((w) => `${w.date} ${w.kind}`)).not.toContain('2026-03-05 overlap');
    expect(kinds(await rosterWarningsOf(s.db, [luis], WEEK), luis)).not.toContain('2026-03-05 overlap');
  });

  it('reads leave, holidays, the part-time contract, the pact and the published days', async () => {
    await s.db.insertInto('holidays').values({ companyId: s.companyId, date: '2026-03-06', name: 'Fiesta local', createdAt: NOW, updatedAt: NOW }).execute();
    await s.db
      .insertInto('leaves')
      .values({
        employeeId: ana,
        leaveTypeId: s.leaveTypeId,
        fromDate: '2026-03-05',
        toDate: '2026-03-05',
        reason: 'Médico',
        returnDate: null,
        status: 'approved',
        comment: null,
        decidedBy: null,
        decidedAt: null,
        createdAt: NOW,
        updatedAt: NOW,
      })
      .execute();
    // Wednesday: 6 h against the pattern's 4 h with a pact, 1 day before: complementary hours at late notice.
    await draft(ana, '2026-03-04', '09:00', '15:00');
    await draft(ana, '2026-03-05', '09:00', '13:00');
    await draft(ana, '2026-03-06', '09:00', '13:00');
    // Monday and Tuesday as published: no notice; 5 days × 4–6 h = 22 h over the 20 h of 50 %.
    for (const date of ['2026-03-02', '2026-03-03']) await draft(ana, date, '09:00', '13:00');
    const published = ['2026-03-02', '2026-03-03'].map((date) => ({ employeeId: ana, date, kind: 'shift' as const, startTime: '09:00', endTime: '13:00', breakMinutes: 0 }));
    await writePlannedDays(s.db, published, NOW, s.admin.id);
    expect(kinds(await rosterWarningsOf(s.db, [ana], WEEK), ana)).toEqual(['2026-03-02 weeklyHours', '2026-03-04 lateNoticeComplementary', '2026-03-05 leave', '2026-03-06 holiday']);
  });
});
