/**
 * What a complete backup holds besides the database (decision 039): `config.json` (the instance
 * secrets) and every file under `uploads/`, by path relative to DATA_DIR with forward slashes.
 * A path read back from a backup is trusted only when it passes `isRestorablePath`, so a crafted
 * file cannot write outside DATA_DIR/uploads.
 */
export const CONFIG_PATH = 'config.json';
export const UPLOADS_PREFIX = 'uploads/';
/** The manifest's format value of a complete backup. */
export const BACKUP_FORMAT = '2';

export function isRestorablePath(p: string): boolean {
  if (p === CONFIG_PATH) return true;
  if (!p.startsWith(UPLOADS_PREFIX) || p.length > 1024 || p.includes('\\') || p.includes('\0')) return false;
  const parts = p.slice(UPLOADS_PREFIX.length).split('/');
  return parts.length > 0 && parts.every((s) => s !== '' && s !== '.' && s !== '..');
}

/** Whether an uploads file is skipped by a backup: files being written (`*.tmp`, renamed when complete). */
export function isTransientUpload(name: string): boolean {
  return name.endsWith('.tmp');
}

/** The permission bits restored for a file: as recorded, but never readable by others (0600 at most for files). */
export function restoredMode(mode: number): number {
  return mode & 0o700 ? mode & 0o700 : 0o600;
}
