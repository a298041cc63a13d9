import { randomBytes } from 'node:crypto';
import { chmodSync, closeSync, copyFileSync, existsSync, openSync, readdirSync, readSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_BACKUP_KEEP } from '#domain/backups/backup-rules.ts';
import { backupTooNew, manifestSchema } from '#domain/backups/backup-version.ts';
import pkg from '#package.json';
import { restoreSecretsVerdict, type RestoreSecretsVerdict } from '#domain/backups/restore-secrets.ts';
import { pinPepperOf, secretsFingerprint } from '../../config/instance-config.ts';
import { nowIso } from '../../clock/now.ts';
import { acquireDataDirLock, DataDirLocked } from '../../db/data-dir-lock.ts';
import { dataDir } from '../../config/data-dir.ts';
import {
  appliedMigrationNames,
  clearEmployeePins,
  dropBackupContents,
  firstCompanyStamp,
  forgetSecretsFingerprint,
  hasEmployeePins,
  storedSecretsFingerprint,
  integrityProblems,
  lockExclusively,
  markRestored,
  openDatabaseFile,
  readBackupManifest,
  storedSettingText,
  tableNames,
  useRollbackJournal,
  type DatabaseFile,
} from '../../db/database-file.ts';
import { migrations } from '../../db/migrations/index.ts';
import { configuredEngine } from '../../db/engine.ts';
import { checkBackupContents, currentConfigText, extractUploads, type BackupContents } from './backup-contents.ts';
import { fsyncPath } from './backup-files.ts';
import { createBackup, operatorMessage } from './create-backup.ts';

/** A restore that was refused or failed; `message` is for the operator, nothing was changed. */
export class RestoreRefused extends Error {
  override name = 'RestoreRefused';
}

const SQLITE_HEADER = Buffer.from('SQLite format 3\0', 'latin1');
/** Tables every Jornada database has had since its first migration. */
const JORNADA_TABLES = ['schema_migrations', 'companies', 'users', 'roles', 'settings', 'audit_log'];

function hasSqliteHeader(file: string): boolean {
  const fd = openSync(file, 'r');
  try {
    const head = Buffer.alloc(SQLITE_HEADER.length);
    return readSync(fd, head, 0, head.length, 0) === head.length && head.equals(SQLITE_HEADER);
  } finally {
    closeSync(fd);
  }
}

/**
 * Checks a copy of the file to restore: an SQLite database that passes `integrity_check`, made by
 * Jornada (its migration table and tables), with no migration this version does not know.
 * Returns the applied migrations and the version that wrote it. Also switches the copy to a rollback journal, so it is one
 * self-contained file when it takes the database's place.
 */
function inspectCandidate(staging: string, shown: string): { applied: string[]; writtenBy: string | undefined } {
  const notJornada = () => new RestoreRefused(`${shown} is an SQLite database but not a Jornada database (no Jornada tables).`);
  let db: DatabaseFile;
  try {
    db = openDatabaseFile(staging);
  } catch (error) {
    throw new RestoreRefused(`${shown} cannot be opened as an SQLite database: ${operatorMessage(error)}`);
  }
  try {
    let problems: string[];
    try {
      problems = integrityProblems(db);
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'SQLITE_NOTADB') throw new RestoreRefused(`${shown} is not an SQLite database.`);
      throw new RestoreRefused(`${shown} fails the integrity check: ${operatorMessage(error)}`);
    }
    if (problems.length > 0) throw new RestoreRefused(`${shown} fails the integrity check (${problems.slice(0, 3).join('; ')}).`);
    const tables = tableNames(db);
    if (!JORNADA_TABLES.every((t) => tables.has(t))) throw notJornada();
    const applied = appliedMigrationNames(db);
    if (!applied.includes(migrations[0]![0])) throw notJornada();
    const known = new Set(migrations.map(([name]) => name));
    // An older Jornada refuses a newer backup here, before anything is changed (decision 079).
    const manifest = readBackupManifest(db);
    const tooNew = backupTooNew(
      { writtenBy: manifest?.['writtenBy'], schema: Math.max(applied.length, manifestSchema(manifest) ?? 0), unknownMigrations: applied.filter((name) => !known.has(name)) },
      { version: pkg.version, schema: migrations.length },
    );
    if (tooNew) throw new RestoreRefused(`${shown} ${tooNew} Nothing was changed.`);
    useRollbackJournal(db);
    return { applied, writtenBy: manifest?.['writtenBy'] };
  } finally {
    db.close();
  }
}

