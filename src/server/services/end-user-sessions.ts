import type { Db } from '../db/connection.ts';
import { appendAudit } from '../db/repositories/audit-log.ts';
import { bumpSessionVersion } from '../db/repositories/users.ts';

/**
 * Ends every session of a user (sign out everywhere; also called when a user is disabled).
 * Tokens issued before carry the old session version and are refused from now on.
 */
export async function endUserSessions(db: Db, userId: number, actorId: number | null): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const at = new Date().toISOString();
    await bumpSessionVersion(trx, userId, at);
    await appendAudit(trx, { userId: actorId, entity: 'user', entityId: userId, action: 'end-sessions', at });
  });
}
