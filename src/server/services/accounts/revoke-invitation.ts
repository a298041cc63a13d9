import { nowIso } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { employeesToInvite, revokeUnusedInvitations } from '../../db/repositories/account-links.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { AppError } from '../../http/app-error.ts';
import type { SessionUser } from '../sign-in/session-user.ts';
import { managedCompany } from '../users/managed-company.ts';

/**
 * Revokes an employee's unused invitation (decision 066): its link no longer opens. Another
 * company's employee reads as not found for an Admin; 409 when there is nothing to revoke.
 */
export async function revokeInvitation(db: Db, actor: SessionUser, employeeId: number): Promise<void> {
  const scope = managedCompany(actor);
  await db.transaction().execute(async (trx) => {
    const [employee] = await employeesToInvite(trx, { ids: [employeeId] });
    if (!employee || (scope !== null && employee.companyId !== scope)) throw new AppError('errors.notFound', 404);
    const at = nowIso();
    const revoked = await revokeUnusedInvitations(trx, employeeId, actor.id, at);
    if (revoked === 0) throw new AppError('invitations.noneToRevoke', 409);
    await appendAudit(trx, { userId: actor.id, entity: 'invitation', entityId: null, action: 'revoke', after: { employeeId }, at });
  });
}
