import { sql, type Kysely, type RawBuilder } from 'kysely';
import { engineOf } from './engine.ts';

/**
 * The text at `key` of a JSON text column, or null when the column is not a JSON object with it:
 * SQLite's json_extract, PostgreSQL's ->> (the stored JSON is written by stored-formats.ts, so a
 * PostgreSQL cast never meets malformed text in rows this reads).
 */
export function jsonTextField<DB>(db: Kysely<DB>, column: string, key: string): RawBuilder<string | null> {
  return engineOf(db) === 'postgres'
    ? sql<string | null>`(${sql.ref(column)}::jsonb ->> ${sql.lit(key)})`
    : sql<string | null>`(case when json_valid(${sql.ref(column)}) then json_extract(${sql.ref(column)}, ${sql.lit(`$.${key}`)}) end)`;
}
