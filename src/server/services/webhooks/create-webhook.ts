import type { CreateWebhookInput } from '#domain/webhooks/webhook-input.ts';
import { nowIso } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { findWebhook, insertWebhook } from '../../db/repositories/webhooks.ts';
import { webhookEventsJson } from '../../db/stored-formats.ts';
import type { SessionUser } from '../sign-in/session-user.ts';
import { newWebhookSecret, sealWebhookSecret } from './webhook-secret.ts';
import { webhookView, type WebhookView } from './webhook-view.ts';

/**
 * Registers a webhook of the administrator's company (every company's events for an account
 * without one) with a new signing secret, answered here in full (later only to setting.update,
 * through the reveal action). Enabled at once; audited without the secret.
 */
export async function createWebhook(db: Db, user: SessionUser, input: CreateWebhookInput): Promise<{ data: WebhookView; secret: string }> {
  const secret = newWebhookSecret();
  const at = nowIso();
  const row = await db.transaction().execute(async (trx) => {
    const id = await insertWebhook(trx, {
      companyId: user.companyId,
      url: input.url,
      description: input.description,
      events: webhookEventsJson(input.events),
      format: input.format ?? 'jornada',
      secret: sealWebhookSecret(secret),
      createdBy: user.id,
      createdAt: at,
    });
    await appendAudit(trx, {
      userId: user.id,
      entity: 'webhook',
      entityId: id,
      action: 'create',
      after: { url: input.url, description: input.description, events: input.events, format: input.format ?? 'jornada', companyId: user.companyId },
      at,
    });
    return (await findWebhook(trx, id))!;
  });
  return { data: webhookView(row), secret };
}
