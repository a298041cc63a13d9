import SQLite from 'better-sqlite3';
import { SECRETS_FINGERPRINT } from './repositories/instance-meta.ts';

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
 * older backups have no sessions table yet), nor sign-in ceremonies under way (decision 093: a
 * second-factor ticket or passkey challenge of the backup's time must not be usable again).
 */
export function markRestored(db: DatabaseFile, at: string, source: string, sourceName: string): void {
  db.prepare('insert into audit_log (at, user_id, entity, entity_id, action, after) values (?, null, ?, ?, ?, ?)').run(at, 'backup', sourceName, 'restore', JSON.stringify({ source }));
  const tables = tableNames(db);
  if (tables.has('sessions')) db.prepare('delete from sessions').run();
  if (tables.has('auth_challenges')) db.prepare('delete from auth_challenges').run();
}

/*
 * The contents of a complete backup (decision 039). A backup file is an SQLite copy of the
 * database plus two tables added to the COPY only (never to the live database): the files of
 * DATA_DIR it restores (config.json and everything under uploads/) and a manifest. Restore reads
 * them back and drops them before the copy becomes the database.
 */
const CONTENT_TABLE = 'jornada_backup_files';
const MANIFEST_TABLE = 'jornada_backup_manifest';

export interface BackupFileRow {
  /** Relative to DATA_DIR, with forward slashes: `config.json` or `uploads/…`. */
  path: string;
  mode: number;
  bytes: number;
  sha256: string;
  content: Buffer;
}

/** Prepares a fresh copy for its contents: one self-contained file, no syncing per batch (the whole file is fsynced once at the end). */
export function prepareBackupContents(db: DatabaseFile): void {
  useRollbackJournal(db);
  db.pragma('synchronous = OFF');
  db.exec(`create table ${CONTENT_TABLE} (path text primary key, mode integer not null, bytes integer not null, sha256 text not null, content blob not null)`);
  db.exec(`create table ${MANIFEST_TABLE} (key text primary key, value text not null)`);
}

/** Adds files to a copy, in one transaction. */
export function insertBackupFiles(db: DatabaseFile, rows: readonly BackupFileRow[]): void {
  const insert = db.prepare(`insert into ${CONTENT_TABLE} (path, mode, bytes, sha256, content) values (?, ?, ?, ?, ?)`);
  db.transaction(() => {
    for (const r of rows) insert.run(r.path, r.mode, r.bytes, r.sha256, r.content);
  })();
}

export function writeBackupManifest(db: DatabaseFile, entries: Record<string, string>): void {
  const insert = db.prepare(`insert or replace into ${MANIFEST_TABLE} (key, value) values (?, ?)`);
  db.transaction(() => {
    for (const [key, value] of Object.entries(entries)) insert.run(key, value);
  })();
}

/** The manifest of a complete backup; null for a database-only file (made before decision 039). */
export function readBackupManifest(db: DatabaseFile): Record<string, string> | null {
  const tables = tableNames(db);
  if (!tables.has(MANIFEST_TABLE)) return null;
  const rows = db.prepare(`select key, value from ${MANIFEST_TABLE}`).all() as { key: string; value: string }[];
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

/** The files in a backup, one at a time (a large uploads folder is never all in memory). */
export function* backupFileRows(db: DatabaseFile): Generator<BackupFileRow> {
  if (!tableNames(db).has(CONTENT_TABLE)) return;
  yield* db.prepare(`select path, mode, bytes, sha256, content from ${CONTENT_TABLE} order by path`).iterate() as Iterable<BackupFileRow>;
}

/** Drops the contents tables from a copy about to become the database, and gives their space back. */
export function dropBackupContents(db: DatabaseFile): void {
  const tables = tableNames(db);
  if (!tables.has(CONTENT_TABLE) && !tables.has(MANIFEST_TABLE)) return;
  db.exec(`drop table if exists ${CONTENT_TABLE}`);
  db.exec(`drop table if exists ${MANIFEST_TABLE}`);
  db.exec('vacuum');
}

/** The secrets fingerprint recorded in a database file (migration 0014); null when it has none. */
export function storedSecretsFingerprint(db: DatabaseFile): string | null {
  if (!tableNames(db).has('instance_meta')) return null;
  const row = db.prepare('select value from instance_meta where key = ?').get(SECRETS_FINGERPRINT) as { value: string } | undefined;
  return row?.value ?? null;
}

/** Forgets the fingerprint, so the next start adopts the config.json then in place. */
export function forgetSecretsFingerprint(db: DatabaseFile): void {
  if (tableNames(db).has('instance_meta')) db.prepare('delete from instance_meta where key = ?').run(SECRETS_FINGERPRINT);
}

/** A PIN cleared by `restore --reset-pins`: a key no HMAC (64 hex digits) can ever equal. */
const CLEARED_PIN = "'reset:' || lower(hex(randomblob(16)))";

/** Whether any employee has a PIN (a cleared one does not count). */
export function hasEmployeePins(db: DatabaseFile): boolean {
  return db.prepare("select 1 from employees where pin_key not like 'reset:%' limit 1").get() !== undefined;
}

/**
 * Clears every employee's PIN (`restore --reset-pins`): the stored key becomes one no PIN can
 * match, so every employee needs a new PIN; one audit entry records it. Returns how many.
 */
export function clearEmployeePins(db: DatabaseFile, at: string, source: string): number {
  return db.transaction(() => {
    const { changes } = db.prepare(`update employees set pin_key = ${CLEARED_PIN} where pin_key not like 'reset:%'`).run();
    db.prepare('insert into audit_log (at, user_id, entity, entity_id, action, after) values (?, null, ?, null, ?, ?)').run(
      at,
      'employee',
      'reset-pins',
      JSON.stringify({ employees: changes, reason: 'restore --reset-pins', source }),
    );
    return changes;
  })();
}

/** The first company's creation instant (ms precision): the same in every copy of one instance, a rename aside. */
export function firstCompanyStamp(db: DatabaseFile): string | null {
  const row = db.prepare('select id, created_at from companies order by id limit 1').get() as { id: number; created_at: string } | undefined;
  return row ? `${row.id} ${row.created_at}` : null;
}
