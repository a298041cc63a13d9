import { lastSignOfLife, silentTerminals } from '#domain/terminals/terminal-status.ts';
import { nowMs } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { companyNames } from '../../db/repositories/notification-preferences.ts';
import { listTerminals } from '../../db/repositories/terminals.ts';
import { getSettings } from '../get-settings.ts';
import { wakeOutbox } from '../../outbox/outbox-sender.ts';
import { adminsWith, notifyUsers } from './notify.ts';
import { emitCompanyWebhookEvent } from '../webhooks/emit-webhook-event.ts';
import { terminalSilentEmail } from './templates/terminal-silent.ts';

/**
 * The minute job (decision 055): each paired terminal silent for longer than
 * `terminalSilentMinutes` (the dashboard's rule, decision 042) is told to the administrators who
 * manage terminals (setting.update) of its company, once per silence: the key carries the last
 * sign of life, so every later run finds the key taken and adds nothing, and a terminal that comes
 * back and falls silent again is a new message. A terminal of no company concerns every company's
 * administrators (each told once: the key is per account). The webhooks get `terminal.silent` once
 * per silence too (issue 41.5).
 */
export async function notifySilentTerminals(db: Db): Promise<void> {
  const now = nowMs();
  const { terminalSilentMinutes, timezone, timeFormat } = await getSettings(db);
  const silent = silentTerminals(await listTerminals(db, null, new Date(now).toISOString()), now, terminalSilentMinutes);
  if (silent.length === 0) return;
  const everyCompany = (await companyNames(db)).map((c) => c.id);
  for (const terminal of silent) {
    const lastSeenAt = new Date(lastSignOfLife(terminal)!).toISOString();
    const location = terminal.location === '' ? null : terminal.location;
    for (const companyId of terminal.companyId === null ? everyCompany : [terminal.companyId]) {
      await notifyUsers(db, {
        kind: 'terminalSilent',
        companyId,
        userIds: await adminsWith(db, companyId, ['setting.update']),
        dedupeKey: (userId) => `terminalSilent:${terminal.id}:${lastSeenAt}:${userId}`,
        content: (lang, t, link) => terminalSilentEmail(lang, t, { name: terminal.name, location, lastSeenAt, timeZone: timezone, timeFormat, link: link('/terminals') }),
      });
    }
    // The webhooks hear of each silence once (issue 41.5): the event id carries the last sign of life.
    await emitCompanyWebhookEvent(
      db,
      terminal.companyId,
      { event: 'terminal.silent', occurredAt: new Date(now).toISOString(), data: { terminalId: terminal.id, name: terminal.name, lastSeenAt } },
      `evt_terminal_silent_${terminal.id}_${Date.parse(lastSeenAt)}`,
    );
  }
  wakeOutbox();
}
