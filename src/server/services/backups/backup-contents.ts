import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { lstat, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { BACKUP_FORMAT, CONFIG_PATH, isRestorablePath, isTransientUpload, restoredMode, UPLOADS_PREFIX } from '#domain/backups/backup-contents.ts';
import { backupVersionEntries } from '#domain/backups/backup-version.ts';
import pkg from '#package.json';
import { dataDir } from '../../config/data-dir.ts';
import {
  appliedMigrationNames,
  backupFileRows,
  insertBackupFiles,
  openDatabaseFile,
  prepareBackupContents,
  readBackupManifest,
  writeBackupManifest,
  type BackupFileRow,
  type DatabaseFile,
} from '../../db/database-file.ts';

/** Bytes gathered before a batch is written into the copy: small enough that each write is a short pause. */
const BATCH_BYTES = 4 * 1024 * 1024;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Every regular file under DATA_DIR/uploads (relative, forward slashes); symlinks and files being written are skipped. */
async function uploadFiles(root: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (dir: string, rel: string) => {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const e of entries) {
      if (e.isDirectory()) await walk(path.join(dir, e.name), `${rel}${e.name}/`);
      else if (e.isFile() && !isTransientUpload(e.name)) found.push(`${rel}${e.name}`);
    }
  };
  await walk(root, UPLOADS_PREFIX);
  return found.sort();
}

async function readRow(base: string, rel: string): Promise<BackupFileRow | undefined> {
  const file = path.join(base, ...rel.split('/'));
  try {
    const [stat, content] = [await lstat(file), await readFile(file)];
    return { path: rel, mode: stat.mode & 0o777, bytes: content.length, sha256: sha256(content), content };
  } catch (error) {
    // Deleted between the listing and the read (a photo removed meanwhile): not part of this backup.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Adds DATA_DIR's config.json and uploads to a fresh database copy (not yet renamed to a backup
 * name), in batches of ~4 MB with the event loop free between them (files are read on the thread
 * pool), then its manifest (with the version that wrote it and the copy's schema). Returns the number of files and their bytes.
 */
export async function addContentsToCopy(copy: string, createdAt: string): Promise<{ files: number; uploads: number; bytes: number }> {
  const base = dataDir();
  const db = openDatabaseFile(copy);
  try {
    prepareBackupContents(db);
    const names = [...(existsSync(path.join(base, CONFIG_PATH)) ? [CONFIG_PATH] : []), ...(await uploadFiles(path.join(base, 'uploads')))];
    let batch: BackupFileRow[] = [];
    let batchBytes = 0;
    let files = 0;
    let bytes = 0;
    for (const rel of names) {
      const row = await readRow(base, rel);
      if (!row) continue;
      batch.push(row);
      batchBytes += row.bytes;
      files++;
      bytes += row.bytes;
      if (batchBytes >= BATCH_BYTES) {
        insertBackupFiles(db, batch);
        batch = [];
        batchBytes = 0;
      }
    }
    insertBackupFiles(db, batch);
    // Who wrote it and its schema (its own migrations: a pre-migration backup has the older ones), decision 079.
    writeBackupManifest(db, { format: BACKUP_FORMAT, createdAt, files: String(files), bytes: String(bytes), ...backupVersionEntries(pkg.version, appliedMigrationNames(db)) });
    return { files, uploads: files - (names[0] === CONFIG_PATH ? 1 : 0), bytes };
  } finally {
    db.close();
  }
}

export interface BackupContents {
  /** A complete backup (database, config.json, uploads); false for a database-only file. */
  complete: boolean;
  /** The backup's config.json, when it has one. */
  config: Buffer | null;
  uploads: number;
  uploadBytes: number;
}

/**
 * Reads and checks the contents of a backup copy: every file's size and SHA-256, allowed paths
 * only, and as many files as the manifest says. Throws a one-line reason when anything is off.
 */
export function checkBackupContents(db: DatabaseFile): BackupContents {
  const manifest = readBackupManifest(db);
  if (manifest === null) return { complete: false, config: null, uploads: 0, uploadBytes: 0 };
  if (manifest['format'] !== BACKUP_FORMAT) throw new Error(`unknown backup format ${JSON.stringify(manifest['format'])} (made by a newer version of Jornada?)`);
  let config: Buffer | null = null;
  let files = 0;
  let uploads = 0;
  let uploadBytes = 0;
  for (const row of backupFileRows(db)) {
    if (!isRestorablePath(row.path)) throw new Error(`it holds a file outside DATA_DIR/uploads (${JSON.stringify(row.path.slice(0, 80))})`);
    if (row.content.length !== row.bytes || sha256(row.content) !== row.sha256) throw new Error(`the copy of ${row.path} is damaged (size or checksum differs)`);
    files++;
    if (row.path === CONFIG_PATH) config = row.content;
    else {
      uploads++;
      uploadBytes += row.bytes;
    }
  }
  if (String(files) !== manifest['files']) throw new Error(`it holds ${files} files but was written with ${manifest['files']}`);
  return { complete: true, config, uploads, uploadBytes };
}

/** Writes a backup's uploads into `dest` (a fresh folder, swapped in by the caller), files 0600 and folders 0700. */
export function extractUploads(db: DatabaseFile, dest: string): number {
  mkdirSync(dest, { recursive: true, mode: 0o700 });
  let n = 0;
  for (const row of backupFileRows(db)) {
    if (row.path === CONFIG_PATH || !isRestorablePath(row.path)) continue;
    const file = path.join(dest, ...row.path.slice(UPLOADS_PREFIX.length).split('/'));
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    writeFileSync(file, row.content, { mode: restoredMode(row.mode), flag: 'wx' });
    n++;
  }
  return n;
}

/** The current config.json's text, or null when there is none. */
export function currentConfigText(): string | null {
  const file = path.join(dataDir(), CONFIG_PATH);
  return existsSync(file) ? readFileSync(file, 'utf8') : null;
}
