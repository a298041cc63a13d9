import * as v from 'valibot';
import { claimRefusal, CLAIM_STATUSES, dayTaken, type ClaimDto, type OpenShiftDto, type Refusal, type RequestShift } from '#domain/roster/roster-requests.ts';
import { localDateOf, localTimeOf } from '#domain/time/zoned-time.ts';
import { nowIso } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { writePlannedDays } from '../../db/repositories/planned-days.ts';
import {
  assignShift,
  decideClaim,
  draftShiftIdsOn,
  employeeLabel,
  findClaim,
  findClaimant,
  findRequestShift,
  insertClaim,
  listClaims,
  openShiftsOfDepartment,
  pendingClaimOf,
  pendingClaimsOfShift,
  publishedShiftOn,
  standingClaimOf,
} from '../../db/repositories/roster-requests.ts';
import { readSettings } from '../../db/repositories/settings.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { refuseOwnDecision } from '../four-eyes/refuse-own-decision.ts';
import { inTransaction } from '../in-transaction.ts';
import type { SessionUser } from '../sign-in/session-user.ts';
import { managedCompany, managesCompanyRow } from '../users/managed-company.ts';
import { notifyClaimDecided, notifyClaimReceived } from './roster-request-notices.ts';

/**
 * Open shifts (issue 39 point 6, decision 086): a published open shift of a department is listed
 * to its workers, who claim it; an administrator with `schedule.update` approves one claim (the
 * shift becomes the worker's and that day is published at once, period-locked and chained by
 * `writePlannedDays`) and the shift's other claims are declined. With the setting
 * `openShiftAssignment: firstClaimant` the first qualified claimant is assigned at once.
 */

type Worker = Pick<SessionUser, 'id' | 'employeeId' | 'apiTokenId'>;
type Admin = Pick<SessionUser, 'id' | 'employeeId' | 'accountType' | 'companyId'>;

const refuse = (r: Refusal | null) => {
  if (r) throw new AppError(r.code, r.status);
};

/** The session's own employee for a personal write: never through an API token (403), 404 without one. */
export function ownWorker(user: Worker): number {
  if (user.apiTokenId !== undefined) throw new AppError('rosterRequests.tokenRefused', 403);
  if (user.employeeId === null) throw new AppError('personal.noEmployee', 404);
  return user.employeeId;
}

/** Today and the time of day in the company zone. */
export async function localNow(db: Db): Promise<{ today: string; nowTime: string; at: string; timezone: string }> {
  const { timezone } = await readSettings(db);
  const at = nowIso();
  return { today: localDateOf(at, timezone), nowTime: localTimeOf(at, timezone), at, timezone };
}

/** Whether the employee works on the date already, leaving out shifts they give away in the same move. */
export async function worksOn(db: Db, employeeId: number, date: string, releasing: readonly number[] = []): Promise<boolean> {
  return dayTaken({ draftShiftIds: await draftShiftIdsOn(db, employeeId, date), publishedShift: await publishedShiftOn(db, employeeId, date), releasing });
}

/** Re-checks a claim of `shift` by `employeeId` (on asking and on deciding). */
async function judgeClaim(db: Db, shift: RequestShift, employeeId: number): Promise<void> {
  const claimant = await findClaimant(db, employeeId);
  if (!claimant) throw notFound();
  const { today, nowTime } = await localNow(db);
  refuse(claimRefusal(shift, claimant, { today, nowTime, dayTaken: await worksOn(db, employeeId, shift.date) }));
}

/** Assigns the shift to the claimant and publishes that day (409 `periods.locked` rolls it all back); declines the shift's other pending claims. */
async function assign(trx: Db, shift: RequestShift, claimId: number, employeeId: number, by: number | null, at: string): Promise<void> {
  await assignShift(trx, shift.id, employeeId, at, by);
  await writePlannedDays(trx, [{ employeeId, date: shift.date, kind: 'shift', startTime: shift.startTime, endTime: shift.endTime, breakMinutes: shift.breakMinutes }], at, by);
  for (const other of await pendingClaimsOfShift(trx, shift.id)) {
    if (other.id === claimId) continue;
    await decideClaim(trx, other.id, 'declined', by, at);
    await appendAudit(trx, { userId: by, entity: 'openShiftClaim', entityId: other.id, action: 'declined', before: { status: 'pending' }, after: { status: 'declined', reason: 'assigned to another' }, at });
    await notifyClaimDecided(trx, other.id, shift, other.employeeId, 'declined');
  }
}

