/**
 * Which Jornada can read a backup (decision 079). A backup's manifest records the version that
 * wrote it (`writtenBy`) and its database schema (`schema`: the number of migrations applied to
 * it, `newestMigration` the last one). A Jornada reads every schema up to its own (it upgrades an
 * older one when it starts) and none beyond it: the oldest version that can read a backup is the
 * first whose `jornada --version` shows that schema or a higher one (CHANGELOG.md lists them).
 */

export interface BackupVersion {
  /** The Jornada version that wrote the backup; absent in backups made before decision 079. */
  writtenBy?: string;
  /** Migrations applied to the backup's database. */
  schema: number;
  /** Migrations in the backup that this Jornada does not know (made by a newer version). */
  unknownMigrations: readonly string[];
}

export interface ThisJornada {
  version: string;
  /** The migrations this version knows. */
  schema: number;
}

/** The manifest entries that say who can read a backup (`schema` counted on the backup's own copy). */
export function backupVersionEntries(version: string, appliedMigrations: readonly string[]): Record<string, string> {
  return { writtenBy: version, schema: String(appliedMigrations.length), newestMigration: appliedMigrations.at(-1) ?? '' };
}

/** The manifest's schema number, or undefined when it has none or a malformed one. */
export function manifestSchema(manifest: Readonly<Record<string, string>> | null): number | undefined {
  const text = manifest?.['schema'];
  return text !== undefined && /^\d{1,6}$/.test(text) ? Number(text) : undefined;
}

/**
 * Null when this Jornada can restore the backup; otherwise the operator's sentence saying which
 * version wrote it and what to install. A backup is too new when its schema is beyond this
 * version's, or when it holds migrations this version does not know (also for old backups without
 * a manifest).
 */
export function backupTooNew(backup: BackupVersion, here: ThisJornada): string | null {
  if (backup.schema <= here.schema && backup.unknownMigrations.length === 0) return null;
  const why = backup.unknownMigrations.length > 0 ? `migrations this version does not know: ${backup.unknownMigrations.slice(0, 5).join(', ')}` : `database schema ${backup.schema}`;
  const writer = backup.writtenBy ? `written by Jornada ${backup.writtenBy} with database schema ${backup.schema}; ` : '';
  const install = backup.writtenBy ? `Install Jornada ${backup.writtenBy} or newer` : 'Upgrade Jornada';
  return `was made by a newer version of Jornada (${why}): ${writer}this Jornada ${here.version} reads database schemas up to ${here.schema}. ${install} first, then restore.`;
}
