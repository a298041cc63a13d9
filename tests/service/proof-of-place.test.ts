import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PersonalClockRequest } from '../../src/domain/clock/personal-clock.ts';
import { recordPersonalPunch, type PersonalPunchRequest } from '../../src/server/services/punch/record-personal-punch.ts';
import { recordNotes } from '../../src/domain/reports/record-notes.ts';
import { monthlyRecords } from '../../src/server/services/reports/monthly-records.ts';
import { findAttendance } from '../../src/server/db/repositories/attendances.ts';
import { purgePunchPositions } from '../../src/server/services/workplaces/position-retention.ts';
import { createWorkplace, deleteWorkplace, listWorkplaces, updateWorkplace } from '../../src/server/services/workplaces/workplaces.ts';
import { openServiceDb, type ServiceDb } from '../helpers/service-db.ts';

/**
 * Proof of place (issue 36 point 5, decision 068): off, record, warn and require on a personal
 * on-site punch; a remote punch never keeps a position; raw positions go after the company's
 * retention while the punch keeps its place; workplaces are managed within the company scope.
 */

let s: ServiceDb;
let workplaceId: number;
const SOL = { lat: 40.416775, lng: -3.70379 };
const INSIDE = { lat: SOL.lat + 30 / 111_195, lng: SOL.lng, accuracy: 15 };
const OUTSIDE = { lat: SOL.lat + 2000 / 111_195, lng: SOL.lng, accuracy: 15 };
const admin = () => ({ id: s.admin.id, accountType: 'Admin' as const, companyId: s.companyId });

const at = (iso: string) => {
  process.env['JORNADA_TEST'] = '1';
  process.env['JORNADA_FAKE_NOW'] = iso;
};

let workers = 0;
async function worker(firstName: string) {
  workers++;
  const employeeId = await s.addEmployee({ firstName, pin: String(8100000 + workers) });
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
  const account = await s.addAccount({ email: `place${workers}@service.test`, accountType: 'Employee', roleId: s.roles.employee, employeeId });
  return { employeeId, user: { id: account.id, employeeId } };
}

const punch = (user: PersonalPunchRequest['user'], input: Partial<PersonalClockRequest>) =>
  recordPersonalPunch(s.db, { user, input: { action: 'check-in', workMode: 'on-site', ...input }, userAgent: 'Mozilla/5.0 (iPhone) Version/18.1 Mobile/15E148 Safari/604.1', address: '198.51.100.7', lang: 'en' });
const punchesOf = (employeeId: number) => s.db.selectFrom('punches').select(['id', 'place', 'workplaceId']).where('employeeId', '=', employeeId).orderBy('id').execute();
const positionOf = (punchId: number) => s.db.selectFrom('punchPositions').selectAll().where('punchId', '=', punchId).executeTakeFirst();
const mode = (proofOfPlace: 'off' | 'record' | 'warn' | 'require') => s.db.updateTable('companies').set({ proofOfPlace }).where('id', '=', s.companyId).execute();

beforeAll(async () => {
  s = await openServiceDb();
  await s.db.updateTable('companies').set({ personalClock: 1 }).where('id', '=', s.companyId).execute();
  workplaceId = (await createWorkplace(s.db, admin(), { name: 'Sol', ...SOL, radiusM: 100 })).id;
});
afterEach(() => {
  delete process.env['JORNADA_FAKE_NOW'];
});
afterAll(async () => {
  await s.close();
});

