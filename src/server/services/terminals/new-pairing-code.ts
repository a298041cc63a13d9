import { formatPairingCode, pairingExpiry } from '#domain/terminals/terminal-rules.ts';
import { nowIso } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { findTerminal, setPairingCode } from '../../db/repositories/terminals.ts';
import { AppError } from '../../http/app-error.ts';
import type { SessionUser } from '../sign-in/session-user.ts';
import { companyTerminal } from './company-terminal.ts';
import { newPairingCode, secretHash } from './terminal-secrets.ts';
import type { TerminalWithCode } from './create-terminal.ts';
import { terminalView } from './terminal-view.ts';

/**
 * A fresh pairing code for a terminal (the old code stops working; a paired device keeps its
 * credential until the new code is used, so a replacement device can be paired without a gap).
 * A revoked terminal gets none: 409 `terminals.revokedNoCode`.
 */
export async function newTerminalPairingCode(db: Db, user: SessionUser, id: number): Promise<TerminalWithCode> {
  await companyTerminal(db, user, id);
  const code = newPairingCode();
  const at = nowIso();
  const expiresAt = pairingExpiry(at);
  const row = await db.transaction().execute(async (trx) => {
    if ((await setPairingCode(trx, id, { pairingCodeHash: secretHash(code), pairingExpiresAt: expiresAt })) === 0) throw new AppError('terminals.revokedNoCode', 409);
    await appendAudit(trx, { userId: user.id, entity: 'terminal', entityId: id, action: 'pairingCode', after: { expiresAt }, at });
    return (await findTerminal(trx, id))!;
  });
  return { data: terminalView(row), pairingCode: formatPairingCode(code), pairingExpiresAt: expiresAt };
}
