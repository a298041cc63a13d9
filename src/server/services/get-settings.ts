import type { Settings } from '../../domain/settings/settings.ts';
import type { Db } from '../db/connection.ts';
import { readSettings } from '../db/repositories/settings.ts';

let cached: { at: number; value: Settings } | undefined;
const TTL_MS = 5_000;

/**
 * The instance settings, cached for a few seconds (every page shows the company time zone).
 * Writers call `invalidateSettings()` so a change shows at once.
 */
export async function getSettings(db: Db): Promise<Settings> {
  if (cached && Date.now() - cached.at < TTL_MS) return cached.value;
  const value = await readSettings(db);
  cached = { at: Date.now(), value };
  return value;
}

export function invalidateSettings(): void {
  cached = undefined;
}
