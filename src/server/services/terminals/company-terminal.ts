import type { Db } from '../../db/connection.ts';
import { findTerminal } from '../../db/repositories/terminals.ts';
import { notFound } from '../../http/app-error.ts';
import type { SessionUser } from '../sign-in/session-user.ts';
import { managesCompanyRow } from '../users/managed-company.ts';

/** A terminal the account may manage: any for a SuperAdmin, one of its company's for an Admin (issue 34.1), else 404. */
export async function companyTerminal(db: Db, user: Pick<SessionUser, 'accountType' | 'companyId'>, id: number) {
  const row = await findTerminal(db, id);
  if (!row || !managesCompanyRow(user, row.companyId)) throw notFound();
  return row;
}
