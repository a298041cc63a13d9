import * as v from 'valibot';
import { WEBHOOK_EVENTS } from '../../webhooks/webhook-events.ts';
import { WEBHOOK_FORMATS } from '../../webhooks/webhook-formats.ts';
import { CreateWebhookSchema, UpdateWebhookSchema } from '../../webhooks/webhook-input.ts';
import { contract, MessageAnswer } from '../contract.ts';

/** A webhook as the API answers it, never its secret (`WebhookView`). */
export const WebhookRecord = v.object({
  _id: v.number(),
  companyId: v.pipe(v.nullable(v.number()), v.description('The company whose events it receives; null: every company’s.')),
  url: v.string(),
  description: v.string(),
  events: v.array(v.picklist(WEBHOOK_EVENTS)),
  enabled: v.boolean(),
  createdAt: v.string(),
  updatedAt: v.string(),
  failureStreak: v.pipe(v.number(), v.description('Failed deliveries in a row; 0 after a success.')),
  pausedAt: v.pipe(v.nullable(v.string()), v.description('When the receiver was paused for failing repeatedly; its deliveries wait until resumed.')),
  format: v.pipe(v.picklist(WEBHOOK_FORMATS), v.description('What a delivery posts: the signed event (`jornada`), or a Slack or Microsoft Teams chat message.')),
});

/** One recent delivery of a webhook (from the outbox). */
export const WebhookDeliveryRecord = v.object({
  _id: v.number(),
  event: v.string(),
  status: v.string(),
  attempts: v.number(),
  nextAttemptAt: v.nullable(v.string()),
  lastError: v.nullable(v.string()),
  createdAt: v.string(),
  sentAt: v.nullable(v.string()),
});

export const WebhookListItem = v.object({ ...WebhookRecord.entries, deliveries: v.array(WebhookDeliveryRecord) });

export const WEBHOOK_CONTRACTS = {
  'GET /api/webhooks': contract({
    summary: 'The webhooks with their latest deliveries',
    answer: v.object({ data: v.array(WebhookListItem), total: v.number() }),
  }),
  'POST /api/webhooks': contract({
    summary: 'Register a webhook; the answer carries its signing secret in full, this once',
    body: CreateWebhookSchema,
    answer: v.object({ data: WebhookRecord, secret: v.string(), message: v.string() }),
    status: 201,
  }),
  'PATCH /api/webhooks/{id}': contract({ summary: 'Change a webhook (fields left out stay)', body: UpdateWebhookSchema, answer: v.object({ data: WebhookRecord, message: v.string() }) }),
  'DELETE /api/webhooks/{id}': contract({ summary: 'Delete a webhook and its waiting deliveries', answer: MessageAnswer }),
  'POST /api/webhooks/{id}/secret': contract({ summary: 'The signing secret again (audited)', answer: v.object({ secret: v.string() }), errors: [409] }),
  'POST /api/webhooks/{id}/test': contract({
    summary: 'Send a test event now; 502 with the reason when the receiver did not accept it',
    answer: v.object({ status: v.pipe(v.nullable(v.number()), v.description('The receiver’s HTTP status; null for a receiver on a private address.')), message: v.string() }),
    errors: [409, 502],
  }),
  'POST /api/webhooks/{id}/resume': contract({ summary: 'Resume a paused webhook', answer: v.object({ data: WebhookRecord, message: v.string() }) }),
} as const;
