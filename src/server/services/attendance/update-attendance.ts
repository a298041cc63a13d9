import { breakRulesOnDate } from '../../db/repositories/break-rules-history.ts';
import { AttendanceUpdateInput } from '#domain/attendance/attendance-schema.ts';
import { computeAttendanceMetrics } from '#domain/attendance/attendance-metrics.ts';
import { activeScheduleOn } from '#domain/schedules/schedule-rules.ts';
import type { Db } from '../../db/connection.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import {
  applyAttendanceCorrection,
  findAttendanceBreaks,
  findAttendanceDetail,
  insertAttendanceRevision,
  replaceAttendanceBreaks,
  schedulesOfEmployee,
  type AttendanceDetailDto,
} from '../../db/repositories/attendances.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { SessionUser } from '../sign-in/session-user.ts';
import { requireWritable } from '../record-guard.ts';
import { refuseOwnDecision } from '../four-eyes/refuse-own-decision.ts';
import { nowMs } from '../../clock/now.ts';
import { keepOriginalRevision } from './keep-original-revision.ts';
import { editedShift, refuseFutureInstants, validateAttendance } from './attendance-checks.ts';
import { inTransaction } from '../in-transaction.ts';
import { awaitWorkerAcceptance, type CorrectionOrigin } from './worker-acceptance.ts';
import { guardOvertimeCap, paidOvertimeOf, type CapOutcome } from '../balance/guard-overtime-cap.ts';

/**
 * Corrects an attendance by hand. The punches stay exactly as recorded; the attendance row takes
 * the new times and recomputed hours, its revision number goes up by one, and a revision row keeps
 * the new values with author, time and the written reason. Before the first correction of a day
 * the values it had are kept as its first revision, so the history always starts from the
 * original. The employee and the date are the record's identity and cannot change. When the
 * editor sends the revision it saw, a correction made meanwhile by someone else is refused (409).
 * Lateness is recomputed against the schedule in force on the date (none: no lateness).
 * An administrator's correction then waits for the worker's acceptance (decision 034); one from
 * the worker's approved request (`origin.requestId`, run inside the approval's transaction) does not.
 * A day in an approved period is refused (409 `periods.locked`, decision 051).
 */
export async function updateAttendance(
  db: Db,
  id: number,
  input: unknown,
  actor: Pick<SessionUser, 'id' | 'accountType' | 'employeeId'>,
  now = new Date(nowMs()),
  origin: CorrectionOrigin = {},
): Promise<AttendanceDetailDto> {
  const data = validateAttendance(AttendanceUpdateInput, input);
  await inTransaction(db, async (trx) => {
    const before = await findAttendanceDetail(trx, id);
    if (!before) throw notFound();
    requireWritable(actor, before.employee, 'record');
    // Four eyes (issue 34.5): an administrator does not correct their own record.
    await refuseOwnDecision(trx, actor, { employeeId: before.employee });
    if (before.voidedAt !== null) throw new AppError('attendance.voidedNoChange', 409);
    const fixed: Record<string, string> = {};
    if (data.employee !== undefined && data.employee !== before.employee) fixed['employee'] = 'attendance.dayFixed';
    if (data.date !== undefined && data.date !== before.date) fixed['date'] = 'attendance.dayFixed';
    if (Object.keys(fixed).length > 0) throw new AppError('attendance.dayFixed', 422, {}, fixed);
    if (data.revision !== undefined && data.revision !== before.revision) throw new AppError('attendance.changedMeanwhile', 409);

    // The 80 h cap (decision 049) is in play when the day is or becomes paid overtime.
    const capInPlay = data.overtimeCompensation === 'paid' || (data.overtimeCompensation === undefined && before.overtimeCompensation === 'paid');
    const paidBefore = capInPlay ? await paidOvertimeOf(trx, before.employee, before.date) : 0;
    const [, ...otherBreaks] = await findAttendanceBreaks(trx, id);
    const shift = editedShift(
      before.date,
      data,
      before.timezone,
      otherBreaks.map(({ startAt, endAt }) => ({ startAt, endAt })),
    );
    refuseFutureInstants(shift, now);
    // Flagged work (decision 032) is measured against no schedule, as when it was recorded.
    const schedule = before.workFlag ? undefined : activeScheduleOn(await schedulesOfEmployee(trx, before.employee), before.date);
    // The grace in force on the day's date (effective-dated, decision 050), not today's.
    const { graceMinutes } = await breakRulesOnDate(trx, before.date);
    const metrics = computeAttendanceMetrics({ date: before.date, timeZone: before.timezone, graceMinutes, schedule, shift });
    const at = now.toISOString();

    await keepOriginalRevision(trx, id, before);
    const revision = before.revision + 1;
    // Work mode and overtime compensation (decision 035): changed only when sent. A compensation
    // sent here is the administrator's (decision 070): it replaces a worker's choice, and the audit
    // entry keeps both (before and after). Sent unchanged, a worker's choice stays theirs.
    const compensationChanged = data.overtimeCompensation !== undefined && data.overtimeCompensation !== before.overtimeCompensation;
    const marks = {
      ...(data.workMode !== undefined ? { workMode: data.workMode } : {}),
      ...(compensationChanged ? { overtimeCompensation: data.overtimeCompensation!, overtimeMarkedBy: data.overtimeCompensation === null ? null : ('administrator' as const) } : {}),
      // Force majeure (art. 35.3 ET, decision 081): an administrator's mark with its reason; out of the 80 h cap.
      ...(data.overtimeForceMajeure !== undefined ? { overtimeForceMajeure: data.overtimeForceMajeure } : {}),
    };
    // A person's correction reviews a day the automatic clock-out closed (decision 056): the flag goes.
    await applyAttendanceCorrection(trx, id, { timeIn: shift.timeIn, timeOut: shift.timeOut, ...metrics, ...marks, reason: data.reason, revision, updatedAt: at, closedAutomatically: 0 });
    await replaceAttendanceBreaks(trx, id, shift.breaks);
    const cap: CapOutcome | null = capInPlay ? await guardOvertimeCap(trx, before.employee, before.date, paidBefore, data) : null;
    await insertAttendanceRevision(trx, {
      attendanceId: id,
      revision,
      timeIn: shift.timeIn,
      timeOut: shift.timeOut,
      breaks: shift.breaks,
      workedSeconds: metrics.workedSeconds,
      reason: data.reason,
      authorId: actor.id,
      createdAt: at,
    });
    const { revisions: _revisions, ...snapshot } = before;
    await appendAudit(trx, {
      userId: actor.id,
      entity: 'attendance',
      entityId: id,
      action: 'update',
      before: snapshot,
      after: { ...shift, ...metrics, ...marks, ...cap, revision, ...(origin.requestId !== undefined ? { correctionRequest: origin.requestId } : {}) },
      reason: data.reason,
      at,
    });
    await awaitWorkerAcceptance(trx, { attendanceId: id, revision, employeeId: before.employee, authorEmployeeId: actor.employeeId, origin, at });
  });
  return (await findAttendanceDetail(db, id))!;
}
