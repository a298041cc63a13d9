import { localDateOf, localDateTimeToUtcIso } from '../../../domain/time/zoned-time.ts';
import { nowIso } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { listTerminals as listRows } from '../../db/repositories/terminals.ts';
import { getSettings } from '../get-settings.ts';
import type { SessionUser } from '../session-user.ts';
import { terminalView, type TerminalView } from './terminal-view.ts';

/** The admin's terminals with their punches since the start of the company's day. */
export async function listTerminals(db: Db, user: Pick<SessionUser, 'companyId'>): Promise<TerminalView[]> {
  const { timezone } = await getSettings(db);
  const since = localDateTimeToUtcIso(localDateOf(nowIso(), timezone), '00:00', timezone);
  const rows = await listRows(db, user.companyId, since);
  return rows.map(terminalView);
}
