import type { WebhookEvent } from '#domain/webhooks/webhook-events.ts';
import { WEBHOOK_FORMATS, type WebhookFormat } from '#domain/webhooks/webhook-formats.ts';
import { parseWebhookEvents } from '../../db/stored-formats.ts';

/** A webhook as the API answers it (never its secret). */
export interface WebhookView {
  _id: number;
  companyId: number | null;
  url: string;
  description: string;
  events: WebhookEvent[];
  enabled: boolean;
  createdAt: string;
  updatedAt: string;
  /** Failed deliveries in a row (0 after a success), and when the receiver was paused (decision 094). */
  failureStreak: number;
  pausedAt: string | null;
  /** What a delivery posts (issue 41.5). */
  format: WebhookFormat;
}

export function webhookView(row: {
  id: number;
  companyId: number | null;
  url: string;
  description: string;
  events: string;
  enabled: number;
  createdAt: string;
  updatedAt: string;
  failureStreak: number;
  pausedAt: string | null;
  format: string;
}): WebhookView {
  return {
    _id: row.id,
    companyId: row.companyId,
    url: row.url,
    description: row.description,
    events: parseWebhookEvents(row.events),
    enabled: row.enabled === 1,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    failureStreak: row.failureStreak,
    pausedAt: row.pausedAt,
    format: (WEBHOOK_FORMATS as readonly string[]).includes(row.format) ? (row.format as WebhookFormat) : 'jornada',
  };
}
