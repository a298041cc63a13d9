import type { Kysely } from 'kysely';

/**
 * Issue 36, point 4 (decision 071): the personal clock keeps punches on the worker's device while
 * the network is down and sends them later, judged like a terminal's (decision 046).
 *
 * - `personal_devices`: one row per (account, device): the random id the browser chose for its
 *   queue, the highest sequence number received from it, a short summary of its browser and when
 *   it was first and last heard from. The account's, not a terminal: nothing pairs it.
 * - `personal_offline_receipts`: the answer given for each (device, sequence number), so a batch
 *   sent twice is answered the same and written once (as `offline_receipts` for terminals).
 * - `clock_conflicts.personal_device_id`: the device of a personal punch that could not be
 *   applied (null for a terminal's); its `terminal_name` holds the device summary.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('personal_devices')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('device', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('last_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('personal_devices_user_device', ['user_id', 'device'])
    .execute();

  await db.schema
    .createTable('personal_offline_receipts')
    .addColumn('device_id', 'integer', (c) => c.notNull().references('personal_devices.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('punch_id', 'integer')
    .addColumn('conflict_id', 'integer')
    .addColumn('time', 'text')
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('personal_offline_receipts_pk', ['device_id', 'seq'])
    .execute();

  await db.schema
    .alterTable('clock_conflicts')
    .addColumn('personal_device_id', 'integer', (c) => c.references('personal_devices.id').onDelete('set null'))
    .execute();
}
