import { type Kysely, sql } from 'kysely';
import { nowIso } from '../../clock/now.ts';

/**
 * Issue 33 point 1, decision 050 (update): the break rules are effective-dated. One row per
 * change: the date it applies from (`effective_from`, YYYY-MM-DD), the rules as JSON (written
 * and read by `db/stored-formats.ts`), when and by whom. The rules are installation-wide, as the
 * settings are, so there is no company column. The first row carries the values the settings held
 * before, in force from '0000-01-01', so no figure of an existing installation changes.
 * Plain columns and one index: the same on SQLite and PostgreSQL.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('break_rules_history')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('effective_from', 'text', (c) => c.notNull())
    .addColumn('rules', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('break_rules_history_effective_from').on('break_rules_history').columns(['effective_from']).execute();

  // The values the settings hold now (their defaults when never saved), written out: a shipped migration never changes with the code.
  const stored = new Map((await sql<{ key: string; value: string }>`select key, value from settings where key in ('breaksPaid', 'autoBreakAfterMinutes', 'autoBreakMinutes')`.execute(db)).rows.map((r) => [r.key, r.value]));
  const read = (key: string): unknown => {
    try {
      return JSON.parse(stored.get(key) ?? 'null') as unknown;
    } catch {
      return null;
    }
  };
  const paid = read('breaksPaid');
  const after = read('autoBreakAfterMinutes');
  const minutes = read('autoBreakMinutes');
  const rules = {
    autoBreakAfterMinutes: Number.isInteger(after) ? after : 0,
    autoBreakMinutes: Number.isInteger(minutes) ? minutes : 30,
    breaksPaid: typeof paid === 'boolean' ? paid : false,
  };
  await sql`insert into break_rules_history (effective_from, rules, created_at, author_id) values ('0000-01-01', ${JSON.stringify(rules)}, ${nowIso()}, null)`.execute(db);
}
