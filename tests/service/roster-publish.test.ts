import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveMailSettings } from '../../src/server/mail/mail-settings.ts';
import { copyWeek, repeatWeeks } from '../../src/server/services/roster/copy-weeks.ts';
import { saveCoverageNeeds } from '../../src/server/services/roster/coverage-needs.ts';
import { fillFromSchedules } from '../../src/server/services/roster/fill-from-schedules.ts';
import { publishRoster } from '../../src/server/services/roster/publish-roster.ts';
import { readRoster } from '../../src/server/services/roster/read-roster.ts';
import { createRosterShift, deleteRosterShiftById, updateRosterShiftById } from '../../src/server/services/roster/save-roster-shift.ts';
import { createShiftTemplate } from '../../src/server/services/roster/shift-templates.ts';
import { createSchedule } from '../../src/server/services/schedules/save-schedule.ts';
import { openServiceDb, type ServiceDb } from '../helpers/service-db.ts';

/**
 * The roster core (issue 39, decision 085): draft shifts, copy/repeat/fill, and publishing: every
 * active employee of the department gets a published day for every date (shift or rest), a
 * re-publish changes only what changed, a changed locked day refuses it all, and each worker whose
 * days changed gets one email listing them.
 */
let s: ServiceDb;
let ana: number;
let bea: number;
let early: number;

// 2026-12-07 is a Monday.
const MON = '2026-12-07';
const SUN = '2026-12-13';
const week = (from: string, to: string) => ({ department: s.departmentId, from, to });

const planned = (employeeId: number) => s.db.selectFrom('plannedDays').select(['date', 'kind', 'startTime', 'endTime', 'breakMinutes']).where('employeeId', '=', employeeId).orderBy('date').execute();
const mails = () => s.db.selectFrom('outbox').select(['dedupeKey', 'recipient', 'payload']).where('kind', '=', 'rosterPublished').orderBy('id').execute();
const chained = async () => (await s.db.selectFrom('recordChain').select('id').where('kind', '=', 'shift').execute()).length;
const refusal = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    return { code: (e as { code: string }).code, status: (e as { status: number }).status };
  }
  return null;
};

beforeAll(async () => {
  s = await openServiceDb();
  await saveMailSettings(s.db, { host: '127.0.0.1', port: 2525, security: 'none', user: '', password: '', from: 'jornada@service.test', appUrl: 'http://jornada.test' }, s.superAdmin.id);
  ana = await s.addEmployee({ firstName: 'Ana', pin: '4815162' });
  bea = await s.addEmployee({ firstName: 'Bea', pin: '2342342' });
  await createSchedule(s.db, { employee: ana, startTime: '09:00', offTime: '17:30', totalHours: 8, restDays: ['Saturday', 'Sunday'], fromDate: '2026-01-01', toDate: null }, s.admin);
  early = (await createShiftTemplate(s.db, s.admin, { name: 'Mañana', startTime: '07:00', endTime: '15:00', breakMinutes: 30, colour: '#2563EB', department: null }))._id;
});

afterAll(async () => {
  await s.close();
});

describe('draft shifts', () => {
  it('takes a template’s times (explicit ones win) and allows one shift per employee and date', async () => {
    const made = await createRosterShift(s.db, s.admin, { department: s.departmentId, employee: ana, date: MON, template: early });
    expect(made.data).toMatchObject({ employee: ana, date: MON, startTime: '07:00', endTime: '15:00', breakMinutes: 30, template: early, published: false });
    expect(await refusal(createRosterShift(s.db, s.admin, { department: s.departmentId, employee: ana, date: MON, startTime: '10:00', endTime: '14:00' }))).toEqual({ code: 'roster.dayTaken', status: 409 });
    const other = await createRosterShift(s.db, s.admin, { department: s.departmentId, employee: bea, date: MON, template: early, endTime: '13:00', breakMinutes: 0 });
    expect(other.data).toMatchObject({ startTime: '07:00', endTime: '13:00', breakMinutes: 0 });
    // Moving Bea's shift onto Ana's taken day is refused too; an open shift is any number.
    expect(await refusal(updateRosterShiftById(s.db, s.admin, other.data._id, { employee: ana }))).toEqual({ code: 'roster.dayTaken', status: 409 });
    await createRosterShift(s.db, s.admin, { department: s.departmentId, employee: null, date: MON, template: early });
    await createRosterShift(s.db, s.admin, { department: s.departmentId, employee: null, date: MON, template: early });
    await deleteRosterShiftById(s.db, s.admin, other.data._id);
    expect(await refusal(createRosterShift(s.db, s.admin, { department: s.departmentId, employee: bea, date: MON }))).toMatchObject({ status: 422 });
  });

  it('copies a week and repeats it without overwriting a draft shift', async () => {
    const next = '2026-12-14';
    await createRosterShift(s.db, s.admin, { department: s.departmentId, employee: ana, date: next, startTime: '12:00', endTime: '20:00' });
    // Ana's Monday is taken in the target week (skipped); two open shifts are copied.
    expect(await copyWeek(s.db, s.admin, { department: s.departmentId, from: MON, to: next })).toEqual({ created: 2, skipped: 1 });
    expect(await copyWeek(s.db, s.admin, { department: s.departmentId, from: MON, to: next })).toEqual({ created: 0, skipped: 3 });
    expect(await refusal(copyWeek(s.db, s.admin, { department: s.departmentId, from: '2026-12-08', to: next }))).toMatchObject({ status: 422 });
    // The 1-week pattern of the week after, twice more.
    expect(await repeatWeeks(s.db, s.admin, { department: s.departmentId, from: next, weeks: 1, times: 2 })).toEqual({ created: 6, skipped: 0 });
  });
});

