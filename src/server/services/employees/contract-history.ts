import { contractTermsOn, type ContractTerms } from '#domain/employees/contract-terms.ts';
import type { Db } from '../../db/connection.ts';
import { contractTermsHistory } from '../../db/repositories/contract-terms.ts';
import { firstOpenDateOf } from '../../db/repositories/record-lock.ts';
import { userNamesByIds } from '../../db/repositories/users.ts';

/** A dated change of an employee's contract terms as the employee page lists it. */
export interface ContractTermsChangeView extends ContractTerms {
  /** YYYY-MM-DD, or '0000-01-01' for the terms the employee had from the beginning. */
  effectiveFrom: string;
  createdAt: string;
  /** Who recorded it; null for the first row of a migrated installation or an account since deleted. */
  author: string | null;
}

export interface ContractHistory {
  /** Latest effective date first (the later written first on a tie). */
  changes: ContractTermsChangeView[];
  /** The terms in force on `today`; the employee's columns when there is no history. */
  current: ContractTerms;
  /** The first date a change may apply from (the day after the employee's last approved period), or null when none is approved. */
  openFrom: string | null;
}

/** An employee's dated contract terms (issue 33 point 1) for the employee page and the edit form. */
export async function contractHistoryOf(db: Db, employeeId: number, today: string, fallback: ContractTerms): Promise<ContractHistory> {
  const history = await contractTermsHistory(db, employeeId);
  const ids = [...new Set(history.map((h) => h.authorId).filter((id): id is number => id !== null))];
  const names = await userNamesByIds(db, ids);
  return {
    changes: history
      .map((h) => ({ effectiveFrom: h.effectiveFrom, workingDayType: h.workingDayType, partTimePercent: h.partTimePercent, createdAt: h.createdAt, author: h.authorId === null ? null : (names.get(h.authorId) ?? null) }))
      .reverse(),
    current: contractTermsOn(history, today, fallback),
    openFrom: await firstOpenDateOf(db, employeeId),
  };
}
