import type { Db } from '../../db/connection.ts';
import { findWebhook } from '../../db/repositories/webhooks.ts';
import { notFound } from '../../http/app-error.ts';
import type { SessionUser } from '../sign-in/session-user.ts';
import { managesCompanyRow } from '../users/managed-company.ts';

/**
 * A webhook the account may manage: any for a SuperAdmin, one of its company's for an Admin
 * (issue 34.1), else 404, as for terminals (decision 042): an administrator of one company never
 * learns of another's webhooks.
 */
export async function companyWebhook(db: Db, user: Pick<SessionUser, 'accountType' | 'companyId'>, id: number) {
  const row = await findWebhook(db, id);
  if (!row || !managesCompanyRow(user, row.companyId)) throw notFound();
  return row;
}
