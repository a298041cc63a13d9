import { sql } from 'kysely';
import type { Db } from '../connection.ts';

/** Reads one page of the schema (cheap, usually cached); returns nothing, throws when the database does not answer. */
export async function probeDatabase(db: Db): Promise<void> {
  await sql`select 1 from sqlite_schema limit 1`.execute(db);
}
