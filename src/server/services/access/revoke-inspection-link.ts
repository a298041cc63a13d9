import { nowIso } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { findInspectionLink, revokeInspectionLink as revokeRow } from '../../db/repositories/inspection-links.ts';
import { notFound } from '../../http/app-error.ts';

/** Revokes a link at once (it is kept, with its log). Revoking a revoked link changes nothing. */
export async function revokeInspectionLink(db: Db, userId: number, linkId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const link = await findInspectionLink(trx, linkId);
    if (!link) throw notFound();
    if (link.revokedAt !== null) return;
    const at = nowIso();
    await revokeRow(trx, linkId, userId, at);
    await appendAudit(trx, { userId, entity: 'inspectionLink', entityId: linkId, action: 'revoke', at });
  });
}
