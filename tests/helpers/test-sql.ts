import Database from 'better-sqlite3';
import path from 'node:path';

/**
 * Runs one SQL statement against a test server's database file (its own connection, waiting up to
 * 5 s for the server's locks): rows for a query, `[]` for a write.
 */
export function sqlIn<T>(dataDir: string, text: string, ...params: unknown[]): T[] {
  const handle = new Database(path.join(dataDir, 'jornada.db'));
  handle.pragma('busy_timeout = 5000');
  try {
    const statement = handle.prepare(text);
    return (statement.reader ? statement.all(...params) : (statement.run(...params), [])) as T[];
  } finally {
    handle.close();
  }
}
