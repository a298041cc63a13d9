import * as v from 'valibot';
import { asksForTheRecordedDay, correctionKind } from '#domain/attendance/correction-rules.ts';
import { CorrectionRequestInput } from '#domain/attendance/correction-schema.ts';
import type { CorrectionRequestDto } from '#domain/api/records.ts';
import { localShiftTimes, shiftInstants } from '#domain/attendance/shift-times.ts';
import type { Db } from '../../db/connection.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { findCorrectionRequest, insertCorrectionRequest, pendingRequestOn } from '../../db/repositories/attendance-correction-requests.ts';
import { attendanceIdOn, findAttendance, findAttendanceBreaks } from '../../db/repositories/attendances.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { nowMs } from '../../clock/now.ts';
import { getSettings } from '../get-settings.ts';
import { requireReadable, type RecordActor } from '../record-guard.ts';
import { refuseFutureInstants, refuseSkippedTimes, validateAttendance } from '../attendance/attendance-checks.ts';
import { toRequestDtos } from './correction-dto.ts';
import { notifyCorrectionRequested } from '../notifications/notify-correction-requested.ts';
import { wakeOutbox } from '../../outbox/outbox-sender.ts';
import { emitEmployeeWebhookEvent } from '../webhooks/emit-webhook-event.ts';

const Target = v.object({
  employee: v.optional(v.union([v.number(), v.pipe(v.string(), v.transform(Number))])),
  attendance: v.optional(v.nullable(v.union([v.number(), v.pipe(v.string(), v.transform(Number))]))),
});

/**
 * A worker asks to correct their own day (decision 034): a missing check-out, a wrong time or a
 * missing day, with a written reason. The employee is the account's own; naming another's
 * employee or attendance is a 404. The times follow the manual entry's rules (order, no time a
 * DST gap skips, nothing in the future); the schedule rules are checked when an administrator
 * approves (the approval runs the correction itself). One pending request per day (409). A day in
 * an approved period cannot be asked about (409 `periods.locked`, decision 051); a request made
 * before the approval can still be declined, and its approval is refused by the correction path.
 */
export async function createCorrectionRequest(db: Db, input: unknown, actor: RecordActor, now = new Date(nowMs())): Promise<CorrectionRequestDto> {
  if (actor.employeeId === null) throw new AppError('corrections.noEmployee', 422, {}, { employee: 'corrections.noEmployee' });
  const own = actor.employeeId;
  const target = v.safeParse(Target, input);
  if (target.success && target.output.employee !== undefined && target.output.employee !== own) throw notFound();
  const data = validateAttendance(CorrectionRequestInput, input);
  const askedAttendance = target.success ? target.output.attendance : undefined;

  const id = await db.transaction().execute(async (trx) => {
    let day;
    if (askedAttendance !== undefined && askedAttendance !== null) {
      day = Number.isSafeInteger(askedAttendance) ? await findAttendance(trx, askedAttendance) : undefined;
      if (!day) throw notFound();
      requireReadable(actor, day.employee);
      if (day.employee !== own) throw notFound();
      if (day.date !== data.date) throw new AppError('attendance.dayFixed', 422, {}, { date: 'attendance.dayFixed' });
    } else {
      const dayId = await attendanceIdOn(trx, own, data.date);
      day = dayId === undefined ? undefined : await findAttendance(trx, dayId);
    }
    const timezone = day?.timezone ?? (await getSettings(trx)).timezone;
    refuseSkippedTimes(data.date, data, timezone);
    refuseFutureInstants(shiftInstants(data.date, data, timezone), now);
    if ((await pendingRequestOn(trx, own, data.date)) !== undefined) throw new AppError('corrections.alreadyPending', 409, {}, { date: 'corrections.alreadyPending' });
    if (day) {
      const breaks = await findAttendanceBreaks(trx, day._id);
      if (asksForTheRecordedDay(data, localShiftTimes({ timeIn: day.timeIn, timeOut: day.timeOut, breaks }, timezone), breaks.length)) {
        throw new AppError('corrections.sameAsRecord', 422, {}, { timeIn: 'corrections.sameAsRecord' });
      }
    }

    const at = now.toISOString();
    const row = {
      employeeId: own,
      attendanceId: day?._id ?? null,
      date: data.date,
      timezone,
      kind: correctionKind(day),
      timeIn: data.timeIn,
      timeOut: data.timeOut,
      breakIn: data.breakIn,
      breakOut: data.breakOut,
      reason: data.reason,
      status: 'pending' as const,
      createdBy: actor.id,
      createdAt: at,
    };
    const requestId = await insertCorrectionRequest(trx, row);
    await appendAudit(trx, { userId: actor.id, entity: 'attendanceCorrectionRequest', entityId: requestId, action: 'create', after: row, reason: data.reason, at });
    await notifyCorrectionRequested(trx, { id: requestId, employeeId: own, requesterId: actor.id, date: row.date, kind: row.kind, timeIn: row.timeIn, timeOut: row.timeOut, reason: row.reason });
    await emitEmployeeWebhookEvent(trx, own, {
      event: 'correction.requested',
      occurredAt: at,
      data: { requestId, employeeId: own, date: row.date, kind: row.kind, timeIn: row.timeIn, timeOut: row.timeOut, breakIn: row.breakIn, breakOut: row.breakOut, requestedBy: actor.id },
    });
    return requestId;
  });
  wakeOutbox(); // the approvers' emails leave now, not at the next poll
  return (await toRequestDtos(db, [(await findCorrectionRequest(db, id))!]))[0]!;
}
