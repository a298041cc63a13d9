import type { UpdateWebhookInput } from '#domain/webhooks/webhook-input.ts';
import { nowIso } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { findWebhook, updateWebhook as updateRow } from '../../db/repositories/webhooks.ts';
import { webhookEventsJson } from '../../db/stored-formats.ts';
import type { SessionUser } from '../sign-in/session-user.ts';
import { companyWebhook } from './company-webhook.ts';
import { webhookView, type WebhookView } from './webhook-view.ts';

/**
 * Changes a webhook's address, description, events or enabled state (fields left out stay).
 * Takes effect for the next event; deliveries already queued keep the address they were queued
 * for, and a disabled webhook's queued deliveries fail without being sent (webhook-channel.ts).
 */
export async function updateWebhook(db: Db, user: SessionUser, id: number, input: UpdateWebhookInput): Promise<WebhookView> {
  return db.transaction().execute(async (trx) => {
    const before = await companyWebhook(trx, user, id);
    const at = nowIso();
    await updateRow(trx, id, {
      ...(input.url !== undefined ? { url: input.url } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.events !== undefined ? { events: webhookEventsJson(input.events) } : {}),
      ...(input.enabled !== undefined ? { enabled: input.enabled ? 1 : 0 } : {}),
      ...(input.format !== undefined ? { format: input.format } : {}),
      updatedAt: at,
    });
    const after = (await findWebhook(trx, id))!;
    await appendAudit(trx, {
      userId: user.id,
      entity: 'webhook',
      entityId: id,
      action: 'update',
      before: { url: before.url, description: before.description, events: webhookView(before).events, enabled: before.enabled === 1, format: before.format },
      after: input,
      at,
    });
    return webhookView(after);
  });
}