describe('the company’s mode decides what an on-site punch keeps', () => {
  it('is off by default: no place, no position, even when one is sent', async () => {
    const company = await s.db.selectFrom('companies').select(['proofOfPlace', 'positionRetentionDays']).where('id', '=', s.companyId).executeTakeFirstOrThrow();
    expect(company).toEqual({ proofOfPlace: 'off', positionRetentionDays: 90 });
    const { employeeId, user } = await worker('Off');
    at('2031-03-03T09:00:00Z');
    await punch(user, { location: INSIDE });
    const [p] = await punchesOf(employeeId);
    expect(p).toMatchObject({ place: null, workplaceId: null });
    expect(await positionOf(p!.id)).toBeUndefined();
  });

  it('record: inside with its workplace, outside, and unknown without a position; the position apart, never in the audit', async () => {
    await mode('record');
    const a = await worker('RecIn');
    const b = await worker('RecOut');
    const c = await worker('RecNone');
    at('2031-03-03T09:01:00Z');
    const answer = await punch(a.user, { location: INSIDE });
    expect(answer.placeWarning).toBeUndefined();
    await punch(b.user, { location: OUTSIDE });
    await punch(c.user, {});
    const [pa] = await punchesOf(a.employeeId);
    expect(pa).toMatchObject({ place: 'inside', workplaceId });
    expect(await positionOf(pa!.id)).toMatchObject({ lat: INSIDE.lat, lng: INSIDE.lng, accuracy: 15 });
    expect((await punchesOf(b.employeeId))[0]).toMatchObject({ place: 'outside', workplaceId: null });
    const [pc] = await punchesOf(c.employeeId);
    expect(pc).toMatchObject({ place: 'unknown' });
    expect(await positionOf(pc!.id)).toBeUndefined();
    const audits = await s.db.selectFrom('auditLog').select('after').where('action', '=', 'clock.check-in').execute();
    expect(JSON.stringify(audits)).not.toContain(String(INSIDE.lat).slice(0, 9));
    expect(audits.some((a) => (JSON.parse(String(a.after)) as { place?: string }).place === 'inside')).toBe(true);
  });

  it('warn: outside is recorded, flagged and the worker told', async () => {
    await mode('warn');
    const { employeeId, user } = await worker('Warn');
    at('2031-03-03T09:02:00Z');
    const answer = await punch(user, { location: OUTSIDE });
    expect(answer.placeWarning).toMatch(/not at any of your company's workplaces/);
    expect((await punchesOf(employeeId))[0]).toMatchObject({ place: 'outside' });
    expect(answer.state.punches.at(-1)).toMatchObject({ place: 'outside' });
    expect(answer.state.proofOfPlace).toBe('warn');
    // The administrator's monthly record flags the day (its notes count the punches outside).
    const { records } = await monthlyRecords(s.db, { employee: employeeId }, '2031-03');
    const day = records[0]!.record.days.find((d) => d.date === '2031-03-03')!;
    expect(day.outsidePunches).toBe(1);
    expect(recordNotes(day, '2031-03-31T00:00:00Z')).toContainEqual({ key: 'reports.record.outsideWorkplaces', params: { count: '1' } });
    // And the attendance list's row of the day (its badge).
    const attendance = await s.db.selectFrom('attendances').select('id').where('employeeId', '=', employeeId).executeTakeFirstOrThrow();
    expect(await findAttendance(s.db, attendance.id)).toMatchObject({ outsidePunches: 1 });
  });

  it('require: outside and without a position are refused (403, translated code), nothing written; inside is recorded', async () => {
    await mode('require');
    const { employeeId, user } = await worker('Require');
    at('2031-03-03T09:03:00Z');
    await expect(punch(user, { location: OUTSIDE })).rejects.toMatchObject({ code: 'proofOfPlace.outsideRefused', status: 403 });
    await expect(punch(user, {})).rejects.toMatchObject({ code: 'proofOfPlace.positionRequired', status: 403 });
    expect(await punchesOf(employeeId)).toHaveLength(0);
    await punch(user, { location: INSIDE });
    expect(await punchesOf(employeeId)).toMatchObject([{ place: 'inside', workplaceId }]);
  });

  it('a remote punch is never asked and never keeps a position, whatever the mode (a location sent is dropped)', async () => {
    await mode('require');
    const { employeeId, user } = await worker('Remote');
    at('2031-03-03T09:04:00Z');
    await punch(user, { workMode: 'remote', location: OUTSIDE });
    const [p] = await punchesOf(employeeId);
    expect(p).toMatchObject({ place: null, workplaceId: null });
    expect(await positionOf(p!.id)).toBeUndefined();
    await mode('off');
  });
});

describe('retention', () => {
  it('deletes raw positions past the company’s days; the punch keeps its place', async () => {
    await mode('record');
    const { employeeId, user } = await worker('Retain');
    at('2031-01-01T09:00:00Z');
    await punch(user, { location: INSIDE });
    const [p] = await punchesOf(employeeId);
    expect(await positionOf(p!.id)).toBeDefined();
    await s.db.updateTable('companies').set({ positionRetentionDays: 30 }).where('id', '=', s.companyId).execute();
    expect(await purgePunchPositions(s.db, Date.parse('2031-01-20T09:00:00Z'))).toBe(0);
    expect(await positionOf(p!.id)).toBeDefined();
    expect(await purgePunchPositions(s.db, Date.parse('2031-02-01T09:00:01Z'))).toBeGreaterThanOrEqual(1);
    expect(await positionOf(p!.id)).toBeUndefined();
    expect((await punchesOf(employeeId))[0]).toMatchObject({ place: 'inside', workplaceId });
    await mode('off');
  });
});

describe('workplaces are managed within the company scope', () => {
  it('an Admin sees and changes only its company’s; another company’s is a 404; a SuperAdmin manages any', async () => {
    const other = await s.db.insertInto('companies').values({ name: 'Otra SL', createdAt: '2020-01-01T00:00:00.000Z', updatedAt: '2020-01-01T00:00:00.000Z' }).returning('id').executeTakeFirstOrThrow();
    const superAdmin = { id: s.admin.id, accountType: 'SuperAdmin' as const, companyId: s.companyId };
    const theirs = await createWorkplace(s.db, superAdmin, { name: 'Almacén', lat: 41.38, lng: 2.17, radiusM: 200, companyId: other.id });
    expect(theirs).toMatchObject({ companyId: other.id, companyName: 'Otra SL' });
    expect((await listWorkplaces(s.db, admin())).map((w) => w.name)).toEqual(['Sol']);
    expect((await listWorkplaces(s.db, superAdmin)).map((w) => w.name).sort()).toEqual(['Almacén', 'Sol']);
    await expect(updateWorkplace(s.db, admin(), theirs.id, { name: 'Mine', lat: 0, lng: 0, radiusM: 50 })).rejects.toMatchObject({ status: 404 });
    await expect(deleteWorkplace(s.db, admin(), theirs.id)).rejects.toMatchObject({ status: 404 });
    await expect(createWorkplace(s.db, admin(), { name: 'Sneaky', lat: 0, lng: 0, radiusM: 50, companyId: other.id })).rejects.toMatchObject({ status: 404 });
    // A workplace a punch was inside stays (409); an unused one goes.
    await expect(deleteWorkplace(s.db, admin(), workplaceId)).rejects.toMatchObject({ status: 409, code: 'proofOfPlace.workplaceInUse' });
    await deleteWorkplace(s.db, superAdmin, theirs.id);
    expect((await listWorkplaces(s.db, superAdmin)).map((w) => w.name)).toEqual(['Sol']);
  });
});
