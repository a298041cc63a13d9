import type { Db } from '../../db/connection.ts';
import { findWebhookForDelivery } from '../../db/repositories/webhooks.ts';
import { parseWebhookDelivery } from '../../db/stored-formats.ts';
import { postWebhook, type PostResult } from './post-webhook.ts';
import { openWebhookSecret } from './webhook-secret.ts';

const refused = (error: string): PostResult => ({ outcome: 'permanent', status: null, error, reason: 'other', publicAddress: false });

/**
 * Delivers one queued webhook row (the outbox's `webhook` channel, decision 058): to the webhook's
 * CURRENT address (a fixed address takes the retries along) with its current secret;
 * `X-Jornada-Delivery` is the outbox row's id, the same on every attempt, so a receiver drops a
 * repeat (a delivery interrupted by a crash is sent again). A deleted or disabled webhook, a
 * damaged row or a secret that cannot be opened fails for good without sending anything.
 */
export async function deliverWebhook(db: Db, row: { id: number; kind: string; payload: string }): Promise<PostResult> {
  const delivery = parseWebhookDelivery(row.payload);
  if (!delivery) return refused('damaged delivery');
  const hook = await findWebhookForDelivery(db, delivery.webhookId);
  if (!hook) return refused('the webhook was deleted');
  if (hook.enabled !== 1) return refused('the webhook is disabled');
  const secret = openWebhookSecret(hook.secret);
  if (secret === null) return refused('the secret cannot be read (instance secrets changed): give the webhook a new secret');
  return postWebhook({ url: hook.url, secret, event: row.kind, deliveryId: String(row.id), body: delivery.body });
}
