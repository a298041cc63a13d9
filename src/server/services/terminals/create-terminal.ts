import { formatPairingCode, pairingExpiry, type TerminalInput } from '#domain/terminals/terminal-rules.ts';
import { nowIso } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { findTerminal, insertTerminal } from '../../db/repositories/terminals.ts';
import { terminalMethodsJson } from '../../db/stored-formats.ts';
import type { SessionUser } from '../sign-in/session-user.ts';
import { newPairingCode, secretHash } from './terminal-secrets.ts';
import { terminalView, type TerminalView } from './terminal-view.ts';

/** A terminal and the one-time code that pairs a device with it (answered once, stored hashed). */
export interface TerminalWithCode {
  data: TerminalView;
  pairingCode: string;
  pairingExpiresAt: string;
}

/** Creates a terminal of the admin's company, waiting for a device to pair with its code (decision 042). */
export async function createTerminal(db: Db, user: SessionUser, input: Omit<TerminalInput, 'doorCode'> & { doorCode?: boolean }): Promise<TerminalWithCode> {
  const code = newPairingCode();
  const at = nowIso();
  const expiresAt = pairingExpiry(at);
  const row = await db.transaction().execute(async (trx) => {
    const id = await insertTerminal(trx, {
      companyId: user.companyId,
      name: input.name,
      location: input.location,
      methods: terminalMethodsJson(input.methods),
      doorCode: input.doorCode === true ? 1 : 0,
      pairingCodeHash: secretHash(code),
      pairingExpiresAt: expiresAt,
      createdBy: user.id,
      createdAt: at,
    });
    await appendAudit(trx, { userId: user.id, entity: 'terminal', entityId: id, action: 'create', after: { name: input.name, location: input.location, methods: input.methods, doorCode: input.doorCode === true }, at });
    return (await findTerminal(trx, id))!;
  });
  return { data: terminalView(row), pairingCode: formatPairingCode(code), pairingExpiresAt: expiresAt };
}
