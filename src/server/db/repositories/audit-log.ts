import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';
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

/**
 * Appends one entry (the table refuses updates and deletes). Call inside the writing transaction.
 * On a request made with an API token the entry also names that token (`apiTokenId`, decision
 * 096): the writer is the token, acting for its creator (`userId`).
 */
export async function appendAudit(db: Kysely<Database>, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('auditLog')
    .values({
      at: entry.at ?? nowIso(),
      userId: entry.userId,
      entity: entry.entity,
      entityId: entry.entityId === null ? null : String(entry.entityId),
      action: entry.action,
      before: redact(entry.before),
      after: redact(entry.after),
      reason: entry.reason ?? null,
      apiTokenId: actingTokenId() ?? null,
    })
    .execute();
}
