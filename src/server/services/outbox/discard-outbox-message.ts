import { nowIso } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { discardOutboxRow, findOutboxStatus } from '../../db/repositories/outbox-admin.ts';
import { AppError, notFound } from '../../http/app-error.ts';

/**
 * Discard (decision 054): a waiting or failed message is never tried again; it stays listed as
 * discarded. 409 for one being sent right now, already sent or already discarded.
 */
export async function discardOutboxMessage(db: Db, userId: number, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await findOutboxStatus(trx, id);
    if (!row) throw notFound();
    const at = nowIso();
    if (!(await discardOutboxRow(trx, id, at))) throw new AppError('outbox.notDiscardable', 409);
    await appendAudit(trx, { userId, entity: 'outbox', entityId: id, action: 'discard', before: { status: row.status }, after: { status: 'discarded' }, at });
  });
}
