import type { Db } from '../../db/connection.ts';
import { findTerminal } from '../../db/repositories/terminals.ts';
import { notFound } from '../../http/app-error.ts';
import type { SessionUser } from '../sign-in/session-user.ts';

/** A terminal the admin may manage: one of their company's (every company's without one), else 404. */
export async function companyTerminal(db: Db, user: SessionUser, id: number) {
  const row = await findTerminal(db, id);
  if (!row || (user.companyId !== null && row.companyId !== null && row.companyId !== user.companyId)) throw notFound();
  return row;
}