/** The backup count setting stored in a database (its default when absent or unreadable). */
export function storedBackupKeep(db: DatabaseFile): number {
  try {
    const text = storedSettingText(db, 'backupKeep');
    const value = text !== undefined ? Number(JSON.parse(text)) : Number.NaN;
    return Number.isInteger(value) && value > 0 ? value : DEFAULT_BACKUP_KEEP;
  } catch {
    return DEFAULT_BACKUP_KEEP;
  }
}

/**
 * Takes the lock on the current database that only an unused database grants (a running server
 * holds the WAL index open, so SQLite answers "busy"), makes a verified safety backup of it, and
 * closes it (which moves its WAL into the file and removes the WAL). Returns the safety backup, or
 * a line explaining why there is none. Throws RestoreRefused when the database is in use.
 */
async function secureCurrentDatabase(target: string): Promise<{ line: string; safe: boolean }> {
  if (!existsSync(target)) return { line: 'There was no database yet: no safety backup needed.', safe: false };
  let db: DatabaseFile | undefined;
  try {
    db = openDatabaseFile(target, { busyTimeoutMs: 250 });
    lockExclusively(db);
  } catch (error) {
    db?.close();
    if ((error as { code?: string }).code === 'SQLITE_BUSY') {
      throw new RestoreRefused(`The database ${target} is in use: is the Jornada server running? Stop the service first (for example "sudo systemctl stop jornada"), then run restore again.`);
    }
    return { line: copyDamaged(target, error), safe: false };
  }
  try {
    const backup = await createBackup(db, { keep: storedBackupKeep(db), trigger: 'restore' });
    return { line: `Safety backup of the current database: ${backup.file} (with the photos and config.json)`, safe: true };
  } catch (error) {
    db.close();
    db = undefined;
    return { line: copyDamaged(target, error), safe: false };
  } finally {
    db?.close();
  }
}

/** The current database cannot be backed up (damaged): its files are copied as they are, under a name retention never deletes. */
function copyDamaged(target: string, error: unknown): string {
  const stamp = nowIso().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  const dir = path.join(path.dirname(target), 'backups');
  const copy = path.join(dir, `damaged-${stamp}.db`);
  copyFileSync(target, copy);
  for (const suffix of ['-wal', '-journal']) {
    if (existsSync(target + suffix)) copyFileSync(target + suffix, copy + suffix);
  }
  return `The current database could not be backed up (${operatorMessage(error)}); its files were copied as they are to ${copy}`;
}

/** What restore learns from the current DATA_DIR before it changes anything (read-only; nulls when unreadable). */
function currentInstance(target: string): { stamp: string | null; fingerprint: string | null } {
  if (!existsSync(target)) return { stamp: null, fingerprint: null };
  let db: DatabaseFile | undefined;
  try {
    db = openDatabaseFile(target, { readonly: true, busyTimeoutMs: 250 });
    return { stamp: firstCompanyStamp(db), fingerprint: storedSecretsFingerprint(db) };
  } catch {
    return { stamp: null, fingerprint: null };
  } finally {
    db?.close();
  }
}

const fingerprintOfText = (text: string | null): string | null => {
  const pepper = text === null ? undefined : pinPepperOf(text);
  return pepper === undefined ? null : secretsFingerprint(pepper);
};

/**
 * Checks the backup's contents and decides about its PINs (decision 039), before anything is
 * touched. Throws RestoreRefused with the reason and what to do.
 */
function inspectSecrets(
  staging: string,
  shown: string,
  target: string,
  resetPins: boolean,
): { contents: BackupContents; verdict: RestoreSecretsVerdict & { ok: true }; databaseFingerprint: string | null; secretsFingerprint: string | null } {
  const db = openDatabaseFile(staging);
  try {
    let contents: BackupContents;
    try {
      contents = checkBackupContents(db);
    } catch (error) {
      throw new RestoreRefused(`${shown} is damaged: ${operatorMessage(error)}`);
    }
    if (contents.complete && (contents.config === null || fingerprintOfText(contents.config.toString('utf8')) === null)) {
      throw new RestoreRefused(`${shown} is damaged: its config.json is missing or has no PIN pepper.`);
    }
    const current = currentConfigText();
    const secrets = contents.complete ? fingerprintOfText(contents.config!.toString('utf8')) : fingerprintOfText(current);
    const databaseFingerprint = storedSecretsFingerprint(db);
    const live = currentInstance(target);
    const stamp = firstCompanyStamp(db);
    const verdict = restoreSecretsVerdict({
      backupHasSecrets: contents.complete,
      databaseFingerprint,
      secretsFingerprint: secrets,
      hasPins: hasEmployeePins(db),
      sameInstance: stamp !== null && stamp === live.stamp && live.fingerprint !== null && live.fingerprint === fingerprintOfText(current),
      resetPins,
    });
    if (!verdict.ok) {
      const why = contents.complete
        ? `its config.json is not the one its PINs were made with, so no employee PIN would match`
        : current === null
          ? `it holds the database only, and ${dataDir()} has no config.json with the secrets its PINs were made with`
          : verdict.reason === 'mismatch'
            ? `it holds the database only, and the current ${path.join(dataDir(), 'config.json')} is not the one its PINs were made with, so no employee PIN would match`
            : `it holds the database only (made before backups included the instance secrets), and nothing shows that the current ${path.join(dataDir(), 'config.json')} is the one its PINs were made with`;
      const fix = contents.complete ? 'Restore an older backup made while the server had the right config.json' : `Put that instance's config.json into ${dataDir()} and run restore again`;
      throw new RestoreRefused(`${shown}: ${why}. Nothing was changed. ${fix}, or run "restore ${shown} --reset-pins" to clear every PIN (employees then need new PINs).`);
    }
    return { contents, verdict, databaseFingerprint, secretsFingerprint: secrets };
  } finally {
    db.close();
  }
}

