import { requestTransition } from '#domain/attendance/correction-rules.ts';
import type { Db } from '../../db/connection.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { decideCorrectionRequest, findCorrectionRequest } from '../../db/repositories/attendance-correction-requests.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { nowMs } from '../../clock/now.ts';
import type { RecordActor } from '../record-guard.ts';

/** The worker takes back their own pending request (kept, marked withdrawn); another's is a 404. */
export async function withdrawCorrectionRequest(db: Db, id: number, actor: RecordActor, now = new Date(nowMs())): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const request = await findCorrectionRequest(trx, id);
    if (!request || actor.employeeId === null || request.employeeId !== actor.employeeId) throw notFound();
    const next = requestTransition(request.status, 'withdraw');
    if ('refused' in next) throw new AppError(next.refused, 409);
    const at = now.toISOString();
    if (!(await decideCorrectionRequest(trx, id, { status: next.status, decidedBy: actor.id, decidedAt: at }))) throw new AppError('corrections.alreadyDecided', 409);
    await appendAudit(trx, { userId: actor.id, entity: 'attendanceCorrectionRequest', entityId: id, action: 'withdraw', before: { status: request.status }, after: { status: next.status }, at });
  });
}
