import { closedLinkMessage, type AcceptInvitationInput } from '#domain/accounts/account-links.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { nowIso } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { builtInEmployeeRole, claimInvitation, employeesToInvite, findInvitationByHash, setInvitationUser } from '../../db/repositories/account-links.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { emailExists, findUserWithRole } from '../../db/repositories/users.ts';
import { insertEmployeeAccount } from './insert-employee-account.ts';
import { AppError } from '../../http/app-error.ts';
import { updateEmployeeColumns } from '../../db/repositories/employees.ts';
import { employeeEmailColumn } from '../../db/stored-formats.ts';
import { toSessionUser, type SessionUser } from '../sign-in/session-user.ts';
import { startSession, type SessionOrigin } from '../sign-in/start-session.ts';
import { accountTokenHash } from './account-token.ts';
import { openInvitation } from './open-account-link.ts';

/** A link that does not open: 404 for a token nobody issued, 409 for a used, revoked or expired one. */
function closed(state: 'unknown' | 'used' | 'revoked' | 'expired'): AppError {
  return new AppError(closedLinkMessage(state, 'invitation'), state === 'unknown' ? 404 : 409);
}

/**
 * The worker accepts an invitation (decision 066): with the password they chose (spec §5's
 * policy, checked by the contract) an Employee account is created, linked to the employee, with
 * the company's built-in Employee role, and signed in. The link is used in the same transaction by
 * a conditional update, so two requests with one link create one account; a link that was used,
 * revoked or expired meanwhile creates nothing.
 */
export async function acceptInvitation(db: Db, input: AcceptInvitationInput, origin: SessionOrigin): Promise<{ token: string; user: SessionUser }> {
  const view = await openInvitation(db, input.token);
  if (view.state !== 'open') throw closed(view.state);
  const passwordHash = await hashPassword(input.password);
  return db.transaction().execute(async (trx) => {
    const at = nowIso();
    const invitation = await findInvitationByHash(trx, accountTokenHash(input.token));
    if (!invitation) throw closed('unknown');
    if (!(await claimInvitation(trx, invitation.id, at))) throw closed('used');
    const [employee] = await employeesToInvite(trx, { ids: [invitation.employeeId] });
    if (!employee || employee.status !== 'active' || employee.userId !== null) throw closed('used');
    // A worker without an address gives the one to sign in with (issue 37); it becomes theirs.
    const address = invitation.email ?? input.email;
    if (address === undefined) throw new AppError('validation.invalidInput', 422, {}, { email: 'validation.required' });
    if (await emailExists(trx, address)) throw new AppError('invitations.emailTaken', 409, { name: `${employee.firstName} ${employee.lastName}`, email: address });
    if (invitation.email === null) await updateEmployeeColumns(trx, employee.id, { email: employeeEmailColumn(address) });
    const roleId = await builtInEmployeeRole(trx, employee.companyId);
    if (roleId === undefined) throw new AppError('invitations.noEmployeeRole', 409);
    const id = await insertEmployeeAccount(trx, employee, { email: address, passwordHash, roleId, at, signedInAt: at });
    await setInvitationUser(trx, invitation.id, id);
    await appendAudit(trx, { userId: id, entity: 'invitation', entityId: invitation.id, action: 'accept', after: { employeeId: employee.id, userId: id, email: address }, at });
    const row = await findUserWithRole(trx, { id });
    if (!row) throw new AppError('errors.unauthenticated', 401);
    return { token: await startSession(trx, row, origin), user: toSessionUser(row) };
  });
}
