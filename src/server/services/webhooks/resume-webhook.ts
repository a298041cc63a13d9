import { webhookLane } from '#domain/notifications/outbox-lanes.ts';
import { nowIso } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { findWebhook, resumeWebhookRow } from '../../db/repositories/webhooks.ts';
import { wakeOutbox } from '../../outbox/outbox-sender.ts';
import type { SessionUser } from '../sign-in/session-user.ts';
import { companyWebhook } from './company-webhook.ts';
import { webhookView, type WebhookView } from './webhook-view.ts';

/**
 * Resumes a webhook paused after failing repeatedly (decision 094): the streak is cleared and its
 * waiting deliveries are due now, in their order. Audited. Resuming one that is not paused changes
 * nothing and answers it as it is.
 */
export async function resumeWebhook(db: Db, user: SessionUser, id: number): Promise<WebhookView> {
  const view = await db.transaction().execute(async (trx) => {
    const before = await companyWebhook(trx, user, id);
    if (!before.pausedAt) return webhookView(before);
    const at = nowIso();
    await resumeWebhookRow(trx, id, webhookLane(id), at);
    await appendAudit(trx, { userId: user.id, entity: 'webhook', entityId: id, action: 'resume', before: { pausedAt: before.pausedAt, failureStreak: before.failureStreak }, after: { pausedAt: null }, at });
    return webhookView((await findWebhook(trx, id))!);
  });
  wakeOutbox();
  return view;
}
