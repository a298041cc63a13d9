import { OUTBOX_TABS, parseOutboxQuery, TAB_STATUSES, tabOrder, type OutboxCounts, type OutboxItem, type OutboxTab } from '#domain/notifications/outbox-view.ts';
import type { Db } from '../../db/connection.ts';
import { countOutboxByStatus, listOutboxRows } from '../../db/repositories/outbox-admin.ts';

export interface OutboxPage {
  tab: OutboxTab;
  data: OutboxItem[];
  total: number;
  counts: OutboxCounts;
}

/**
 * Settings › Outbox (decision 054): one tab of the outbox (`status` waiting | failed | sent |
 * discarded, `page`, `pageSize`) and the count of every tab. Never the message bodies.
 */
export async function listOutbox(db: Db, params: URLSearchParams): Promise<OutboxPage> {
  const query = parseOutboxQuery(params);
  const { rows, total } = await listOutboxRows(db, {
    statuses: TAB_STATUSES[query.tab],
    order: tabOrder(query.tab),
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  const byStatus = await countOutboxByStatus(db);
  const counts = Object.fromEntries(OUTBOX_TABS.map((tab) => [tab, TAB_STATUSES[tab].reduce((n, s) => n + (byStatus[s] ?? 0), 0)])) as OutboxCounts;
  const data = rows.map((r): OutboxItem => ({
    _id: r.id,
    channel: r.channel,
    kind: r.kind,
    recipient: r.recipient,
    subject: r.subject,
    status: r.status,
    attempts: r.attempts,
    // Only a pending row has a next attempt.
    nextAttemptAt: r.status === 'pending' ? r.nextAttemptAt : null,
    lastError: r.lastError,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    sentAt: r.sentAt,
  }));
  return { tab: query.tab, data, total, counts };
}
