/**
 * What Settings › Outbox shows and may do (decision 054). Pure: the list's filter from a URL
 * (unknown values fall back, a list URL never fails) and which rows an administrator may act on.
 */
export type OutboxStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'discarded';

/** The screen's tabs: waiting (pending and sending), failed, sent, discarded. */
export type OutboxTab = 'waiting' | 'failed' | 'sent' | 'discarded';
export const OUTBOX_TABS: readonly OutboxTab[] = ['waiting', 'failed', 'sent', 'discarded'];

export const TAB_STATUSES: Record<OutboxTab, readonly OutboxStatus[]> = {
  waiting: ['pending', 'sending'],
  failed: ['failed'],
  sent: ['sent'],
  discarded: ['discarded'],
};

/** Waiting rows oldest first (the order they go out); the others newest first. */
export function tabOrder(tab: OutboxTab): 'oldest' | 'newest' {
  return tab === 'waiting' ? 'oldest' : 'newest';
}

export interface OutboxQuery {
  tab: OutboxTab;
  page: number;
  pageSize: number;
}

export const OUTBOX_PAGE_SIZE = 50;
const PAGE_SIZE_MAX = 100;

export function parseOutboxQuery(params: URLSearchParams): OutboxQuery {
  const asked = params.get('status');
  const tab = OUTBOX_TABS.includes(asked as OutboxTab) ? (asked as OutboxTab) : 'waiting';
  const page = Math.min(1_000_000, Math.max(1, Math.floor(Number(params.get('page'))) || 1));
  const size = Math.floor(Number(params.get('pageSize'))) || OUTBOX_PAGE_SIZE;
  return { tab, page, pageSize: Math.min(PAGE_SIZE_MAX, Math.max(1, size)) };
}

/** Retry: a failed row goes back to pending now (with a fresh series of attempts). */
export function mayRetry(status: OutboxStatus): boolean {
  return status === 'failed';
}

/** Discard: a row not yet delivered and not being delivered right now stops being tried. */
export function mayDiscard(status: OutboxStatus): boolean {
  return status === 'pending' || status === 'failed';
}

/** One row as the API and the screen show it (never the message body). */
export interface OutboxItem {
  _id: number;
  channel: 'email' | 'webhook';
  kind: string;
  recipient: string;
  /** The email's subject; null for webhooks. */
  subject: string | null;
  status: OutboxStatus;
  attempts: number;
  nextAttemptAt: string | null;
  lastError: string | null;
  createdAt: string;
  updatedAt: string;
  sentAt: string | null;
}

export type OutboxCounts = Record<OutboxTab, number>;
