import { silentTerminals } from '#domain/terminals/terminal-status.ts';
import { nowIso, nowMs } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { listTerminals as listRows } from '../../db/repositories/terminals.ts';
import { getSettings } from '../get-settings.ts';
import type { SessionUser } from '../sign-in/session-user.ts';

export interface SilentTerminal {
  id: number;
  name: string;
  location: string | null;
  silentForMinutes: number;
}

/**
 * The admin dashboard's warning (decision 042): the viewer's company's paired terminals not heard
 * from (heartbeat, punch or pairing) for longer than `terminalSilentMinutes`, longest first.
 */
export async function silentTerminalWarnings(db: Db, user: Pick<SessionUser, 'companyId'>): Promise<SilentTerminal[]> {
  const { terminalSilentMinutes } = await getSettings(db);
  // `since` now: the punch count the list carries is not needed here.
  const rows = await listRows(db, user.companyId, nowIso());
  return silentTerminals(rows, nowMs(), terminalSilentMinutes).map((t) => ({ id: t.id, name: t.name, location: t.location === '' ? null : t.location, silentForMinutes: t.silentForMinutes }));
}
