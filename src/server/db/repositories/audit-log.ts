import { AsyncLocalStorage } from 'node:async_hooks';
import type { Insertable, Kysely } from 'kysely';
import type { AuditLogTable, Database } from '../schema.ts';
import { nowIso } from '../../clock/now.ts';
import { actingTokenId } from '../acting-token.ts';

export interface AuditEntry {
  userId: number | null;
  entity: string;
  entityId: string | number | null;
  action: string;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
  at?: string;
}

/** Keys never written to the audit log. */
const SECRET_KEYS = new Set(['passwordHash', 'password', 'pinKey', 'pin', 'descriptor']);

function redact(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  return JSON.stringify(value, (key, v) => (SECRET_KEYS.has(key) ? undefined : v));
}

export type AuditRow = Insertable<AuditLogTable>;

/**
 * While a group commit runs a punch (group-commit.ts), its entries are collected here and inserted
 * for the whole batch at its end, in order, in the same transaction (`insertAuditRows`): one insert
 * per batch instead of one per punch (decision 097). A punch rolled back to its savepoint drops
 * its own collected entries with it.
 */
const collecting = new AsyncLocalStorage<AuditRow[]>();

/** Runs `work` so that appendAudit pushes into `into` instead of inserting (the caller inserts `into` before its commit). */
export function collectAuditAppends<T>(into: AuditRow[], work: () => Promise<T>): Promise<T> {
  return collecting.run(into, work);
}

/** Inserts collected entries, in order. */
export async function insertAuditRows(db: Kysely<Database>, rows: readonly AuditRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('auditLog')
      .values(rows.slice(i, i + 500))
      .execute();
}

/**
 * Appends one entry (the table refuses updates and deletes). Call inside the writing transaction.
 * On a request made with an API token the entry also names that token (`apiTokenId`, decision
 * 096): the writer is the token, acting for its creator (`userId`).
 */
export async function appendAudit(db: Kysely<Database>, entry: AuditEntry): Promise<void> {
  const row = auditRow(entry);
  const into = collecting.getStore();
  if (into) into.push(row);
  else await db.insertInto('auditLog').values(row).execute();
}

function auditRow(entry: AuditEntry): AuditRow {
  return {
    at: entry.at ?? nowIso(),
    userId: entry.userId,
    entity: entry.entity,
    entityId: entry.entityId === null ? null : String(entry.entityId),
    action: entry.action,
    before: redact(entry.before),
    after: redact(entry.after),
    reason: entry.reason ?? null,
    apiTokenId: actingTokenId() ?? null,
  };
}
