import { sql, type Kysely } from 'kysely';

/**
 * Issue 36, point 6 (decision 069): the door QR code. `terminals.door_code`: 1 = the paired kiosk
 * shows a QR code that changes every 30 s and lets a worker's personal clock punch on site at this
 * terminal. Off (0) for existing and new terminals; an administrator turns it on per terminal.
 * A plain column added with a default: the same statement on SQLite and PostgreSQL.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('terminals')
    .addColumn('door_code', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`door_code in (0, 1)`),
    )
    .execute();
}
