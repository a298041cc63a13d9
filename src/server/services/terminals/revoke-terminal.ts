import { nowIso } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { findTerminal, revokeTerminal as revokeRow } from '../../db/repositories/terminals.ts';
import type { SessionUser } from '../sign-in/session-user.ts';
import { companyTerminal } from './company-terminal.ts';
import { forgetTerminalTouch } from './resolve-terminal.ts';
import { terminalView, type TerminalView } from './terminal-view.ts';

/** Revokes a terminal at once: its device can no longer punch or pair again with an old code. Idempotent. */
export async function revokeTerminal(db: Db, user: SessionUser, id: number): Promise<TerminalView> {
  await companyTerminal(db, user, id);
  const row = await db.transaction().execute(async (trx) => {
    const at = nowIso();
    if ((await revokeRow(trx, id, user.id, at)) > 0) await appendAudit(trx, { userId: user.id, entity: 'terminal', entityId: id, action: 'revoke', at });
    return (await findTerminal(trx, id))!;
  });
  forgetTerminalTouch(id);
  return terminalView(row);
}
