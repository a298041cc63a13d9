/** What the database engines throw, named once for services (decision 059): SQLite's codes and PostgreSQL's SQLSTATEs. */
function codeOf(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null ? (error as { code?: string }).code : undefined;
}

/** A unique constraint refused the write (two writers racing for one key). */
export function isUniqueViolation(error: unknown): boolean {
  const code = codeOf(error);
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}

/** The disk (or the database's quota) is full. */
export function isStorageFull(error: unknown): boolean {
  const code = codeOf(error);
  return code === 'SQLITE_FULL' || code === '53100';
}

/**
 * The text cannot be stored as it is: PostgreSQL refuses NUL characters in text (SQLite keeps
 * them). A request that sends one is refused like any other invalid input.
 */
export function isUnstorableText(error: unknown): boolean {
  const code = codeOf(error);
  return code === '22021' || code === '22P05';
}
