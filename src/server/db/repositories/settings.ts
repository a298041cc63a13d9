import type { Kysely } from 'kysely';
import type { FaceEnablement } from '#domain/biometrics/face-enablement.ts';
import { faceEnablementJson, parseFaceEnablement } from '../stored-formats.ts';
import { settingsFrom, type Settings } from '#domain/settings/settings.ts';
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

const FACE_ENABLEMENT_KEY = 'faceEnablement';

/** The last switch of face recognition (decision 047), or null when nobody switched it here. */
export async function readFaceEnablement(db: Kysely<Database>): Promise<FaceEnablement | null> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', FACE_ENABLEMENT_KEY).executeTakeFirst();
  return row ? parseFaceEnablement(row.value) : null;
}

export async function writeFaceEnablement(db: Kysely<Database>, value: FaceEnablement, at: string): Promise<void> {
  const json = faceEnablementJson(value);
  await db
    .insertInto('settings')
    .values({ key: FACE_ENABLEMENT_KEY, value: json, updatedAt: at })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: json, updatedAt: at }))
    .execute();
}

/** A settings row that is not part of `Settings` (the SMTP server, kept as its own JSON value). */
export async function readSettingValue(db: Kysely<Database>, key: string): Promise<unknown> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  if (!row) return undefined;
  try {
    return JSON.parse(row.value) as unknown;
  } catch {
    return undefined;
  }
}

export async function writeSettingValue(db: Kysely<Database>, key: string, value: unknown, at: string): Promise<void> {
  const json = JSON.stringify(value);
  await db
    .insertInto('settings')
    .values({ key, value: json, updatedAt: at })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: json, updatedAt: at }))
    .execute();
}
