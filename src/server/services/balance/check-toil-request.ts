import { toilShortfall } from '#domain/worktime/hours-balance.ts';
import { formatDuration } from '#domain/format/intl-format.ts';
import type { Language } from '#i18n/languages.ts';
import type { Db } from '../../db/connection.ts';
import { toilLeaveTypeIds } from '../../db/repositories/hours-balance.ts';
import { AppError } from '../../http/app-error.ts';
import { hoursBalances } from './hours-balances.ts';

/**
 * Refuses (422) a standing request of time off in lieu (a leave type that draws from the hours
 * balance, decision 049) whose working days' scheduled hours exceed what the employee's balance
 * still has, net of the other TOIL already requested or approved. Other leave types pass. Called
 * inside the writing transaction of a request, its edit and its approval.
 */
export async function checkToilRequest(trx: Db, request: { employeeId: number; leaveTypeId: number; from: string; to: string; id?: number }, lang: Language): Promise<void> {
  if (!(await toilLeaveTypeIds(trx)).has(request.leaveTypeId)) return;
  const [mine] = await hoursBalances(trx, { employee: request.employeeId }, { ...(request.id !== undefined ? { id: request.id } : {}), from: request.from, to: request.to });
  if (!mine) return;
  const short = toilShortfall(mine.availableSeconds, mine.requestedSeconds);
  if (short > 0) {
    const params = { asked: formatDuration(mine.requestedSeconds, lang), available: formatDuration(Math.max(0, mine.availableSeconds), lang) };
    throw new AppError('balance.toilExceedsBalance', 422, params, { to: 'balance.toilExceedsBalanceField' });
  }
}
