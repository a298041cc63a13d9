import { breakRulesOnDate } from '../../db/repositories/break-rules-history.ts';
import { guardOvertimeCap, paidOvertimeOf } from '../balance/guard-overtime-cap.ts';
import { AttendanceCreateInput } from '#domain/attendance/attendance-schema.ts';
import { computeAttendanceMetrics } from '#domain/attendance/attendance-metrics.ts';
import { shiftInstants } from '#domain/attendance/shift-times.ts';
import { formatLocalDate } from '#domain/format/intl-format.ts';
import { workFlagOfDate } from '#domain/attendance/work-flag.ts';
import { activeScheduleOn } from '#domain/schedules/schedule-rules.ts';
import type { Language } from '#i18n/languages.ts';
import type { Db } from '../../db/connection.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { attendanceIdOn, findAttendanceDetail, insertAttendance, insertAttendanceBreaks, insertAttendanceRevision, schedulesOfEmployee, type AttendanceDetailDto } from '../../db/repositories/attendances.ts';
import { rowExists } from '../../db/repositories/user-records.ts';
import { AppError } from '../../http/app-error.ts';
import type { SessionUser } from '../sign-in/session-user.ts';
import { requireWritable } from '../record-guard.ts';
import { refuseOwnDecision } from '../four-eyes/refuse-own-decision.ts';
import { nowMs } from '../../clock/now.ts';
import { getSettings } from '../get-settings.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { refuseFutureInstants, refuseSkippedTimes, validateAttendance } from './attendance-checks.ts';
import { inTransaction } from '../in-transaction.ts';
import { awaitWorkerAcceptance, type CorrectionOrigin } from './worker-acceptance.ts';

/**
 * Records an attendance by hand (spec section 3): employee, work date, local times, a written
 * reason. On a day without an active schedule or on a rest day of that schedule: refused with the
 * spec's messages, or, with the `acceptUnscheduledWork` setting, recorded flagged (`unscheduled`,
 * `rest-day`) and measured against no schedule (decision 032). Refused for times in the future,
 * and when the employee already has an attendance that date (one a day; edit it instead). Writes
 * the attendance, its break, revision 1 (author, time, reason) and the audit entry in one
 * transaction. No punches are written: punches are what terminals recorded. A date in an approved
 * period is refused (409 `periods.locked`, decision 051).
 * A day an administrator enters for an employee waits for the worker's acceptance (decision 034);
 * one from the worker's approved request (`origin.requestId`) does not.
 */
export async function createAttendance(
  db: Db,
  input: unknown,
  actor: Pick<SessionUser, 'id' | 'accountType' | 'employeeId'>,
  lang: Language,
  now = new Date(nowMs()),
  origin: CorrectionOrigin = {},
): Promise<AttendanceDetailDto> {
  const data = validateAttendance(AttendanceCreateInput, input);
  requireWritable(actor, data.employee, 'record');
  // Four eyes (issue 34.5): an administrator does not record a day of their own by hand.
  await refuseOwnDecision(db, actor, { employeeId: data.employee });
  const { timezone, acceptUnscheduledWork } = await getSettings(db);
  refuseSkippedTimes(data.date, data, timezone);
  const shift = shiftInstants(data.date, data, timezone);
  refuseFutureInstants(shift, now);
  const when = formatLocalDate(data.date, lang, 'long');

  let id: number;
  try {
    id = await inTransaction(db, async (trx) => {
      if (!(await rowExists(trx, 'employees', data.employee))) throw new AppError('validation.invalidInput', 422, {}, { employee: 'validation.unknownRecord' });
      const schedules = await schedulesOfEmployee(trx, data.employee);
      const workFlag = workFlagOfDate(schedules, data.date);
      if (workFlag === 'unscheduled' && !acceptUnscheduledWork) throw new AppError('messages.noActiveSchedule', 422, {}, { date: 'messages.noActiveSchedule' });
      if (workFlag === 'rest-day' && !acceptUnscheduledWork) throw new AppError('messages.restDayOn', 422, { time: when });
      // Flagged work is measured against no schedule: no lateness, no early departure.
      const schedule = workFlag ? undefined : activeScheduleOn(schedules, data.date);
      if ((await attendanceIdOn(trx, data.employee, data.date)) !== undefined) throw new AppError('attendance.alreadyExists', 409, { date: when }, { date: 'attendance.alreadyExistsField' });

      // The grace in force on the day's date (effective-dated, decision 050).
      const { graceMinutes } = await breakRulesOnDate(trx, data.date);
      const metrics = computeAttendanceMetrics({ date: data.date, timeZone: timezone, graceMinutes, schedule, shift });
      const paidBefore = data.overtimeCompensation === 'paid' ? await paidOvertimeOf(trx, data.employee, data.date) : 0;
      const at = now.toISOString();
      const attendanceId = await insertAttendance(trx, {
        employeeId: data.employee,
        date: data.date,
        timezone,
        timeIn: shift.timeIn,
        timeOut: shift.timeOut,
        ...metrics,
        reason: data.reason,
        source: 'manual',
        workFlag,
        revision: 1,
        workMode: data.workMode,
        overtimeCompensation: data.overtimeCompensation,
        // An administrator's entry: a mark it carries is theirs (decision 070).
        overtimeMarkedBy: data.overtimeCompensation === null ? null : 'administrator',
        overtimeForceMajeure: data.overtimeForceMajeure,
        createdBy: actor.id,
        createdAt: at,
        updatedAt: at,
      });
      await insertAttendanceBreaks(
        trx,
        shift.breaks.map((b) => ({ attendanceId, ...b })),
      );
      // The 80 h cap (decision 049): a new day marked paid may not take the year beyond it.
      const cap = data.overtimeCompensation === 'paid' ? await guardOvertimeCap(trx, data.employee, data.date, paidBefore, data) : null;
      await insertAttendanceRevision(trx, {
        attendanceId,
        revision: 1,
        timeIn: shift.timeIn,
        timeOut: shift.timeOut,
        breaks: shift.breaks,
        workedSeconds: metrics.workedSeconds,
        reason: data.reason,
        authorId: actor.id,
        createdAt: at,
      });
      await appendAudit(trx, {
        userId: actor.id,
        entity: 'attendance',
        entityId: attendanceId,
        action: 'create',
        after: {
          employee: data.employee,
          date: data.date,
          timezone,
          ...shift,
          ...metrics,
          workFlag,
          workMode: data.workMode,
          overtimeCompensation: data.overtimeCompensation,
          ...cap,
          ...(origin.requestId !== undefined ? { correctionRequest: origin.requestId } : {}),
        },
        reason: data.reason,
        at,
      });
      await awaitWorkerAcceptance(trx, { attendanceId, revision: 1, employeeId: data.employee, authorEmployeeId: actor.employeeId, origin, at });
      return attendanceId;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('attendance.alreadyExists', 409, { date: when }, { date: 'attendance.alreadyExistsField' });
    throw error;
  }
  return (await findAttendanceDetail(db, id))!;
}
