import type { Db } from '../db/connection.ts';

/** Placeholder until the demo data set lands. */
export async function seedDemoData(_db: Db, _options: { companyId: number; today?: string }): Promise<void> {}
