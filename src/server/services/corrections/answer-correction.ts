import { answerRefusal } from '#domain/attendance/correction-rules.ts';
import { CorrectionAnswerInput } from '#domain/attendance/correction-schema.ts';
import type { Db } from '../../db/connection.ts';
import { answerAcceptance, findAcceptance } from '../../db/repositories/attendance-correction-acceptances.ts';
import { findAttendanceEmployee } from '../../db/repositories/attendances.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { nowMs } from '../../clock/now.ts';
import { requireReadable, type RecordActor } from '../record-guard.ts';
import { validateAttendance } from '../attendance/attendance-checks.ts';
import { notifyCorrectionDisputed } from '../notifications/notify-correction-disputed.ts';

/**
 * The worker accepts or rejects (with a comment) an administrator's correction of their own day
 * (decision 034). Only the worker answers: another's day is a 404, an administrator who is not
 * that worker gets 403. Refused once answered, superseded or past its due time (409). A rejection
 * (its comment required, kept as typed less surrounding blanks) is a dispute: the representatives
 * are told in the same transaction (decision 082). Returns the answer given.
 */
export async function answerCorrection(db: Db, attendanceId: number, input: unknown, actor: RecordActor, now = new Date(nowMs())): Promise<'accepted' | 'rejected'> {
  const data = validateAttendance(CorrectionAnswerInput, input);
  await db.transaction().execute(async (trx) => {
    const day = await findAttendanceEmployee(trx, attendanceId);
    if (!day) throw notFound();
    requireReadable(actor, day.employeeId);
    if (actor.employeeId !== day.employeeId) throw new AppError('corrections.onlyWorker', 403);
    const acceptance = await findAcceptance(trx, attendanceId, data.revision);
    if (!acceptance) throw new AppError('corrections.nothingToAnswer', 404);
    const at = now.toISOString();
    const refused = answerRefusal(acceptance, at);
    if (refused) throw new AppError(refused, 409);
    const answer = { status: data.answer, comment: data.comment || null, answeredBy: actor.id, answeredAt: at };
    if (!(await answerAcceptance(trx, acceptance.id, answer))) throw new AppError('corrections.alreadyAnswered', 409);
    await appendAudit(trx, { userId: actor.id, entity: 'attendance', entityId: attendanceId, action: `correction-${data.answer}`, after: { revision: data.revision, ...answer }, reason: answer.comment, at });
    // Decision 082: a rejection is a dispute; the representatives hear of it with the answer.
    if (data.answer === 'rejected') await notifyCorrectionDisputed(trx, { acceptanceId: acceptance.id, employeeId: day.employeeId, date: day.date });
  });
  return data.answer;
}
