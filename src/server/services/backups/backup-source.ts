import { getDb, getPostgresPool, getSqlite } from '../../db/connection.ts';
import { configuredEngine } from '../../db/engine.ts';
import type { BackupSource } from './create-backup.ts';

/**
 * What this server's backups copy. A feature difference between the engines (decision 061,
 * "Backups"), hence asked here: SQLite's online backup of the file, or on PostgreSQL the database
 * copied into a new SQLite file (the same portable backup file either way).
 */
export async function backupSource(): Promise<BackupSource> {
  if (configuredEngine() === 'sqlite') return getSqlite();
  await getDb();
  return { postgres: getPostgresPool() };
}
