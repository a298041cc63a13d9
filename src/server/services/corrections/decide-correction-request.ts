import { requestTransition, type RequestAction } from '#domain/attendance/correction-rules.ts';
import { CorrectionDecisionInput } from '#domain/attendance/correction-schema.ts';
import type { CorrectionRequestDto } from '#domain/api/records.ts';
import type { Language } from '#i18n/languages.ts';
import type { Db } from '../../db/connection.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { decideCorrectionRequest as recordDecision, findCorrectionRequest } from '../../db/repositories/attendance-correction-requests.ts';
import { attendanceIdOn } from '../../db/repositories/attendances.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { nowMs } from '../../clock/now.ts';
import { canReadEmployeeRecord } from '#domain/permissions/record-access.ts';
import { requireWritable } from '../record-guard.ts';
import { refuseOwnDecision } from '../four-eyes/refuse-own-decision.ts';
import type { SessionUser } from '../sign-in/session-user.ts';
import { createAttendance } from '../attendance/create-attendance.ts';
import { updateAttendance } from '../attendance/update-attendance.ts';
import { validateAttendance } from '../attendance/attendance-checks.ts';
import { toRequestDtos } from './correction-dto.ts';
import { userNamesByIds } from '../../db/repositories/users.ts';
import { notifyCorrectionDecided } from '../notifications/notify-correction-decided.ts';
import { wakeOutbox } from '../../outbox/outbox-sender.ts';
import { emitEmployeeWebhookEvent } from '../webhooks/emit-webhook-event.ts';

/**
 * An administrator approves or declines a worker's pending request, with a comment (required to
 * decline). Approval applies the proposed times through the ordinary correction path in the same
 * transaction: `updateAttendance` for a recorded day, `createAttendance` for a missing one, with
 * the request's reason, the administrator as author and the request's id (so it does not wait
 * for the worker, who asked for it). If the correction is refused (a schedule rule, a break of the
 * day outside the new times, a change meanwhile), nothing is written and the request stays pending.
 */
export async function decideCorrection(
  db: Db,
  id: number,
  action: Exclude<RequestAction, 'withdraw'>,
  input: unknown,
  actor: Pick<SessionUser, 'id' | 'accountType' | 'employeeId'>,
  lang: Language,
  now = new Date(nowMs()),
): Promise<CorrectionRequestDto> {
  const { comment } = validateAttendance(CorrectionDecisionInput, input);
  if (action === 'decline' && comment === '') throw new AppError('corrections.commentRequired', 422, {}, { comment: 'corrections.commentRequired' });
  await db.transaction().execute(async (trx) => {
    const request = await findCorrectionRequest(trx, id);
    if (!request || !canReadEmployeeRecord(actor, request.employeeId)) throw notFound();
    requireWritable(actor, request.employeeId, 'record');
    // Four eyes (issue 34.5): not the worker's own account, nor whoever filed the request.
    await refuseOwnDecision(trx, actor, { employeeId: request.employeeId, requestedBy: request.createdBy });
    const next = requestTransition(request.status, action);
    if ('refused' in next) throw new AppError(next.refused, 409);

    let attendanceId = request.attendanceId ?? (await attendanceIdOn(trx, request.employeeId, request.date)) ?? null;
    let appliedRevision: number | null = null;
    if (action === 'approve') {
      const times = { timeIn: request.timeIn, timeOut: request.timeOut, breakIn: request.breakIn, breakOut: request.breakOut, reason: request.reason };
      const day =
        attendanceId === null
          ? await createAttendance(trx, { employee: request.employeeId, date: request.date, ...times }, actor, lang, now, { requestId: id })
          : await updateAttendance(trx, attendanceId, times, actor, now, { requestId: id });
      attendanceId = day._id;
      appliedRevision = day.revision;
    }
    const at = now.toISOString();
    const decision = { status: next.status, decidedBy: actor.id, decidedAt: at, comment: comment || null, attendanceId, appliedRevision };
    if (!(await recordDecision(trx, id, decision))) throw new AppError('corrections.alreadyDecided', 409);
    await appendAudit(trx, { userId: actor.id, entity: 'attendanceCorrectionRequest', entityId: id, action, before: { status: request.status }, after: decision, reason: comment || null, at });
    await notifyCorrectionDecided(trx, {
      requestId: id,
      employeeId: request.employeeId,
      status: next.status === 'approved' ? 'approved' : 'declined',
      date: request.date,
      deciderName: (await userNamesByIds(trx, [actor.id])).get(actor.id) ?? null,
      comment: comment || null,
    });
    await emitEmployeeWebhookEvent(trx, request.employeeId, {
      event: 'correction.decided',
      occurredAt: at,
      data: { requestId: id, employeeId: request.employeeId, date: request.date, status: next.status === 'approved' ? 'approved' : 'declined', decidedBy: actor.id, attendanceId },
    });
  });
  wakeOutbox(); // the worker's email leaves now, not at the next poll
  return (await toRequestDtos(db, [(await findCorrectionRequest(db, id))!]))[0]!;
}