describe('publishing', () => {
  it('writes every active employee’s every date, shift or rest, chained, and emails each worker once', async () => {
    const before = await chained();
    expect(await publishRoster(s.db, s.admin, week(MON, SUN))).toEqual({ changedDays: 14, notified: 2 });
    expect(await chained()).toBe(before + 14);
    const days = await planned(ana);
    expect(days).toHaveLength(7);
    expect(days[0]).toEqual({ date: MON, kind: 'shift', startTime: '07:00', endTime: '15:00', breakMinutes: 30 });
    expect(days.slice(1).every((d) => d.kind === 'rest' && d.startTime === null)).toBe(true);
    expect((await planned(bea)).every((d) => d.kind === 'rest')).toBe(true);
    const sent = await mails();
    expect(sent.map((m) => m.recipient).sort()).toEqual(['employee1@service.test', 'employee2@service.test']);
    expect(sent.find((m) => m.recipient === 'employee1@service.test')!.payload).toMatch(/07:00–15:00/);
    const grid = await readRoster(s.db, s.admin, new URLSearchParams({ department: String(s.departmentId), from: MON, to: SUN }));
    expect(grid.unpublishedChanges).toBe(0);
    expect(grid.shifts.every((x) => x.published)).toBe(true);
    expect(grid.publications).toMatchObject([{ from: MON, to: SUN, changedDays: 14 }]);
  });

  it('changes only what changed on a re-publish, and tells only the workers whose days changed', async () => {
    const shift = (await readRoster(s.db, s.admin, new URLSearchParams({ department: String(s.departmentId), from: MON, to: MON }))).shifts.find((x) => x.employee === ana)!;
    await updateRosterShiftById(s.db, s.admin, shift._id, { startTime: '08:00' });
    await createRosterShift(s.db, s.admin, { department: s.departmentId, employee: bea, date: '2026-12-09', startTime: '14:00', endTime: '22:00', breakMinutes: 30 });
    const grid = await readRoster(s.db, s.admin, new URLSearchParams({ department: String(s.departmentId), from: MON, to: SUN }));
    expect(grid.unpublishedChanges).toBe(2);
    const mailsBefore = (await mails()).length;
    expect(await publishRoster(s.db, s.admin, week(MON, SUN))).toEqual({ changedDays: 2, notified: 2 });
    expect((await planned(ana))[0]).toMatchObject({ kind: 'shift', startTime: '08:00' });
    expect((await planned(bea))[2]).toMatchObject({ date: '2026-12-09', kind: 'shift', startTime: '14:00' });
    const latest = (await mails()).slice(mailsBefore);
    expect(latest).toHaveLength(2);
    expect(latest.find((m) => m.recipient === 'employee2@service.test')!.payload).toMatch(/14:00–22:00/);
    expect(await publishRoster(s.db, s.admin, week(MON, SUN))).toEqual({ changedDays: 0, notified: 0 });
  });

  it('is refused whole when a changed day is locked: nothing is written, and the draft cannot change there either', async () => {
    const next = '2026-12-14';
    await s.db
      .insertInto('periodApprovals')
      .values({ employeeId: bea, dateFrom: '2026-12-15', dateTo: '2026-12-15', status: 'approved', approvedBy: s.admin.id, approvedAt: '2026-12-16T10:00:00.000Z', reopenedBy: null, reopenedAt: null, reopenReason: null })
      .execute();
    const chainBefore = await chained();
    const plannedBefore = (await planned(ana)).length;
    expect(await refusal(publishRoster(s.db, s.admin, week(next, '2026-12-20')))).toMatchObject({ code: 'periods.locked', status: 409 });
    expect(await chained()).toBe(chainBefore);
    expect((await planned(ana)).length).toBe(plannedBefore);
    expect(await refusal(createRosterShift(s.db, s.admin, { department: s.departmentId, employee: bea, date: '2026-12-15', template: early }))).toMatchObject({ code: 'periods.locked', status: 409 });
    // Fill skips a locked day and counts it: Ana gets her pattern on her other empty weekdays.
    await s.db
      .insertInto('periodApprovals')
      .values({ employeeId: ana, dateFrom: '2027-01-05', dateTo: '2027-01-05', status: 'approved', approvedBy: s.admin.id, approvedAt: '2027-01-06T10:00:00.000Z', reopenedBy: null, reopenedAt: null, reopenReason: null })
      .execute();
    const filled = await fillFromSchedules(s.db, s.admin, { department: s.departmentId, from: '2027-01-04', to: '2027-01-10' });
    expect(filled).toEqual({ created: 4, skipped: 1 });
    const grid = await readRoster(s.db, s.admin, new URLSearchParams({ department: String(s.departmentId), from: '2027-01-04', to: '2027-01-10' }));
    expect(grid.shifts.filter((x) => x.employee === ana).map((x) => [x.date, x.startTime, x.endTime, x.breakMinutes])).toEqual([
      ['2027-01-04', '09:00', '17:30', 30],
      ['2027-01-06', '09:00', '17:30', 30],
      ['2027-01-07', '09:00', '17:30', 30],
      ['2027-01-08', '09:00', '17:30', 30],
    ]);
    expect(grid.locked).toEqual([{ employee: ana, date: '2027-01-05' }]);
  });
});

describe('coverage', () => {
  it('counts assigned shifts of the template against the weekday’s need', async () => {
    await saveCoverageNeeds(s.db, s.admin, { department: s.departmentId, needs: [{ template: early, weekday: 1, staff: 2 }] });
    const grid = await readRoster(s.db, s.admin, new URLSearchParams({ department: String(s.departmentId), from: MON, to: '2026-12-08' }));
    expect(grid.coverage).toEqual([{ template: early, date: MON, needed: 2, planned: 1 }]);
  });
});
