import { pairingPending, terminalStatus, type TerminalStatus } from '#domain/terminals/terminal-status.ts';
import { localDateOf, localDateTimeToUtcIso } from '#domain/time/zoned-time.ts';
import { nowIso, nowMs } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { listTerminals as listRows } from '../../db/repositories/terminals.ts';
import { getSettings } from '../get-settings.ts';
import type { SessionUser } from '../sign-in/session-user.ts';
import { managedCompany } from '../users/managed-company.ts';
import { terminalView, type TerminalView } from './terminal-view.ts';

/** A terminal in the admin's list: online/silent by the `terminalSilentMinutes` setting, and a waiting code's expiry (decision 042). */
export interface TerminalListItem extends TerminalView {
  status: TerminalStatus;
  punchesToday: number;
  /** Set while a pairing code can still be used. */
  codeWaitingUntil: string | null;
}

/** The account's terminals (every one for a SuperAdmin, its company's for an Admin) with their punches since the start of the company's day. */
export async function listTerminals(db: Db, user: Pick<SessionUser, 'accountType' | 'companyId'>): Promise<TerminalListItem[]> {
  const { timezone, terminalSilentMinutes } = await getSettings(db);
  const since = localDateTimeToUtcIso(localDateOf(nowIso(), timezone), '00:00', timezone);
  const rows = await listRows(db, managedCompany(user), since);
  const now = nowMs();
  return rows.map((row) => ({
    ...terminalView(row),
    punchesToday: Number(row.punchesToday ?? 0),
    status: terminalStatus(row, now, terminalSilentMinutes),
    codeWaitingUntil: pairingPending(row, now) ? row.pairingExpiresAt : null,
  }));
}
