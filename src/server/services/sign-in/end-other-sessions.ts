import type { Db } from '../../db/connection.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { deleteUserSessions } from '../../db/repositories/sessions.ts';

/**
 * "Sign out everywhere" from account settings: ends every session of the user except the one
 * making the request (decision 023), and audits it. Returns how many sessions ended.
 */
export async function endOtherSessions(db: Db, userId: number, currentSessionId: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const ended = await deleteUserSessions(trx, userId, currentSessionId);
    await appendAudit(trx, { userId, entity: 'user', entityId: userId, action: 'end-other-sessions', after: { ended } });
    return ended;
  });
}
