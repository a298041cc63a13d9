import type { Db } from '../../db/connection.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { userExists } from '../../db/repositories/second-factors.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { nowIso } from '../../clock/now.ts';
import type { AccountType } from '#domain/permissions/permissions.ts';
import { factorsOf } from '../sign-in/two-factor-policy.ts';
import { removeSecondFactors } from './remove-second-factors.ts';

/**
 * A SuperAdmin resets another account's second factors (decision 090) — for someone who lost their
 * phone and codes: TOTP, recovery codes, passkeys and remembered browsers go; the account signs in
 * with its password again (and sets a factor up if its company requires one). Only SuperAdmin
 * accounts (403 `twoFactor.resetSuperAdminOnly`), not their own account through this route (409
 * `twoFactor.resetOwn`: they turn theirs off in account settings). Unknown user 404. Audited as
 * `two-factor-reset` on the user, with what was removed.
 */
export async function resetSecondFactors(db: Db, actor: { id: number; accountType: AccountType }, userId: number): Promise<void> {
  if (!(await userExists(db, userId))) throw notFound();
  if (actor.accountType !== 'SuperAdmin') throw new AppError('twoFactor.resetSuperAdminOnly', 403);
  if (actor.id === userId) throw new AppError('twoFactor.resetOwn', 409);
  const before = await factorsOf(db, userId);
  await removeSecondFactors(db, userId, { recoveryCodes: true, passkeys: true });
  await appendAudit(db, { userId: actor.id, entity: 'user', entityId: userId, action: 'two-factor-reset', before, at: nowIso() });
}
