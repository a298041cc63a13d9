import { capRefuses, OVERTIME_CAP_SECONDS } from '#domain/worktime/overtime-cap.ts';
import type { Db } from '../../db/connection.ts';
import { AppError } from '../../http/app-error.ts';
import { employeeYearOvertime } from './year-overtime.ts';

/** The override an attendance create or edit may carry (OVERTIME_CAP_FIELDS). */
export interface CapOverride {
  overtimeCapOverride?: boolean | undefined;
  overtimeCapReason?: string | undefined;
}

/** What a guarded write did about the cap, for its audit entry; null when the cap was not in play. */
export interface CapOutcome {
  overtimeCapOverride: { reason: string; paidSeconds: number };
}

/**
 * The 80 h overtime cap of art. 35.2 ET on a write that marks or changes paid overtime (decision
 * 049). Call `before` at the start of the writing transaction and `after` once the day is written:
 * when the year's paid overtime grew beyond 80 h, the write is refused (422, rolled back) unless
 * the input overrides it explicitly with a written reason; the override is returned for the audit.
 */
export async function paidOvertimeOf(trx: Db, employeeId: number, date: string): Promise<number> {
  return (await employeeYearOvertime(trx, employeeId, Number(date.slice(0, 4))))?.paidSeconds ?? 0;
}

export async function guardOvertimeCap(trx: Db, employeeId: number, date: string, beforeSeconds: number, input: CapOverride): Promise<CapOutcome | null> {
  const after = await paidOvertimeOf(trx, employeeId, date);
  if (!capRefuses(beforeSeconds, after)) return null;
  // Hours with two decimals: the message reads them in either language ("80.25").
  const params = { paid: (after / 3600).toFixed(2), cap: OVERTIME_CAP_SECONDS / 3600, year: date.slice(0, 4) };
  if (!input.overtimeCapOverride) throw new AppError('balance.overtimeCapExceeded', 422, params, { overtimeCompensation: 'balance.overtimeCapExceededField' });
  const reason = input.overtimeCapReason ?? '';
  if (reason === '') throw new AppError('balance.overtimeCapReasonRequired', 422, {}, { overtimeCapReason: 'balance.overtimeCapReasonRequired' });
  return { overtimeCapOverride: { reason, paidSeconds: after } };
}
