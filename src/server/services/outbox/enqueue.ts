import type { NotificationKind } from '#domain/notifications/notification-kinds.ts';
import { EMAIL_LANE } from '#domain/notifications/outbox-lanes.ts';
import { nowIso } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { insertOutbox } from '../../db/repositories/outbox.ts';
import type { OutboxTable } from '../../db/schema.ts';
import type { EmailContent } from '../../mail/email-content.ts';
import type { SealedEmail } from '../../mail/sealed-email.ts';

export interface OutboxMessage {
  channel: OutboxTable['channel'];
  /** A notification kind or a webhook event. */
  kind: string;
  companyId: number | null;
  recipient: string;
  language?: string | null;
  payload: unknown;
  /** The same key is queued once (e.g. `missingCheckOut:attendance:42:user:7`). */
  dedupeKey?: string;
  /** The queue it waits in; `email` when not given (domain/notifications/outbox-lanes.ts). */
  lane?: string;
}

/**
 * Queues a delivery. Call it inside the transaction that records the event, so the message exists
 * exactly when the event does; the sender delivers it after the commit (`wakeOutbox()` to hurry
 * it). Returns the row id, or null when the dedupe key was already queued.
 */
export function enqueueOutbox(db: Db, message: OutboxMessage): Promise<number | null> {
  return insertOutbox(db, {
    channel: message.channel,
    kind: message.kind,
    companyId: message.companyId,
    dedupeKey: message.dedupeKey ?? null,
    recipient: message.recipient,
    language: message.language ?? null,
    payload: JSON.stringify(message.payload),
    at: nowIso(),
    lane: message.lane ?? EMAIL_LANE,
  });
}

export interface EmailMessage {
  kind: NotificationKind | 'test' | 'invitation' | 'passwordReset';
  companyId: number | null;
  to: string;
  language: string | null;
  /** Sealed when it carries a one-time link (`sealEmail`). */
  content: EmailContent | SealedEmail;
  dedupeKey?: string;
}

/** Queues one email (the outbox `email` channel sends it through the configured SMTP server). */
export function enqueueEmail(db: Db, message: EmailMessage): Promise<number | null> {
  return enqueueOutbox(db, {
    channel: 'email',
    kind: message.kind,
    companyId: message.companyId,
    recipient: message.to,
    language: message.language,
    payload: message.content,
    ...(message.dedupeKey ? { dedupeKey: message.dedupeKey } : {}),
  });
}
