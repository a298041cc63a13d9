import { inspectionLinkExpiry, inspectionPath, type CreateInspectionLinkInput } from '#domain/access/inspection-links.ts';
import { nowIso } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { insertInspectionLink } from '../../db/repositories/inspection-links.ts';
import type { SessionUser } from '../sign-in/session-user.ts';
import { inspectionTokenHash, newInspectionToken } from './inspection-token.ts';

/**
 * Creates a read-only link for the labour inspectorate (decision 036). The token is answered here
 * once, as a path (the caller makes it a full URL); only its SHA-256 is stored. The link shows the
 * records of the creator's company (every company for an account without one).
 */
export async function createInspectionLink(db: Db, user: SessionUser, input: CreateInspectionLinkInput) {
  const token = newInspectionToken();
  const createdAt = nowIso();
  const expiresAt = inspectionLinkExpiry(createdAt, input.days);
  const label = input.label ? input.label : null;
  const id = await db.transaction().execute(async (trx) => {
    const linkId = await insertInspectionLink(trx, { tokenHash: inspectionTokenHash(token), companyId: user.companyId, label, createdBy: user.id, createdAt, expiresAt });
    await appendAudit(trx, { userId: user.id, entity: 'inspectionLink', entityId: linkId, action: 'create', after: { label, expiresAt, companyId: user.companyId }, at: createdAt });
    return linkId;
  });
  return { _id: id, label, createdAt, expiresAt, path: inspectionPath(token) };
}
