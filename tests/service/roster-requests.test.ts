import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { writePlannedDays } from '../../src/server/db/repositories/planned-days.ts';
import { writeSettings } from '../../src/server/db/repositories/settings.ts';
import { saveMailSettings } from '../../src/server/mail/mail-settings.ts';
import { claimOpenShift, decideOpenShiftClaim, ownOpenShifts, withdrawClaim } from '../../src/server/services/roster/open-shift-claims.ts';
import { answerSwap, decideSwap, ownSwaps, proposeSwap } from '../../src/server/services/roster/shift-swaps.ts';
import { verifyRecordChain } from '../../src/server/services/record-chain/verify-record-chain.ts';
import { invalidateSettings } from '../../src/server/services/get-settings.ts';
import { openServiceDb, type ServiceDb, type TestActor } from '../helpers/service-db.ts';

/**
 * Issue 39 point 6 (decision 086), in-process: open-shift claims and shift swaps. The business
 * clock is fixed on Monday 15 June 2026, 10:00 in Lisbon (the default zone); every shift is dated
 * around it. Each test plants its own shifts; the tests run in order on one database.
 */

const NOW = '2026-06-15T09:00:00.000Z';
let s: ServiceDb;
let ana: number;
let luis: number;
let eva: number;
let otro: number;
let anaUser: TestActor;
let luisUser: TestActor;
let evaUser: TestActor;
let adminAna: TestActor;

const worker = (u: TestActor) => ({ id: u.id, employeeId: u.employeeId });
const admin = (u: TestActor) => ({ id: u.id, employeeId: u.employeeId, accountType: u.accountType, companyId: u.companyId });

