import { ownDecision, type DecidedMatter, type Decider } from '#domain/permissions/four-eyes.ts';
import type { Db } from '../../db/connection.ts';
import { otherSuperAdminNames } from '../../db/repositories/user-records.ts';
import { AppError } from '../../http/app-error.ts';

/**
 * Refuses (403) a decision its maker may not take (issue 34, point 5: `domain/permissions/four-eyes.ts`),
 * in the deciding transaction. The message says who can decide instead: another administrator
 * allowed to, or a SuperAdmin, named (`fourEyes.ownRequest`); when the decider is the only
 * SuperAdmin, another administrator (`fourEyes.ownRequestNoSuperAdmin`).
 */
export async function refuseOwnDecision(db: Db, decider: Decider, matter: DecidedMatter): Promise<void> {
  const refusal = ownDecision(decider, matter);
  if (!refusal) return;
  const names = await otherSuperAdminNames(db, decider.id);
  if (names.length === 0) throw new AppError('fourEyes.ownRequestNoSuperAdmin', 403, { reason: refusal });
  throw new AppError('fourEyes.ownRequest', 403, { superAdmins: names.join(', '), reason: refusal });
}
