import { randomUUID } from 'node:crypto';
import type { WebhookEventOf } from '#domain/webhooks/webhook-payloads.ts';
import { webhookLane } from '#domain/notifications/outbox-lanes.ts';
import type { Db } from '../../db/connection.ts';
import { chatBody, chatText, eventEmployeeId, isChatFormat } from '#domain/webhooks/webhook-formats.ts';
import { isLanguage } from '#i18n/languages.ts';
import { readSettings } from '../../db/repositories/settings.ts';
import { employeeChatName, webhooksOfCompany, webhooksOfEmployee } from '../../db/repositories/webhooks.ts';
import { parseWebhookEvents, type WebhookDelivery } from '../../db/stored-formats.ts';
import { enqueueOutbox } from '../outbox/enqueue.ts';

/**
 * An event for the webhooks (decision 058). Called INSIDE the transaction that records the event,
 * so a delivery is queued exactly when the event happened (a rollback takes it back). One outbox
 * row per subscribed, enabled webhook, all with the same body: `{id, event, occurredAt, data}`,
 * `id` the event's (`evt_` + UUID, the same for every webhook; the delivery id of each is its
 * outbox row's). Returns how many deliveries were queued (the caller wakes the outbox after its
 * commit when any were).
 */
export type WebhookEventInput = WebhookEventOf;

type Hook = { id: number; url: string; events: string; format: string };

async function enqueueFor(trx: Db, hooks: readonly Hook[], companyId: number | null, input: WebhookEventInput, eventId?: string): Promise<number> {
  const subscribed = hooks.filter((h) => parseWebhookEvents(h.events).includes(input.event));
  if (subscribed.length === 0) return 0;
  const id = eventId ?? `evt_${randomUUID()}`;
  const event = JSON.stringify({ id, event: input.event, occurredAt: input.occurredAt, data: input.data });
  const chat = subscribed.some((h) => isChatFormat(h.format)) ? await chatLine(trx, input) : '';
  for (const hook of subscribed) {
    const body = isChatFormat(hook.format) ? JSON.stringify(chatBody(hook.format, chat)) : event;
    await enqueueOutbox(trx, {
      channel: 'webhook',
      kind: input.event,
      companyId,
      recipient: hook.url,
      // Stored as JSON by the outbox; read back by parseWebhookDelivery.
      payload: { webhookId: hook.id, body } satisfies WebhookDelivery,
      dedupeKey: webhookDedupeKey(hook.id, id),
      lane: webhookLane(hook.id),
    });
  }
  return subscribed.length;
}

/** The line a Slack or Teams channel reads: in the company's language and time zone, naming the employee. */
async function chatLine(trx: Db, input: WebhookEventInput): Promise<string> {
  const settings = await readSettings(trx);
  const employeeId = eventEmployeeId(input.data);
  const employeeName = employeeId === null ? null : await employeeChatName(trx, employeeId);
  return chatText(input, { lang: isLanguage(settings.defaultLanguage) ? settings.defaultLanguage : 'es', timeZone: settings.timezone, employeeName });
}

/** The outbox dedupe key of a delivery: it names the webhook, so its recent deliveries can be listed. */
export function webhookDedupeKey(webhookId: number, eventId: string): string {
  return `webhook:${webhookId}:${eventId}`;
}

/**
 * An event of one company (null: of no company). `eventId` makes an event found again by a periodic
 * job (a silent terminal) the same event, so each webhook gets it once (the dedupe key carries it).
 */
export async function emitCompanyWebhookEvent(trx: Db, companyId: number | null, input: WebhookEventInput, eventId?: string): Promise<number> {
  return enqueueFor(trx, await webhooksOfCompany(trx, companyId), companyId, input, eventId);
}

/** Many events of one company at once (an import): the company's webhooks are read once. */
export async function emitCompanyWebhookEvents(trx: Db, companyId: number, inputs: readonly WebhookEventInput[]): Promise<number> {
  if (inputs.length === 0) return 0;
  const hooks = await webhooksOfCompany(trx, companyId);
  if (hooks.length === 0) return 0;
  let queued = 0;
  for (const input of inputs) queued += await enqueueFor(trx, hooks, companyId, input);
  return queued;
}

/** An event about an employee: it belongs to the employee's company (one query). */
export async function emitEmployeeWebhookEvent(trx: Db, employeeId: number, input: WebhookEventInput): Promise<number> {
  const hooks = await webhooksOfEmployee(trx, employeeId);
  if (hooks.length === 0) return 0;
  return enqueueFor(trx, hooks, hooks[0]!.employeeCompanyId, input);
}