async function shift(employeeId: number | null, date: string, startTime = '08:00', endTime = '16:00', departmentId = s.departmentId): Promise<number> {
  const at = NOW;
  const row = await s.db
    .insertInto('rosterShifts')
    .values({ companyId: s.companyId, departmentId, employeeId, date, startTime, endTime, breakMinutes: 30, templateId: null, published: 1, createdAt: at, updatedAt: at, updatedBy: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (employeeId !== null) await writePlannedDays(s.db, [{ employeeId, date, kind: 'shift', startTime, endTime, breakMinutes: 30 }], at, null);
  return row.id;
}

const planned = (employeeId: number, date: string) =>
  s.db.selectFrom('plannedDays').select(['kind', 'startTime', 'endTime', 'breakMinutes']).where('employeeId', '=', employeeId).where('date', '=', date).executeTakeFirst();
const holder = async (id: number) => (await s.db.selectFrom('rosterShifts').select(['employeeId', 'published']).where('id', '=', id).executeTakeFirstOrThrow()).employeeId;
const mails = async (kind: string) => (await s.db.selectFrom('outbox').select('recipient').where('kind', '=', kind).execute()).map((m) => m.recipient).sort();
const shiftChainProblems = async () => (await verifyRecordChain(s.db)).broken.filter((b) => b.kind === 'shift');

beforeAll(async () => {
  process.env['JORNADA_TEST'] = '1';
  process.env['JORNADA_FAKE_NOW'] = NOW;
  s = await openServiceDb();
  ana = await s.addEmployee({ firstName: 'Ana', pin: '4815162' });
  luis = await s.addEmployee({ firstName: 'Luis', pin: '4815163' });
  eva = await s.addEmployee({ firstName: 'Eva', pin: '4815164' });
  otro = await s.addEmployee({ firstName: 'Otro', pin: '4815165' });
  const dept = await s.db.insertInto('departments').values({ name: 'Tienda', companyId: s.companyId, createdAt: NOW, updatedAt: NOW }).returning('id').executeTakeFirstOrThrow();
  await s.db.updateTable('employees').set({ departmentId: dept.id }).where('id', '=', otro).execute();
  anaUser = await s.addAccount({ email: 'ana@service.test', accountType: 'Employee', roleId: s.roles.employee, employeeId: ana });
  luisUser = await s.addAccount({ email: 'luis@service.test', accountType: 'Employee', roleId: s.roles.employee, employeeId: luis });
  evaUser = await s.addAccount({ email: 'eva@service.test', accountType: 'Employee', roleId: s.roles.employee, employeeId: eva });
  // An administrator who is also Ana (four eyes).
  adminAna = await s.addAccount({ email: 'encargada@service.test', accountType: 'Admin', roleId: s.roles.administrator, employeeId: ana });
  await saveMailSettings(s.db, { host: '127.0.0.1', port: 2525, security: 'none', user: '', password: '', from: 'jornada@service.test', appUrl: 'http://jornada.test' }, s.superAdmin.id);
});

afterAll(async () => {
  delete process.env['JORNADA_FAKE_NOW'];
  await s.close();
});

beforeEach(async () => {
  await writeSettings(s.db, { openShiftAssignment: 'approval' }, NOW);
  invalidateSettings();
});

describe('open shifts', () => {
  it('are listed to the workers of their department only, from now on', async () => {
    const open = await shift(null, '2026-06-17');
    await shift(null, '2026-06-14'); // past
    await shift(null, '2026-06-15', '09:30'); // today, begun at 10:00
    expect((await ownOpenShifts(s.db, ana)).map((o) => o._id)).toEqual([open]);
    expect(await ownOpenShifts(s.db, otro)).toEqual([]);
  });

  it('refuse a past or begun shift, another department, a day already worked, a second claim; nothing written', async () => {
    const past = await shift(null, '2026-06-14');
    const begun = await shift(null, '2026-06-15', '09:30');
    const elsewhere = await shift(null, '2026-06-23');
    await s.db
      .updateTable('rosterShifts')
      .set({ departmentId: (await s.db.selectFrom('employees').select('departmentId').where('id', '=', otro).executeTakeFirstOrThrow()).departmentId })
      .where('id', '=', elsewhere)
      .execute();
    const busy = await shift(null, '2026-06-24');
    await shift(ana, '2026-06-24', '14:00', '22:00');
    await expect(claimOpenShift(s.db, worker(anaUser), past)).rejects.toMatchObject({ status: 409, code: 'rosterRequests.started' });
    await expect(claimOpenShift(s.db, worker(anaUser), begun)).rejects.toMatchObject({ status: 409, code: 'rosterRequests.started' });
    await expect(claimOpenShift(s.db, worker(anaUser), elsewhere)).rejects.toMatchObject({ status: 404 });
    await expect(claimOpenShift(s.db, worker(anaUser), busy)).rejects.toMatchObject({ status: 409, code: 'rosterRequests.claimDayTaken' });
    await expect(claimOpenShift(s.db, { ...worker(anaUser), apiTokenId: 1 }, busy)).rejects.toMatchObject({ status: 403 });
    expect(await s.db.selectFrom('openShiftClaims').selectAll().execute()).toEqual([]);
    const open = await shift(null, '2026-06-25');
    expect(await claimOpenShift(s.db, worker(luisUser), open)).toMatchObject({ status: 'pending' });
    await expect(claimOpenShift(s.db, worker(luisUser), open)).rejects.toMatchObject({ status: 409, code: 'rosterRequests.alreadyClaimed' });
    await withdrawClaim(s.db, worker(luisUser), open);
    expect(await claimOpenShift(s.db, worker(luisUser), open)).toMatchObject({ status: 'pending' });
  });

  it('approval assigns the shift, publishes and chains that day, declines the other claims and tells everyone', async () => {
    const open = await shift(null, '2026-06-26', '07:00', '15:00');
    const luisClaim = (await claimOpenShift(s.db, worker(luisUser), open)).claim;
    const evaClaim = (await claimOpenShift(s.db, worker(evaUser), open)).claim;
    expect(await mails('openShiftClaimed')).toContain('admin@service.test');
    expect(await mails('openShiftClaimed')).not.toContain('luis@service.test');
    expect(await decideOpenShiftClaim(s.db, admin(s.admin), luisClaim, 'approved')).toEqual({ status: 'approved' });
    expect(await holder(open)).toBe(luis);
    expect(await planned(luis, '2026-06-26')).toEqual({ kind: 'shift', startTime: '07:00', endTime: '15:00', breakMinutes: 30 });
    expect((await s.db.selectFrom('openShiftClaims').select('status').where('id', '=', evaClaim).executeTakeFirstOrThrow()).status).toBe('declined');
    expect(await mails('openShiftDecided')).toEqual(expect.arrayContaining(['eva@service.test', 'luis@service.test']));
    expect(await shiftChainProblems()).toEqual([]);
    const chained = await s.db.selectFrom('recordChain').select('kind').where('kind', '=', 'shift').execute();
    expect(chained.length).toBeGreaterThan(0);
    await expect(decideOpenShiftClaim(s.db, admin(s.admin), evaClaim, 'approved')).rejects.toMatchObject({ status: 409 });
  });

  it('four eyes: an administrator cannot decide a claim of their own employee', async () => {
    const open = await shift(null, '2026-06-29');
    const claim = (await claimOpenShift(s.db, worker(anaUser), open)).claim;
    await expect(decideOpenShiftClaim(s.db, admin(adminAna), claim, 'approved')).rejects.toMatchObject({ status: 403 });
    expect(await holder(open)).toBeNull();
  });

  it('first-claimant mode assigns the first qualified claimant at once', async () => {
    await writeSettings(s.db, { openShiftAssignment: 'firstClaimant' }, NOW);
    const open = await shift(null, '2026-06-30', '10:00', '18:00');
    expect(await claimOpenShift(s.db, worker(evaUser), open)).toMatchObject({ status: 'approved' });
    expect(await holder(open)).toBe(eva);
    expect(await planned(eva, '2026-06-30')).toMatchObject({ kind: 'shift', startTime: '10:00' });
    await expect(claimOpenShift(s.db, worker(luisUser), open)).rejects.toMatchObject({ status: 409, code: 'rosterRequests.notOpen' });
  });
});

describe('shift swaps', () => {
  it('give: the colleague takes the shift; the giver rests that day', async () => {
    const mine = await shift(ana, '2026-07-01');
    const swap = await proposeSwap(s.db, worker(anaUser), { shift: mine, colleague: luis, note: 'Médico' });
    expect(swap).toMatchObject({ status: 'proposed', otherShift: null, to: { _id: luis } });
    expect(await mails('shiftSwapProposed')).toEqual(['luis@service.test']);
    // Someone else's swap is not theirs to answer; the proposer cannot accept it.
    await expect(answerSwap(s.db, worker(evaUser), swap._id, 'accept')).rejects.toMatchObject({ status: 404 });
    await expect(answerSwap(s.db, worker(anaUser), swap._id, 'accept')).rejects.toMatchObject({ status: 404 });
    await expect(decideSwap(s.db, admin(s.admin), swap._id, 'approved')).rejects.toMatchObject({ status: 409, code: 'rosterRequests.swapNotAccepted' });
    await answerSwap(s.db, worker(luisUser), swap._id, 'accept');
    expect(await mails('shiftSwapAccepted')).toContain('admin@service.test');
    await expect(decideSwap(s.db, admin(adminAna), swap._id, 'approved')).rejects.toMatchObject({ status: 403 });
    expect(await decideSwap(s.db, admin(s.admin), swap._id, 'approved')).toEqual({ status: 'approved', changedDays: 2 });
    expect(await holder(mine)).toBe(luis);
    expect(await planned(ana, '2026-07-01')).toMatchObject({ kind: 'rest', startTime: null });
    expect(await planned(luis, '2026-07-01')).toMatchObject({ kind: 'shift', startTime: '08:00', endTime: '16:00' });
    expect(await mails('shiftSwapDecided')).toEqual(['ana@service.test', 'luis@service.test']);
    expect(await shiftChainProblems()).toEqual([]);
  });

  it('trade on two days and on one day: each receives the other’s shift', async () => {
    const mine = await shift(ana, '2026-07-02', '06:00', '14:00');
    const theirs = await shift(luis, '2026-07-03', '14:00', '22:00');
    const swap = await proposeSwap(s.db, worker(anaUser), { shift: mine, colleague: luis, otherShift: theirs });
    await answerSwap(s.db, worker(luisUser), swap._id, 'accept');
    await decideSwap(s.db, admin(s.admin), swap._id, 'approved');
    expect([await holder(mine), await holder(theirs)]).toEqual([luis, ana]);
    expect(await planned(ana, '2026-07-02')).toMatchObject({ kind: 'rest' });
    expect(await planned(ana, '2026-07-03')).toMatchObject({ kind: 'shift', startTime: '14:00' });
    expect(await planned(luis, '2026-07-02')).toMatchObject({ kind: 'shift', startTime: '06:00' });
    expect(await planned(luis, '2026-07-03')).toMatchObject({ kind: 'rest' });

    const morning = await shift(ana, '2026-07-06', '06:00', '14:00');
    const evening = await shift(luis, '2026-07-06', '14:00', '22:00');
    const same = await proposeSwap(s.db, worker(anaUser), { shift: morning, colleague: luis, otherShift: evening });
    await answerSwap(s.db, worker(luisUser), same._id, 'accept');
    await decideSwap(s.db, admin(s.admin), same._id, 'approved');
    expect(await planned(ana, '2026-07-06')).toMatchObject({ kind: 'shift', startTime: '14:00' });
    expect(await planned(luis, '2026-07-06')).toMatchObject({ kind: 'shift', startTime: '06:00' });
  });

  it('refuses a colleague who already works that day, another department, a begun shift, a second open swap', async () => {
    const mine = await shift(ana, '2026-07-07');
    await shift(luis, '2026-07-07', '14:00', '22:00');
    await expect(proposeSwap(s.db, worker(anaUser), { shift: mine, colleague: luis })).rejects.toMatchObject({ status: 409, code: 'rosterRequests.swapDayTaken' });
    await expect(proposeSwap(s.db, worker(anaUser), { shift: mine, colleague: otro })).rejects.toMatchObject({ status: 422, fields: { colleague: 'rosterRequests.colleagueInvalid' } });
    await expect(proposeSwap(s.db, worker(luisUser), { shift: mine, colleague: eva })).rejects.toMatchObject({ status: 404 });
    const begun = await shift(ana, '2026-06-15', '09:00', '17:00');
    await expect(proposeSwap(s.db, worker(anaUser), { shift: begun, colleague: eva })).rejects.toMatchObject({ status: 409, code: 'rosterRequests.started' });
    await proposeSwap(s.db, worker(anaUser), { shift: mine, colleague: eva });
    await expect(proposeSwap(s.db, worker(anaUser), { shift: mine, colleague: eva })).rejects.toMatchObject({ status: 409, code: 'rosterRequests.swapPending' });
    const listed = await ownSwaps(s.db, eva);
    expect(listed.swaps.map((w) => w.status)).toContain('proposed');
    expect(listed.colleagues.map((c) => c._id)).toEqual(expect.arrayContaining([ana, luis]));
    expect(listed.colleagues.map((c) => c._id)).not.toContain(otro);
  });

  it('a locked day refuses the approval with nothing written', async () => {
    const mine = await shift(ana, '2026-07-08');
    const swap = await proposeSwap(s.db, worker(anaUser), { shift: mine, colleague: eva });
    await answerSwap(s.db, worker(evaUser), swap._id, 'accept');
    // Eva's July approved behind the app: the lock is what is under test.
    await s.db
      .insertInto('periodApprovals')
      .values({ employeeId: eva, dateFrom: '2026-07-01', dateTo: '2026-07-31', status: 'approved', approvedBy: null, approvedAt: NOW, reopenedBy: null, reopenedAt: null, reopenReason: null })
      .execute();
    await expect(decideSwap(s.db, admin(s.admin), swap._id, 'approved')).rejects.toMatchObject({ status: 409, code: 'periods.locked' });
    expect(await holder(mine)).toBe(ana);
    expect(await planned(eva, '2026-07-08')).toBeUndefined();
    expect(await planned(ana, '2026-07-08')).toMatchObject({ kind: 'shift' });
    expect((await s.db.selectFrom('shiftSwaps').select('status').where('id', '=', swap._id).executeTakeFirstOrThrow()).status).toBe('accepted');
    // A claim of an open shift on a locked day likewise.
    const open = await shift(null, '2026-07-09');
    const claim = (await claimOpenShift(s.db, worker(evaUser), open)).claim;
    await expect(decideOpenShiftClaim(s.db, admin(s.admin), claim, 'approved')).rejects.toMatchObject({ status: 409, code: 'periods.locked' });
    expect(await holder(open)).toBeNull();
    expect((await s.db.selectFrom('openShiftClaims').select('status').where('id', '=', claim).executeTakeFirstOrThrow()).status).toBe('pending');
  });

  it('the proposer cancels until decided; a declined swap tells the proposer', async () => {
    const a = await shift(luis, '2026-07-10');
    const b = await shift(luis, '2026-07-13');
    const first = await proposeSwap(s.db, worker(luisUser), { shift: a, colleague: ana });
    await answerSwap(s.db, worker(luisUser), first._id, 'cancel');
    await expect(answerSwap(s.db, worker(anaUser), first._id, 'accept')).rejects.toMatchObject({ status: 409 });
    const second = await proposeSwap(s.db, worker(luisUser), { shift: b, colleague: ana });
    await answerSwap(s.db, worker(anaUser), second._id, 'decline');
    expect(await mails('shiftSwapDecided')).toContain('luis@service.test');
    await expect(answerSwap(s.db, worker(luisUser), second._id, 'cancel')).rejects.toMatchObject({ status: 409 });
  });
});
