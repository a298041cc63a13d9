import * as v from 'valibot';
import { colleagueRefusal, hasStarted, swapPlan, SWAP_STATUSES, SwapProposalInput, swapShiftRefusal, type Refusal, type RequestShift, type SwapDto, type SwapShiftDto } from '#domain/roster/roster-requests.ts';
import { nowIso } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { writePlannedDays } from '../../db/repositories/planned-days.ts';
import {
  assignShift,
  colleaguesOf,
  employeeLabel,
  findClaimant,
  findRequestShift,
  findSwap,
  insertSwap,
  listSwaps,
  moveSwap,
  openSwapOfShift,
  publishedShiftsOf,
  type SwapRow,
} from '../../db/repositories/roster-requests.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { parseInput } from '../../http/json.ts';
import { refuseOwnDecision } from '../four-eyes/refuse-own-decision.ts';
import { inTransaction } from '../in-transaction.ts';
import type { SessionUser } from '../sign-in/session-user.ts';
import { managedCompany, managesCompanyRow } from '../users/managed-company.ts';
import { localNow, ownWorker, worksOn } from './open-shift-claims.ts';
import { notifySwapAccepted, notifySwapDecided, notifySwapProposed } from './roster-request-notices.ts';

/**
 * Shift swaps (issue 39 point 6, decision 086): a worker offers one of their published shifts to a
 * colleague of the department (who takes it, or trades one of theirs for it); the colleague
 * accepts or declines; the proposer may cancel until an administrator decides; an administrator
 * with `schedule.update` approves an accepted swap (never one of their own employee) or rejects
 * it. Approval moves the draft shifts and publishes every affected day of both workers through
 * `writePlannedDays` in one transaction: a locked day refuses it all, nothing written.
 */

type Worker = Pick<SessionUser, 'id' | 'employeeId' | 'apiTokenId'>;
type Admin = Pick<SessionUser, 'id' | 'employeeId' | 'accountType' | 'companyId'>;

const refuse = (r: Refusal | null, field?: string) => {
  if (!r) return;
  throw new AppError(r.code, r.status, {}, r.status === 422 && field ? { [field]: r.code } : undefined);
};

/**
 * Everything a swap needs to still hold (on proposing and on approving): both shifts published,
 * held by the same workers and not begun, and neither worker already working on a day they
 * receive a shift.
 */
async function judgeSwap(db: Db, shift: RequestShift | undefined, other: RequestShift | null | undefined, from: number, to: number): Promise<{ shift: RequestShift; other: RequestShift | null }> {
  const now = await localNow(db);
  refuse(swapShiftRefusal(shift, from, now, 'shift'));
  const mine = shift!;
  refuse(colleagueRefusal(mine, from, await findClaimant(db, to)), 'colleague');
  if (other !== null) refuse(swapShiftRefusal(other, to, now, 'otherShift'), 'otherShift');
  const theirs = other ?? null;
  if (theirs && theirs.departmentId !== mine.departmentId) refuse({ code: 'rosterRequests.otherShiftInvalid', status: 422 }, 'otherShift');
  const sameDay = theirs !== null && theirs.date === mine.date;
  if (await worksOn(db, to, mine.date, sameDay ? [theirs.id] : [])) throw new AppError('rosterRequests.swapDayTaken', 409);
  if (theirs && (await worksOn(db, from, theirs.date, sameDay ? [mine.id] : []))) throw new AppError('rosterRequests.swapDayTakenMine', 409);
  return { shift: mine, other: theirs };
}

/** POST /api/personal/swaps {shift, colleague, otherShift?, note?} → 201 the swap. */
export async function proposeSwap(db: Db, user: Worker, input: unknown): Promise<SwapDto> {
  const data = parseInput(SwapProposalInput, input);
  const from = ownWorker(user);
  const id = await inTransaction(db, async (trx) => {
    const shift = await findRequestShift(trx, data.shift);
    const other = data.otherShift === null ? null : ((await findRequestShift(trx, data.otherShift)) ?? undefined);
    const judged = await judgeSwap(trx, shift, other, from, data.colleague);
    for (const s of [judged.shift, judged.other]) if (s && (await openSwapOfShift(trx, s.id))) throw new AppError('rosterRequests.swapPending', 409);
    const at = nowIso();
    const values = { shiftId: judged.shift.id, otherShiftId: judged.other?.id ?? null, fromEmployeeId: from, toEmployeeId: data.colleague, note: data.note };
    const swap = await insertSwap(trx, values, at);
    await appendAudit(trx, { userId: user.id, entity: 'shiftSwap', entityId: swap, action: 'create', before: null, after: values, at });
    await notifySwapProposed(trx, swap, judged.shift, judged.other, await employeeLabel(trx, from), data.colleague, data.note);
    return swap;
  });
  return (await listSwaps(db, { employeeId: from, since: '0000-01-01' })).find((s) => s._id === id)!;
}

async function loadShifts(db: Db, swap: SwapRow): Promise<{ shift: RequestShift; other: RequestShift | null }> {
  const shift = await findRequestShift(db, swap.shiftId);
  const other = swap.otherShiftId === null ? null : await findRequestShift(db, swap.otherShiftId);
  if (!shift || other === undefined) throw notFound();
  return { shift, other };
}

