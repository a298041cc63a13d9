/**
 * Four eyes (issue 34, point 5): nobody decides their own request. A decision on an employee's
 * record (approving or declining a correction request or leave, recording approved leave,
 * correcting a day, voiding it, closing a late punch) is refused to the account that made the
 * request and to the account linked to that employee: an Admin linked to an employee had asked
 * for a correction of their own day and approved it themselves. Someone else decides: another
 * administrator allowed to, or a SuperAdmin where there is only one administrator.
 * Pure; the services call it where the decision is written.
 */
export interface Decider {
  /** The deciding account. */
  id: number;
  /** The employee the deciding account is linked to, if any. */
  employeeId: number | null;
}

export interface DecidedMatter {
  /** Whose record the decision changes. */
  employeeId: number;
  /** The account that asked for it (null: unknown, or nobody asked: a direct correction). */
  requestedBy?: number | null;
}

export type OwnDecision = 'ownRecord' | 'ownRequest';

/** Why the decider may not decide this, or undefined when it may. */
export function ownDecision(decider: Decider, matter: DecidedMatter): OwnDecision | undefined {
  if (decider.employeeId !== null && decider.employeeId === matter.employeeId) return 'ownRecord';
  if (matter.requestedBy !== undefined && matter.requestedBy !== null && matter.requestedBy === decider.id) return 'ownRequest';
  return undefined;
}