/**
 * Removes what an interrupted restore left in DATA_DIR (its temporary copy and upload folders).
 * Called once the current database is secured, so no server is running; a replaced uploads
 * folder is only ever named `.uploads.replaced-*` when a safety backup holds its files.
 */
function removeLeftovers(dir: string, tag: string): void {
  for (const name of readdirSync(dir)) {
    if (!/^\.(jornada\.db|uploads)\.(restore|replaced)-[0-9a-f]{8}\.tmp(-wal|-shm|-journal)?$/.test(name) || name.includes(tag)) continue;
    rmSync(path.join(dir, name), { recursive: true, force: true });
  }
}

/** Writes config.json from the backup (0600): temporary file, flushed, renamed. */
function putBackConfig(dir: string, bytes: Buffer): void {
  const file = path.join(dir, 'config.json');
  const temp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(temp, bytes, { mode: 0o600 });
  chmodSync(temp, 0o600);
  fsyncPath(temp);
  renameSync(temp, file);
}

export interface RestoreOptions {
  /** `--reset-pins`: clear every PIN (employees get new ones) instead of refusing mismatched secrets. */
  resetPins?: boolean;
}

/**
 * `restore FILE [--reset-pins]` (offline: the server must be stopped). Refuses, changing nothing,
 * a file that is not an SQLite database, not a Jornada database, from a newer version, failing the
 * integrity check, with damaged contents, or whose instance secrets do not match its PINs (unless
 * `resetPins`). Otherwise: a complete safety backup of the current state; the uploads are
 * extracted to a temporary folder; the checked copy (contents tables dropped, sessions ended, PINs
 * cleared when asked) replaces `DATA_DIR/jornada.db` by rename (after any -wal/-shm/-journal of the
 * old file is gone, so no old log is ever applied to the new file); config.json and the uploads
 * folder are put back by rename. Returns lines describing what was done.
 */