/** GET /api/personal/open-shifts: the open shifts of my department not yet begun, with my claim. */
export async function ownOpenShifts(db: Db, employeeId: number): Promise<OpenShiftDto[]> {
  const me = await findClaimant(db, employeeId);
  if (!me) throw notFound();
  const { today, nowTime } = await localNow(db);
  const list = await openShiftsOfDepartment(db, me.departmentId, today, employeeId);
  return list.filter((s) => !(s.date === today && s.startTime <= nowTime));
}

/** POST /api/personal/open-shifts/{id}/claim → the claim's status (`pending`, or `approved` when assigned at once). */
export async function claimOpenShift(db: Db, user: Worker, shiftId: number): Promise<{ claim: number; status: 'pending' | 'approved' }> {
  const employeeId = ownWorker(user);
  return inTransaction(db, async (trx) => {
    const shift = await findRequestShift(trx, shiftId);
    if (!shift) throw notFound();
    await judgeClaim(trx, shift, employeeId);
    if (await standingClaimOf(trx, shiftId, employeeId)) throw new AppError('rosterRequests.alreadyClaimed', 409);
    const at = nowIso();
    const claim = await insertClaim(trx, shiftId, employeeId, at);
    await appendAudit(trx, { userId: user.id, entity: 'openShiftClaim', entityId: claim, action: 'create', before: null, after: { shiftId, employeeId }, at });
    const firstClaimant = (await readSettings(trx)).openShiftAssignment === 'firstClaimant';
    if (firstClaimant) {
      await decideClaim(trx, claim, 'approved', null, at);
      await assign(trx, shift, claim, employeeId, null, at);
      await appendAudit(trx, { userId: null, entity: 'openShiftClaim', entityId: claim, action: 'approved', before: { status: 'pending' }, after: { status: 'approved', rule: 'firstClaimant' }, at });
      await notifyClaimDecided(trx, claim, shift, employeeId, 'approved');
    }
    await notifyClaimReceived(trx, claim, shift, { id: employeeId, name: await employeeLabel(trx, employeeId) }, firstClaimant);
    return { claim, status: firstClaimant ? 'approved' : 'pending' };
  });
}

/** DELETE /api/personal/open-shifts/{id}/claim: withdraws my pending claim (404 when there is none). */
export async function withdrawClaim(db: Db, user: Worker, shiftId: number): Promise<void> {
  const employeeId = ownWorker(user);
  await inTransaction(db, async (trx) => {
    const claim = await pendingClaimOf(trx, shiftId, employeeId);
    if (!claim) throw notFound();
    const at = nowIso();
    await decideClaim(trx, claim.id, 'withdrawn', user.id, at);
    await appendAudit(trx, { userId: user.id, entity: 'openShiftClaim', entityId: claim.id, action: 'withdrawn', before: { status: 'pending' }, after: { status: 'withdrawn' }, at });
  });
}

const StatusQuery = v.picklist(CLAIM_STATUSES, 'validation.invalidInput');

/** GET /api/roster/claims?status=: the claims of the companies the account manages (default pending). */
export async function claimsForAdmin(db: Db, user: Admin, status: string | null): Promise<ClaimDto[]> {
  const parsed = v.safeParse(StatusQuery, status ?? 'pending');
  if (!parsed.success) throw new AppError('validation.invalidInput', 422, {}, { status: 'validation.invalidInput' });
  return listClaims(db, managedCompany(user), parsed.output);
}

/** POST /api/roster/claims/{id}/approve|decline: an administrator's decision on a pending claim (four eyes: not of their own employee). */
export async function decideOpenShiftClaim(db: Db, user: Admin, claimId: number, outcome: 'approved' | 'declined'): Promise<{ status: 'approved' | 'declined' }> {
  return inTransaction(db, async (trx) => {
    const claim = await findClaim(trx, claimId);
    const shift = claim && (await findRequestShift(trx, claim.shiftId));
    if (!claim || !shift || !managesCompanyRow(user, shift.companyId)) throw notFound();
    await refuseOwnDecision(trx, { id: user.id, employeeId: user.employeeId }, { employeeId: claim.employeeId });
    if (claim.status !== 'pending') throw new AppError('rosterRequests.alreadyDecided', 409);
    const at = nowIso();
    if (outcome === 'approved') await judgeClaim(trx, shift, claim.employeeId);
    if (!(await decideClaim(trx, claim.id, outcome, user.id, at))) throw new AppError('rosterRequests.alreadyDecided', 409);
    if (outcome === 'approved') await assign(trx, shift, claim.id, claim.employeeId, user.id, at);
    await appendAudit(trx, { userId: user.id, entity: 'openShiftClaim', entityId: claim.id, action: outcome, before: { status: 'pending' }, after: { status: outcome, shiftId: shift.id }, at });
    await notifyClaimDecided(trx, claim.id, shift, claim.employeeId, outcome);
    return { status: outcome };
  });
}
