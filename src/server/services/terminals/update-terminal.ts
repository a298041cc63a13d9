import type { TerminalUpdate } from '#domain/terminals/terminal-rules.ts';
import { nowIso } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { findTerminal, updateTerminalDetails } from '../../db/repositories/terminals.ts';
import { terminalMethodsJson } from '../../db/stored-formats.ts';
import type { SessionUser } from '../sign-in/session-user.ts';
import { companyTerminal } from './company-terminal.ts';
import { terminalView, type TerminalView } from './terminal-view.ts';

/** Renames a terminal or changes its place, allowed methods or door code (effective at its next punch or code). */
export async function updateTerminal(db: Db, user: SessionUser, id: number, input: TerminalUpdate): Promise<TerminalView> {
  const before = await companyTerminal(db, user, id);
  return db.transaction().execute(async (trx) => {
    const doorCode = input.doorCode ?? before.doorCode === 1;
    await updateTerminalDetails(trx, id, { name: input.name, location: input.location, methods: terminalMethodsJson(input.methods), doorCode: doorCode ? 1 : 0 });
    await appendAudit(trx, {
      userId: user.id,
      entity: 'terminal',
      entityId: id,
      action: 'update',
      before: { name: before.name, location: before.location, methods: before.methods, doorCode: before.doorCode === 1 },
      after: { name: input.name, location: input.location, methods: input.methods, doorCode },
      at: nowIso(),
    });
    return terminalView((await findTerminal(trx, id))!);
  });
}
