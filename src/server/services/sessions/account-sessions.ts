import { deviceSummary } from '#domain/auth/device-summary.ts';
import type { AccountSessionDto } from '#domain/auth/account-sessions.ts';
import type { Db } from '../../db/connection.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { deleteSession, findLiveUserSessions } from '../../db/repositories/sessions.ts';
import { notFound } from '../../http/app-error.ts';
import { sessionPublicId } from '../sign-in/session-public-id.ts';
import { sessionNow } from '../sign-in/start-session.ts';

/** The account's live sessions (never another account's): the current one first and marked, then the newest (decision 093). */
export async function listAccountSessions(db: Db, userId: number, currentSessionId: string | undefined): Promise<AccountSessionDto[]> {
  const rows = await findLiveUserSessions(db, userId, new Date(sessionNow()).toISOString());
  const ordered = [...rows.filter((r) => r.id === currentSessionId), ...rows.filter((r) => r.id !== currentSessionId)];
  return ordered.map((row) => ({
    id: sessionPublicId(row.id),
    device: deviceSummary(row.userAgent),
    address: row.address,
    createdAt: row.createdAt,
    lastSeenAt: row.lastSeenAt,
    method: row.method,
    current: row.id === currentSessionId,
  }));
}

/**
 * Ends one of the account's own live sessions by its public id; another account's, an ended or an
 * unknown one is a 404 (whose it is is not told). Ending the current one is a sign-out. Audited.
 * Returns whether it was the current session (the caller clears the cookie).
 */
export async function endAccountSession(db: Db, userId: number, publicId: string, currentSessionId: string | undefined): Promise<{ current: boolean }> {
  return db.transaction().execute(async (trx) => {
    const rows = await findLiveUserSessions(trx, userId, new Date(sessionNow()).toISOString());
    const row = rows.find((r) => sessionPublicId(r.id) === publicId);
    if (!row || (await deleteSession(trx, row.id)) !== userId) throw notFound();
    const current = row.id === currentSessionId;
    await appendAudit(trx, { userId, entity: 'user', entityId: userId, action: 'end-session', after: { session: publicId, device: deviceSummary(row.userAgent), current } });
    return { current };
  });
}