/** POST /api/personal/swaps/{id}/accept|decline (the colleague) and …/cancel (the proposer); anyone else: 404. */
export async function answerSwap(db: Db, user: Worker, swapId: number, step: 'accept' | 'decline' | 'cancel'): Promise<{ status: 'accepted' | 'declined' | 'cancelled' }> {
  const me = ownWorker(user);
  return inTransaction(db, async (trx) => {
    const swap = await findSwap(trx, swapId);
    if (!swap || (step === 'cancel' ? swap.fromEmployeeId : swap.toEmployeeId) !== me) throw notFound();
    const at = nowIso();
    const { shift, other } = await loadShifts(trx, swap);
    if (step === 'accept') {
      await judgeSwap(trx, shift, other, swap.fromEmployeeId, swap.toEmployeeId);
      if (!(await moveSwap(trx, swap.id, ['proposed'], 'accepted', { answeredAt: at }))) throw new AppError('rosterRequests.swapAnswered', 409);
      await notifySwapAccepted(trx, swap.id, shift, other, { id: swap.fromEmployeeId, name: await employeeLabel(trx, swap.fromEmployeeId) }, { id: me, name: await employeeLabel(trx, me) });
    } else if (step === 'decline') {
      if (!(await moveSwap(trx, swap.id, ['proposed'], 'declined', { answeredAt: at }))) throw new AppError('rosterRequests.swapAnswered', 409);
      await notifySwapDecided(trx, swap.id, shift, other, [swap.fromEmployeeId], 'declined');
    } else if (!(await moveSwap(trx, swap.id, ['proposed', 'accepted'], 'cancelled', { answeredAt: at }))) {
      throw new AppError('rosterRequests.swapAnswered', 409);
    }
    const status = ({ accept: 'accepted', decline: 'declined', cancel: 'cancelled' } as const)[step];
    await appendAudit(trx, { userId: user.id, entity: 'shiftSwap', entityId: swap.id, action: status, before: { status: swap.status }, after: { status }, at });
    return { status };
  });
}

const StatusQuery = v.picklist(SWAP_STATUSES, 'validation.invalidInput');

/** GET /api/roster/swaps?status=: the swaps of the companies the account manages (default accepted: those waiting for approval). */
export async function swapsForAdmin(db: Db, user: Admin, status: string | null): Promise<SwapDto[]> {
  const parsed = v.safeParse(StatusQuery, status ?? 'accepted');
  if (!parsed.success) throw new AppError('validation.invalidInput', 422, {}, { status: 'validation.invalidInput' });
  return listSwaps(db, { companyId: managedCompany(user), status: parsed.output });
}

/** POST /api/roster/swaps/{id}/approve|reject: an administrator's decision on an accepted swap. */
export async function decideSwap(db: Db, user: Admin, swapId: number, outcome: 'approved' | 'rejected'): Promise<{ status: 'approved' | 'rejected'; changedDays: number }> {
  return inTransaction(db, async (trx) => {
    const swap = await findSwap(trx, swapId);
    const loaded = swap && (await loadShifts(trx, swap));
    if (!swap || !loaded || !managesCompanyRow(user, loaded.shift.companyId)) throw notFound();
    for (const employeeId of [swap.fromEmployeeId, swap.toEmployeeId]) await refuseOwnDecision(trx, { id: user.id, employeeId: user.employeeId }, { employeeId });
    if (swap.status !== 'accepted') throw new AppError('rosterRequests.swapNotAccepted', 409);
    const at = nowIso();
    let changedDays = 0;
    if (outcome === 'approved') {
      const { shift, other } = await judgeSwap(trx, loaded.shift, loaded.other, swap.fromEmployeeId, swap.toEmployeeId);
      const plan = swapPlan(shift, other, swap.fromEmployeeId, swap.toEmployeeId);
      for (const move of plan.moves) await assignShift(trx, move.shiftId, move.employeeId, at, user.id);
      changedDays = (await writePlannedDays(trx, plan.days, at, user.id)).length;
    }
    if (!(await moveSwap(trx, swap.id, ['accepted'], outcome, { decidedAt: at, decidedBy: user.id }))) throw new AppError('rosterRequests.swapNotAccepted', 409);
    await appendAudit(trx, { userId: user.id, entity: 'shiftSwap', entityId: swap.id, action: outcome, before: { status: 'accepted' }, after: { status: outcome, changedDays }, at });
    await notifySwapDecided(trx, swap.id, loaded.shift, loaded.other, [swap.fromEmployeeId, swap.toEmployeeId], outcome);
    return { status: outcome, changedDays };
  });
}

export interface OwnSwapsDto {
  swaps: SwapDto[];
  /** My published shifts not begun: what I may offer. */
  myShifts: SwapShiftDto[];
  /** The other active workers of my department, with their published shifts not begun (what I may ask for in a trade). */
  colleagues: { _id: number; name: string; shifts: SwapShiftDto[] }[];
}

/** GET /api/personal/swaps: my swaps (both sides) and what a new proposal may name. */
export async function ownSwaps(db: Db, employeeId: number): Promise<OwnSwapsDto> {
  const me = await findClaimant(db, employeeId);
  if (!me) throw notFound();
  const { today, nowTime } = await localNow(db);
  const colleagues = await colleaguesOf(db, me.departmentId, employeeId);
  const shifts = await publishedShiftsOf(db, [employeeId, ...colleagues.map((c) => c._id)], today);
  const upcoming = (list: SwapShiftDto[] | undefined) => (list ?? []).filter((s) => !hasStarted(s, today, nowTime));
  return {
    swaps: await listSwaps(db, { employeeId, since: today }),
    myShifts: upcoming(shifts.get(employeeId)),
    colleagues: colleagues.map((c) => ({ ...c, shifts: upcoming(shifts.get(c._id)) })),
  };
}
