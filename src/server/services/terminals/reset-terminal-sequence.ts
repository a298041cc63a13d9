import { nowIso } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { resetTerminalSeq } from '../../db/repositories/offline-punches.ts';
import { findTerminal } from '../../db/repositories/terminals.ts';
import type { SessionUser } from '../sign-in/session-user.ts';
import { companyTerminal } from './company-terminal.ts';
import { terminalView, type TerminalView } from './terminal-view.ts';

/**
 * `POST /api/terminals/{id}/reset-sequence` (setting.update; issue 34 point 6): the terminal's
 * offline numbering starts again (`last_seq` 0, its receipts forgotten), for a device whose
 * numbering was pushed far ahead (a broken device, or a credential that sent 2^31 before the
 * jump limit existed) or was replaced. The device's queue lowers its next number to the server's
 * when nothing waits in it (src/lib/client/offline-queue.ts). Audited with the number it had.
 */
export async function resetTerminalSequence(db: Db, user: SessionUser, id: number): Promise<TerminalView> {
  await companyTerminal(db, user, id);
  const row = await db.transaction().execute(async (trx) => {
    const before = await resetTerminalSeq(trx, id);
    await appendAudit(trx, { userId: user.id, entity: 'terminal', entityId: id, action: 'resetSequence', before, after: { lastSeq: 0 }, at: nowIso() });
    return (await findTerminal(trx, id))!;
  });
  return terminalView(row);
}
