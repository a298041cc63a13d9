import SQLite from 'better-sqlite3';

/**
 * SQL on a database FILE rather than on the server's connection: the backup, the restore and the
 * command line open a file of their own (a backup copy, a file to restore, the live database from
 * another process). Everything they ask of such a file is here, so no SQL lives outside
 * src/server/db (tests/unit/data-access.test.ts).
 */
export type DatabaseFile = SQLite.Database;

/** Opens an existing database file (throws when it is missing or cannot be opened). */
export function openDatabaseFile(file: string, options: { busyTimeoutMs?: number; readonly?: boolean } = {}): DatabaseFile {
  return new SQLite(file, {
    fileMustExist: true,
    ...(options.busyTimeoutMs !== undefined ? { timeout: options.busyTimeoutMs } : {}),
    ...(options.readonly ? { readonly: true } : {}),
  });
}

/** What `PRAGMA integrity_check` finds wrong; empty when the file is sound. */
export function integrityProblems(db: DatabaseFile): string[] {
  return (db.pragma('integrity_check') as { integrity_check: string }[]).map((r) => r.integrity_check).filter((r) => r !== 'ok');
}

/** Switches the file to a rollback journal: one self-contained file, no -wal beside it to lose. */
export function useRollbackJournal(db: DatabaseFile): void {
  db.pragma('journal_mode = DELETE');
}

/** The names of the file's tables. */
export function tableNames(db: DatabaseFile): Set<string> {
  return new Set((db.prepare("select name from sqlite_master where type = 'table'").all() as { name: string }[]).map((r) => r.name));
}

/** The migrations applied to the file, by name. */
export function appliedMigrationNames(db: DatabaseFile): string[] {
  return (db.prepare('select name from schema_migrations order by name').all() as { name: string }[]).map((r) => r.name);
}

/** A setting's stored JSON text, undefined when it is not set. */
export function storedSettingText(db: DatabaseFile, key: string): string | undefined {
  const row = db.prepare('select value from settings where key = ?').get(key) as { value: string } | undefined;
  return row?.value;
}

/**
 * Takes the exclusive lock that only an unused database grants: a running server holds the WAL
 * index open, so SQLite answers SQLITE_BUSY (thrown).
 */
export function lockExclusively(db: DatabaseFile): void {
  db.pragma('locking_mode = EXCLUSIVE');
  db.exec('BEGIN EXCLUSIVE');
  db.exec('COMMIT');
}

/**
 * Marks a restored copy before it takes the database's place: an audit entry naming the source,
 * and no sessions (decision 023: a session ended after the backup was taken must not come back;
 * older backups have no sessions table yet).
 */
export function markRestored(db: DatabaseFile, at: string, source: string, sourceName: string): void {
  db.prepare('insert into audit_log (at, user_id, entity, entity_id, action, after) values (?, null, ?, ?, ?, ?)').run(
    at,
    'backup',
    sourceName,
    'restore',
    JSON.stringify({ source }),
  );
  if (tableNames(db).has('sessions')) db.prepare('delete from sessions').run();
}
