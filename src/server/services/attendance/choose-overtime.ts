import { OVERTIME_CHOICE_MESSAGES, workerOvertimeChoiceAllowed, type OvertimeChoiceAnswer, type OvertimeChoiceRequest, type OvertimeQuestion } from '#domain/attendance/overtime-choice.ts';
import { PERSONAL_CLOCK_MESSAGES } from '#domain/clock/personal-clock.ts';
import { PUNCH_MESSAGES } from '#domain/clock/punch-messages.ts';
import { nowMs } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { findOvertimeDay, setOvertimeMark } from '../../db/repositories/attendances.ts';
import { findPersonalClockEmployee } from '../../db/repositories/personal-clock.ts';
import { AppError } from '../../http/app-error.ts';
import { guardOvertimeCap, paidOvertimeOf } from '../balance/guard-overtime-cap.ts';
import { inTransaction } from '../in-transaction.ts';
import { monthlyRecords } from '../reports/monthly-records.ts';
import type { SessionUser } from '../sign-in/session-user.ts';

/**
 * A day's overtime, as the monthly record counts it: `dayFigures` through `buildMonthlyRecord`,
 * the one computation every screen, the record and payroll share (issue 33 point 4). Never
 * computed again here: 0 for an open day, a part-time worker's complementary hours, a day
 * without attendance.
 */
export async function dayOvertimeSeconds(db: Db, employeeId: number, date: string): Promise<number> {
  const { records } = await monthlyRecords(db, { employee: employeeId }, date.slice(0, 7), { fresh: true });
  return records[0]?.record.days.find((d) => d.date === date)?.overtimeSeconds ?? 0;
}

/**
 * What the personal clock asks after a check-out (decision 070): the day and its overtime when the
 * company lets its workers choose, the day is closed with overtime and nobody has marked it yet;
 * else null. The clock's view asks it, so a reload (or a lost answer) asks again until answered.
 */
export async function overtimeQuestion(db: Db, employeeId: number, date: string): Promise<OvertimeQuestion | null> {
  const employee = await findPersonalClockEmployee(db, employeeId);
  if (!employee || employee.status !== 'active' || !workerOvertimeChoiceAllowed({ workerOvertimeChoice: employee.companyOvertimeChoice })) return null;
  const day = await findOvertimeDay(db, employeeId, date);
  if (!day || day.timeOut === null || day.overtimeCompensation !== null) return null;
  const overtimeSeconds = await dayOvertimeSeconds(db, employeeId, date);
  return overtimeSeconds > 0 ? { date, overtimeSeconds } : null;
}

export interface OvertimeChoiceCommand {
  user: Pick<SessionUser, 'id' | 'employeeId' | 'apiTokenId'>;
  input: OvertimeChoiceRequest;
}

/**
 * The worker's answer to "paid or rest" (issue 36 point 7, decision 070), for the session's own
 * employee's day on `date`. Refused: through an API token (403: a script is not the worker), an
 * account without an employee (403), an archived employee (403), the company's switch off (403
 * `overtimeChoice.notAllowed`), no day of theirs on that date (404: another worker's day cannot be
 * named), an open day (409), a day without overtime (409 `overtimeChoice.noOvertime`), a day an
 * administrator has marked (409: the worker does not overwrite an administrator; the worker may
 * change their own answer), an approved period (409 `periods.locked`, where the mark is written),
 * paid overtime beyond the year's 80 h cap (422, no override: that is an administrator's call).
 * Writes the mark and `overtime_marked_by = 'worker'` (no revision: the times are not corrected),
 * chains the row's figures and audits `overtime.chosen` with the account, in one transaction.
 */
export async function chooseOvertime(db: Db, command: OvertimeChoiceCommand): Promise<OvertimeChoiceAnswer> {
  const { user, input } = command;
  if (user.apiTokenId !== undefined) throw new AppError(OVERTIME_CHOICE_MESSAGES.tokenRefused, 403);
  if (user.employeeId === null) throw new AppError(PERSONAL_CLOCK_MESSAGES.noEmployee, 403);
  const employeeId = user.employeeId;
  return inTransaction(db, async (trx) => {
    const employee = await findPersonalClockEmployee(trx, employeeId);
    if (!employee) throw new AppError(PERSONAL_CLOCK_MESSAGES.noEmployee, 403);
    if (employee.status !== 'active') throw new AppError(PUNCH_MESSAGES.employeeArchived, 403);
    if (!workerOvertimeChoiceAllowed({ workerOvertimeChoice: employee.companyOvertimeChoice })) throw new AppError(OVERTIME_CHOICE_MESSAGES.notAllowed, 403);
    const day = await findOvertimeDay(trx, employeeId, input.date);
    if (!day) throw new AppError(OVERTIME_CHOICE_MESSAGES.noDay, 404);
    if (day.timeOut === null) throw new AppError(OVERTIME_CHOICE_MESSAGES.dayOpen, 409);
    const overtimeSeconds = await dayOvertimeSeconds(trx, employeeId, input.date);
    if (overtimeSeconds <= 0) throw new AppError(OVERTIME_CHOICE_MESSAGES.noOvertime, 409);
    if (day.overtimeCompensation !== null && day.overtimeMarkedBy !== 'worker') throw new AppError(OVERTIME_CHOICE_MESSAGES.setByAdministrator, 409);

    const paidBefore = input.compensation === 'paid' ? await paidOvertimeOf(trx, employeeId, input.date) : 0;
    const at = new Date(nowMs()).toISOString();
    await setOvertimeMark(trx, day.id, { overtimeCompensation: input.compensation, overtimeMarkedBy: 'worker', updatedAt: at });
    // The 80 h cap (decision 049): a worker's choice never overrides it.
    if (input.compensation === 'paid') await guardOvertimeCap(trx, employeeId, input.date, paidBefore, {});
    await appendAudit(trx, {
      userId: user.id,
      entity: 'attendance',
      entityId: day.id,
      action: 'overtime.chosen',
      before: { overtimeCompensation: day.overtimeCompensation, overtimeMarkedBy: day.overtimeMarkedBy },
      after: { employeeId, date: input.date, overtimeSeconds, overtimeCompensation: input.compensation, overtimeMarkedBy: 'worker' },
      at,
    });
    return { date: input.date, compensation: input.compensation, overtimeSeconds, markedBy: 'worker' as const };
  });
}
