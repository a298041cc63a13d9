import { randomUUID } from 'node:crypto';
import { TEST_FAILURE_MESSAGES } from '#domain/webhooks/delivery-outcome.ts';
import { WEBHOOK_TEST_EVENT } from '#domain/webhooks/webhook-events.ts';
import { chatBody, chatText, isChatFormat } from '#domain/webhooks/webhook-formats.ts';
import { isLanguage } from '#i18n/languages.ts';
import { readSettings } from '../../db/repositories/settings.ts';
import { nowIso } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { findWebhookForDelivery } from '../../db/repositories/webhooks.ts';
import { AppError } from '../../http/app-error.ts';
import type { SessionUser } from '../sign-in/session-user.ts';
import { companyWebhook } from './company-webhook.ts';
import { postWebhook } from './post-webhook.ts';
import { openWebhookSecret } from './webhook-secret.ts';

/**
 * "Send test event" (decision 058): one signed `webhook.test` POST to the webhook now, not through
 * the outbox (the administrator waits for the answer; nothing is retried or queued), even when the
 * webhook is disabled. Delivered: the receiver's status. Not delivered: 502
 * `webhooks.testFailed.<reason>` (the status, refused, timeout, ...) in the request's language.
 * For an address that is not public (loopback, private; issue 34.7) only delivered (status null)
 * or not delivered (`webhooks.testFailed.notDelivered`); a link-local one is refused.
 */
export async function sendTestWebhook(db: Db, user: SessionUser, id: number): Promise<{ status: number | null }> {
  await companyWebhook(db, user, id);
  const hook = (await findWebhookForDelivery(db, id))!;
  const secret = openWebhookSecret(hook.secret);
  if (secret === null) throw new AppError('webhooks.secretUnreadable', 409);
  const eventId = `evt_${randomUUID()}`;
  let body = JSON.stringify({ id: eventId, event: WEBHOOK_TEST_EVENT, occurredAt: nowIso(), data: { webhookId: id, test: true } });
  if (isChatFormat(hook.format)) {
    const settings = await readSettings(db);
    const lang = isLanguage(settings.defaultLanguage) ? settings.defaultLanguage : 'es';
    body = JSON.stringify(chatBody(hook.format, chatText({ event: WEBHOOK_TEST_EVENT, data: null }, { lang, timeZone: settings.timezone, employeeName: null })));
  }
  const result = await postWebhook({ url: hook.url, secret, event: WEBHOOK_TEST_EVENT, deliveryId: `test-${randomUUID()}`, body });
  // A receiver on a private or loopback address: only "delivered" or "not delivered" (issue 34.7),
  // never the status or the reason, which would tell an open port from a closed one.
  if (result.outcome === 'delivered') return { status: result.publicAddress ? result.status! : null };
  if (!result.publicAddress && result.reason !== 'linkLocal') throw new AppError('webhooks.testFailed.notDelivered', 502);
  throw new AppError(TEST_FAILURE_MESSAGES[result.reason ?? 'other'], 502, { status: result.status ?? '' });
}
