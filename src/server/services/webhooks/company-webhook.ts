import type { Db } from '../../db/connection.ts';
import { findWebhook } from '../../db/repositories/webhooks.ts';
import { notFound } from '../../http/app-error.ts';
import type { SessionUser } from '../sign-in/session-user.ts';

/**
 * A webhook the account may manage: one of its company's (any for an account without a company),
 * else 404, as for terminals (decision 042): an administrator of one company never learns of
 * another's webhooks.
 */
export async function companyWebhook(db: Db, user: Pick<SessionUser, 'companyId'>, id: number) {
  const row = await findWebhook(db, id);
  if (!row || (user.companyId !== null && row.companyId !== user.companyId)) throw notFound();
  return row;
}
