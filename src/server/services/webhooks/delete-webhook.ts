import { nowIso } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { discardWebhookDeliveries } from '../../db/repositories/webhook-deliveries.ts';
import { deleteWebhook as deleteRow } from '../../db/repositories/webhooks.ts';
import type { SessionUser } from '../sign-in/session-user.ts';
import { companyWebhook } from './company-webhook.ts';
import { webhookView } from './webhook-view.ts';

/** Deletes a webhook for good; its deliveries still waiting are discarded in the same transaction (audited). */
export async function deleteWebhook(db: Db, user: SessionUser, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await companyWebhook(trx, user, id);
    const at = nowIso();
    await discardWebhookDeliveries(trx, id, at);
    await deleteRow(trx, id);
    const view = webhookView(before);
    await appendAudit(trx, { userId: user.id, entity: 'webhook', entityId: id, action: 'delete', before: { url: view.url, description: view.description, events: view.events, enabled: view.enabled }, at });
  });
}
