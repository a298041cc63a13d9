import type { Kysely } from 'kysely';
import { settingsFrom, type Settings } from '../../../domain/settings/settings.ts';
import type { Database } from '../schema.ts';

export async function readSettings(db: Kysely<Database>): Promise<Settings> {
  const rows = await db.selectFrom('settings').select(['key', 'value']).execute();
  const stored: Record<string, unknown> = {};
  for (const row of rows) {
    try {
      stored[row.key] = JSON.parse(row.value);
    } catch {
      // A damaged value falls back to its default.
    }
  }
  return settingsFrom(stored);
}

export async function writeSettings(db: Kysely<Database>, values: Partial<Settings>, at: string): Promise<void> {
  for (const [key, value] of Object.entries(values)) {
    await db
      .insertInto('settings')
      .values({ key, value: JSON.stringify(value), updatedAt: at })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(value), updatedAt: at }))
      .execute();
  }
}