export async function restoreDatabase(source: string, options: RestoreOptions = {}): Promise<string[]> {
  const shown = path.resolve(source);
  // A restore replaces DATA_DIR/jornada.db; a PostgreSQL installation takes a backup through migrate-to-postgres (decision 061).
  if (configuredEngine() === 'postgres') {
    throw new RestoreRefused(
      'This installation uses PostgreSQL (DATABASE_URL is set): restore restores SQLite installations only. To put a backup into PostgreSQL, ' +
        'restore it without DATABASE_URL into an empty DATA_DIR (`DATA_DIR=/tmp/restore jornada restore FILE`), then copy it into a new, empty ' +
        'database with `DATA_DIR=/tmp/restore jornada migrate-to-postgres postgres://…` and point DATABASE_URL at that database.',
    );
  }
  if (!existsSync(shown) || !statSync(shown).isFile()) throw new RestoreRefused(`${shown} does not exist or is not a file.`);
  if (!hasSqliteHeader(shown)) throw new RestoreRefused(`${shown} is not an SQLite database.`);
  const dir = dataDir();
  const target = path.join(dir, 'jornada.db');
  if (shown === target) throw new RestoreRefused(`${shown} is the current database itself; restore a backup file instead.`);

  const tag = randomBytes(4).toString('hex');
  const staging = path.join(dir, `.jornada.db.restore-${tag}.tmp`);
  const newUploads = path.join(dir, `.uploads.restore-${tag}.tmp`);
  const cleanup = () => {
    for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(staging + suffix, { force: true });
    rmSync(newUploads, { recursive: true, force: true });
  };
  try {
    copyFileSync(shown, staging);
    chmodSync(staging, 0o600);
    const { applied, writtenBy } = inspectCandidate(staging, shown);
    const { contents, verdict, databaseFingerprint, secretsFingerprint: secrets } = inspectSecrets(staging, shown, target, options.resetPins === true);
    const lines = [
      `Checked ${shown}: a Jornada database (${applied.length} migrations${writtenBy ? `, written by Jornada ${writtenBy}` : ''}), integrity ok` +
        (contents.complete ? `, ${contents.uploads} uploaded file(s) and config.json intact.` : '; it holds the database only (no photos, no config.json).'),
    ];
    // After the checks (a refused file leaves DATA_DIR as it was), before anything is replaced;
    // held until the command exits, so no server can start while the files are swapped.
    try {
      acquireDataDirLock(dir);
    } catch (error) {
      if (!(error instanceof DataDirLocked)) throw error;
      throw new RestoreRefused(`A Jornada server${error.pid ? ` (pid ${error.pid})` : ''} is running on DATA_DIR ${dir}: stop the service first. Nothing was changed.`);
    }
    const safety = await secureCurrentDatabase(target);
    lines.push(safety.line);
    removeLeftovers(dir, tag);

    if (contents.complete) {
      const note = openDatabaseFile(staging);
      try {
        extractUploads(note, newUploads);
        dropBackupContents(note);
      } finally {
        note.close();
      }
    }
    const note = openDatabaseFile(staging);
    try {
      // An audit entry, no sessions and no sign-in under way: everyone signs in again (decisions 023, 093).
      markRestored(note, nowIso(), shown, path.basename(shown));
      if (verdict.resetPins) {
        const cleared = clearEmployeePins(note, nowIso(), shown);
        lines.push(`PINs reset: ${cleared} employee(s) have no PIN now; set new ones under Employees (recorded in the audit log).`);
      }
      // Unless the recorded fingerprint is that of the secrets now in force, the next start adopts them.
      if (databaseFingerprint !== null && (verdict.resetPins || databaseFingerprint !== secrets)) forgetSecretsFingerprint(note);
    } finally {
      note.close();
    }
    fsyncPath(staging);

    // The swap: config.json, then the uploads folder, then the database (each a rename).
    if (contents.complete) {
      // Without a safety backup (no current database), the config.json it replaces is kept aside.
      const currentConfig = path.join(dir, 'config.json');
      if (!safety.safe && existsSync(currentConfig)) {
        const kept = `${currentConfig}.before-restore-${tag}`;
        copyFileSync(currentConfig, kept);
        chmodSync(kept, 0o600);
        lines.push(`The previous config.json was kept as ${kept}.`);
      }
      putBackConfig(dir, contents.config!);
      lines.push(`Put back ${path.join(dir, 'config.json')} (instance secrets, mode 0600).`);
    }
    const uploads = path.join(dir, 'uploads');
    let oldUploads: string | undefined;
    if (contents.complete) {
      if (existsSync(uploads)) {
        oldUploads = safety.safe ? path.join(dir, `.uploads.replaced-${tag}.tmp`) : path.join(dir, `uploads-before-restore-${nowIso().replace(/[-:]/g, '').replace('T', '-').slice(0, 15)}`);
        renameSync(uploads, oldUploads);
      }
      renameSync(newUploads, uploads);
    }
    for (const suffix of ['-wal', '-shm', '-journal']) rmSync(target + suffix, { force: true });
    renameSync(staging, target);
    fsyncPath(dir);
    if (contents.complete) {
      lines.push(`Put back ${contents.uploads} uploaded file(s) in ${uploads}.`);
      // The replaced photos are inside the safety backup; without one they are kept aside.
      if (oldUploads && safety.safe) rmSync(oldUploads, { recursive: true, force: true });
      else if (oldUploads) lines.push(`The previous uploads folder was kept as ${oldUploads}.`);
    } else {
      lines.push('Photos (uploads) and config.json were left as they are: this backup does not contain them.');
    }
    lines.push(`Restored ${shown} to ${target}.`);
    const pending = migrations.length - applied.length;
    if (pending > 0) lines.push(`It is from an older version: ${pending} migration(s) will be applied when the server starts.`);
    lines.push('Start the service again (for example "sudo systemctl start jornada").');
    return lines;
  } catch (error) {
    cleanup();
    if (error instanceof RestoreRefused) throw error;
    throw new RestoreRefused(`Restore failed, the current database was not replaced: ${operatorMessage(error)}`);
  }
}
