import type { Db } from '../../db/connection.ts';
import { PermanentDeliveryError, type OutboxChannel } from '../../outbox/outbox-channels.ts';
import { deliverWebhook } from './deliver-webhook.ts';
import { recordWebhookOutcome } from './webhook-health.ts';

/**
 * The outbox's `webhook` channel (decision 058), registered at boot: a 2xx resolves (sent); a
 * 4xx other than 408/429, a redirect, or a webhook that is gone or disabled rejects with a
 * PermanentDeliveryError (failed at once; Retry on the outbox screen sends it again); anything
 * else rejects to be retried with the outbox's backoff. A row left `sending` by a crash is sent
 * again (`redeliverInterrupted`): receivers drop repeats by `X-Jornada-Delivery`. Each outcome feeds
 * the webhook's failure streak; one that kept failing is paused (webhook-health.ts, decision 094).
 */
export function webhookChannel(db: () => Promise<Db>): OutboxChannel {
  return {
    redeliverInterrupted: true,
    async afterAttempt(row, delivered) {
      await recordWebhookOutcome(await db(), row, delivered);
    },
    async deliver(row) {
      const result = await deliverWebhook(await db(), row);
      if (result.outcome === 'delivered') return;
      if (result.outcome === 'permanent') throw new PermanentDeliveryError(result.error ?? 'not accepted');
      throw new Error(result.error ?? 'not accepted');
    },
  };
}
