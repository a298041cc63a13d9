/** What the database engines throw, named once for services (decision 059): SQLite's codes and PostgreSQL's SQLSTATEs. */
function codeOf(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null ? (error as { code?: string }).code : undefined;
}

/** A unique constraint refused the write (two writers racing for one key). */
export function isUniqueViolation(error: unknown): boolean {
  const code = codeOf(error);
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}

/**
 * The disk (or the database's quota) is full: SQLite's SQLITE_FULL, PostgreSQL's disk_full
 * (53100), or a file write's ENOSPC (photos, backups); also when it is the cause of another error.
 */
export function isStorageFull(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = codeOf(e);
    if (code === 'SQLITE_FULL' || code === '53100' || code === 'ENOSPC') return true;
  }
  return false;
}

/**
 * The text cannot be stored as it is: PostgreSQL refuses NUL characters in text (SQLite keeps
 * them). A request that sends one is refused like any other invalid input.
 */
export function isUnstorableText(error: unknown): boolean {
  const code = codeOf(error);
  return code === '22021' || code === '22P05';
}
