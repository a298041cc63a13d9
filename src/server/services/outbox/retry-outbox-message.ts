import { nowIso } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { findOutboxStatus, retryOutboxRow } from '../../db/repositories/outbox-admin.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { wakeOutbox } from '../../outbox/outbox-sender.ts';

/**
 * Retry (decision 054): a failed message goes back to pending, due now, with a fresh series of
 * attempts, and the sender is woken. Only a failed one: 409 otherwise (waiting, being sent, sent or
 * discarded), so a click on a stale screen never sends a message twice. An email the server was
 * delivering when it stopped may have arrived; retrying it is the administrator's choice (the
 * screen says so).
 */
export async function retryOutboxMessage(db: Db, userId: number, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await findOutboxStatus(trx, id);
    if (!row) throw notFound();
    const at = nowIso();
    if (!(await retryOutboxRow(trx, id, at))) throw new AppError('outbox.notFailed', 409);
    await appendAudit(trx, { userId, entity: 'outbox', entityId: id, action: 'retry', before: { status: row.status }, after: { status: 'pending' }, at });
  });
  wakeOutbox();
}
