import type { RequestShift } from '#domain/roster/roster-requests.ts';
import type { Db } from '../../db/connection.ts';
import { findEmployeeRecipient } from '../../db/repositories/notification-recipients.ts';
import { adminsWith, notifyEmployee, notifyUsers } from '../notifications/notify.ts';
import { rosterRequestEmail, type RosterRequestFacts, type ShiftFacts } from '../notifications/templates/roster-requests.ts';

/**
 * Who is told each step of a claim or a swap (decision 086), queued in the step's transaction:
 * the administrators with `schedule.update` of a claim received and a swap accepted (never the
 * account of the employee concerned), the worker of a claim decided, the colleague of a swap
 * proposed, both workers of a swap decided. Once per step and reader (dedupe keys).
 */

const facts = (s: RequestShift): ShiftFacts => ({ date: s.date, startTime: s.startTime, endTime: s.endTime });
const ADMIN_PAGE = '/roster-requests';
const PERSONAL_PAGE = '/personal/schedule';

async function toAdmins(db: Db, companyId: number, except: readonly number[], kind: 'openShiftClaimed' | 'shiftSwapAccepted', key: string, build: (link: string) => RosterRequestFacts): Promise<number> {
  const exceptUsers = new Set<number>();
  for (const id of except) {
    const r = await findEmployeeRecipient(db, id);
    if (r?.userId) exceptUsers.add(r.userId);
  }
  const admins = (await adminsWith(db, companyId, ['schedule.update'])).filter((id) => !exceptUsers.has(id));
  if (admins.length === 0) return 0;
  return notifyUsers(db, {
    kind,
    companyId,
    userIds: admins,
    dedupeKey: (userId) => `${key}:user:${userId}`,
    content: (lang, t, link) => rosterRequestEmail(lang, t, build(link(ADMIN_PAGE))),
  });
}

export function notifyClaimReceived(db: Db, claimId: number, shift: RequestShift, claimant: { id: number; name: string }, assigned: boolean): Promise<number> {
  return toAdmins(db, shift.companyId, [claimant.id], 'openShiftClaimed', `openShiftClaimed:${claimId}`, (link) => ({ kind: 'openShiftClaimed', name: claimant.name, shift: facts(shift), assigned, link }));
}

export function notifyClaimDecided(db: Db, claimId: number, shift: RequestShift, employeeId: number, outcome: 'approved' | 'declined'): Promise<number> {
  return notifyEmployee(db, {
    kind: 'openShiftDecided',
    employeeId,
    dedupeKey: `openShiftDecided:${claimId}`,
    content: (lang, t, link) => rosterRequestEmail(lang, t, { kind: 'openShiftDecided', outcome, shift: facts(shift), link: link(PERSONAL_PAGE) }),
  });
}

export function notifySwapProposed(db: Db, swapId: number, shift: RequestShift, other: RequestShift | null, from: string, to: number, note: string | null): Promise<number> {
  return notifyEmployee(db, {
    kind: 'shiftSwapProposed',
    employeeId: to,
    dedupeKey: `shiftSwapProposed:${swapId}`,
    content: (lang, t, link) => rosterRequestEmail(lang, t, { kind: 'shiftSwapProposed', name: from, shift: facts(shift), other: other && facts(other), note, link: link(PERSONAL_PAGE) }),
  });
}

export function notifySwapAccepted(db: Db, swapId: number, shift: RequestShift, other: RequestShift | null, from: { id: number; name: string }, to: { id: number; name: string }): Promise<number> {
  return toAdmins(db, shift.companyId, [from.id, to.id], 'shiftSwapAccepted', `shiftSwapAccepted:${swapId}`, (link) => ({
    kind: 'shiftSwapAccepted',
    from: from.name,
    to: to.name,
    shift: facts(shift),
    other: other && facts(other),
    link,
  }));
}

/** A swap's end: declined by the colleague (the proposer is told), approved or rejected by an administrator (both are told). */
export async function notifySwapDecided(db: Db, swapId: number, shift: RequestShift, other: RequestShift | null, employees: readonly number[], outcome: 'approved' | 'rejected' | 'declined'): Promise<number> {
  let queued = 0;
  for (const employeeId of employees) {
    queued += await notifyEmployee(db, {
      kind: 'shiftSwapDecided',
      employeeId,
      dedupeKey: `shiftSwapDecided:${swapId}:${employeeId}`,
      content: (lang, t, link) => rosterRequestEmail(lang, t, { kind: 'shiftSwapDecided', outcome, shift: facts(shift), other: other && facts(other), link: link(PERSONAL_PAGE) }),
    });
  }
  return queued;
}
