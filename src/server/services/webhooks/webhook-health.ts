import { shouldPause, webhookOfLane } from '#domain/notifications/outbox-lanes.ts';
import { nowIso } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { companyNames } from '../../db/repositories/notification-preferences.ts';
import { outboxLastError } from '../../db/repositories/outbox.ts';
import { addWebhookFailure, clearWebhookFailures, pauseWebhook } from '../../db/repositories/webhooks.ts';
import { log } from '../../log.ts';
import { getSettings } from '../get-settings.ts';
import { adminsWith, notifyUsers } from '../notifications/notify.ts';
import { webhookPausedEmail } from '../notifications/templates/webhook-paused.ts';

/**
 * A webhook's health after each delivery attempt (decision 094): a delivery clears its failure
 * streak; a failure lengthens it, and a receiver that failed PAUSE_AFTER_FAILURES attempts in a row
 * over at least PAUSE_AFTER_MS is paused (its deliveries wait, pending, for an administrator to
 * resume it) and the administrators who manage webhooks (setting.update) of its company — of every
 * company for a webhook of none — are told by email, once per pause. Never throws: the outcome of
 * the delivery is already recorded.
 */
export async function recordWebhookOutcome(db: Db, row: { id: number; lane: string }, delivered: boolean): Promise<void> {
  const webhookId = webhookOfLane(row.lane);
  if (webhookId === null) return;
  try {
    if (delivered) return await clearWebhookFailures(db, webhookId);
    const at = nowIso();
    const streak = await addWebhookFailure(db, webhookId, at);
    if (!streak || streak.pausedAt || !shouldPause(streak.failureStreak, streak.failingSince, at)) return;
    if (!(await pauseWebhook(db, webhookId, at))) return;
    const lastError = await outboxLastError(db, row.id);
    await appendAudit(db, {
      userId: null,
      entity: 'webhook',
      entityId: webhookId,
      action: 'pause',
      before: { failureStreak: streak.failureStreak, failingSince: streak.failingSince },
      after: { pausedAt: at, lastError },
      at,
    });
    log.warn({ webhookId, failures: streak.failureStreak, since: streak.failingSince }, 'A webhook kept failing and was paused');
    const { timezone, timeFormat } = await getSettings(db);
    const companies = streak.companyId === null ? (await companyNames(db)).map((c) => c.id) : [streak.companyId];
    for (const companyId of companies) {
      await notifyUsers(db, {
        kind: 'webhookPaused',
        companyId,
        userIds: await adminsWith(db, companyId, ['setting.update']),
        dedupeKey: (userId) => `webhookPaused:${webhookId}:${at}:${userId}`,
        content: (lang, t, link) =>
          webhookPausedEmail(lang, t, {
            name: streak.description || streak.url,
            since: streak.failingSince ?? at,
            lastError,
            timeZone: timezone,
            timeFormat,
            link: link('/settings/webhooks'),
          }),
      });
    }
  } catch (error) {
    log.error({ err: error, webhookId }, 'The webhook failure streak was not recorded');
  }
}
