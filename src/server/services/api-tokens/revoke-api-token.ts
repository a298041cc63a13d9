import { nowIso } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { findApiToken, revokeApiToken as revokeRow } from '../../db/repositories/api-tokens.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { notFound } from '../../http/app-error.ts';
import type { SessionUser } from '../sign-in/session-user.ts';
import { managesAllApiTokens } from './list-api-tokens.ts';

/**
 * Revokes a token at once (kept, with its last use). Its creator may, and so may an account with
 * setting.update; anyone else gets 404 (another account's token is not theirs to see).
 * Revoking a revoked token changes nothing.
 */
export async function revokeApiToken(db: Db, user: SessionUser, tokenId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const token = await findApiToken(trx, tokenId);
    if (!token || (token.userId !== user.id && !managesAllApiTokens(user))) throw notFound();
    if (token.revokedAt !== null) return;
    const at = nowIso();
    await revokeRow(trx, tokenId, user.id, at);
    await appendAudit(trx, { userId: user.id, entity: 'apiToken', entityId: tokenId, action: 'revoke', at });
  });
}
