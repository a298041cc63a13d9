import type { Db } from '../connection.ts';

/**
 * Which of `keys` are already in the outbox, whatever their status (decision 056): the scheduled
 * notices skip the work of building a message that the dedupe key would refuse anyway (the
 * monthly summary reads a month of record per employee).
 */
export async function queuedDedupeKeys(db: Db, keys: readonly string[]): Promise<Set<string>> {
  const out = new Set<string>();
  for (let i = 0; i < keys.length; i += 500) {
    const rows = await db
      .selectFrom('outbox')
      .select('dedupeKey')
      .where('dedupeKey', 'in', keys.slice(i, i + 500))
      .execute();
    for (const r of rows) if (r.dedupeKey !== null) out.add(r.dedupeKey);
  }
  return out;
}
