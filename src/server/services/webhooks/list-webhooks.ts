import type { Db } from '../../db/connection.ts';
import { recentWebhookDeliveries } from '../../db/repositories/webhook-deliveries.ts';
import { listWebhooks as listRows } from '../../db/repositories/webhooks.ts';
import type { SessionUser } from '../sign-in/session-user.ts';
import { managedCompany } from '../users/managed-company.ts';
import { webhookView, type WebhookView } from './webhook-view.ts';

/** How many recent deliveries each webhook shows. */
export const RECENT_DELIVERIES = 10;

/** One delivery as the screen shows it (from the outbox). */
export interface WebhookDeliveryView {
  _id: number;
  event: string;
  status: string;
  attempts: number;
  nextAttemptAt: string | null;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
}

export interface WebhookListItem extends WebhookView {
  deliveries: WebhookDeliveryView[];
}

/** The account's webhooks (every one for a SuperAdmin, its company's for an Admin), each with its latest deliveries. */
export async function listWebhooks(db: Db, user: Pick<SessionUser, 'accountType' | 'companyId'>): Promise<WebhookListItem[]> {
  const rows = await listRows(db, managedCompany(user));
  return Promise.all(
    rows.map(async (row) => ({
      ...webhookView(row),
      deliveries: (await recentWebhookDeliveries(db, row.id, RECENT_DELIVERIES)).map((d) => ({
        _id: d.id,
        event: d.kind,
        status: d.status,
        attempts: d.attempts,
        nextAttemptAt: d.nextAttemptAt,
        lastError: d.lastError,
        createdAt: d.createdAt,
        sentAt: d.sentAt,
      })),
    })),
  );
}
