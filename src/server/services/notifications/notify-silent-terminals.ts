import { lastSignOfLife, silentTerminals } from '../../../domain/terminals/terminal-status.ts';
import { nowMs } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { listTerminals } from '../../db/repositories/terminals.ts';
import { appUrl } from '../../mail/email-content.ts';
import { getSettings } from '../get-settings.ts';
import { adminRecipients } from './admin-recipients.ts';
import { notifyUsers } from './notify.ts';
import { terminalSilentEmail } from './templates/terminal-silent.ts';

/**
 * The minute job (decision 055): each paired terminal silent for longer than
 * `terminalSilentMinutes` (the dashboard's rule, decision 042) is told to the administrators who
 * manage terminals (setting.update), once per silence: the key carries the last sign of life, so
 * a terminal that comes back and falls silent again is a new message, and every later run of the
 * job finds the key taken and adds nothing.
 */
export async function notifySilentTerminals(db: Db): Promise<void> {
  const now = nowMs();
  const { terminalSilentMinutes, timezone, timeFormat } = await getSettings(db);
  const silent = silentTerminals(await listTerminals(db, null, new Date(now).toISOString()), now, terminalSilentMinutes);
  if (silent.length === 0) return;
  const link = await appUrl('/terminals');
  for (const terminal of silent) {
    const lastSeenAt = new Date(lastSignOfLife(terminal)!).toISOString();
    const location = terminal.location === '' ? null : terminal.location;
    for (const [companyId, userIds] of await adminRecipients(db, 'setting.update', terminal.companyId)) {
      await notifyUsers(db, {
        kind: 'terminalSilent',
        companyId,
        userIds,
        dedupeKey: (userId) => `terminalSilent:${terminal.id}:${lastSeenAt}:${userId}`,
        content: (lang, t) => terminalSilentEmail(lang, t, { name: terminal.name, location, lastSeenAt, timeZone: timezone, timeFormat, link }),
      });
    }
  }
}
