import Database from 'better-sqlite3';
import path from 'node:path';
import { postgresSql, testDatabaseOf } from './test-database.ts';

/**
 * Runs one SQL statement against a test server's database (its own connection, waiting up to
 * 5 s for the server's locks): rows for a query or a RETURNING, `[]` for a write. On PostgreSQL
 * (JORNADA_TEST_POSTGRES) through psql; write the SQL both engines read.
 */
export function sqlIn<T>(dataDir: string, text: string, ...params: unknown[]): T[] {
  const url = testDatabaseOf(dataDir);
  if (url) return postgresSql<T>(url, text, params);
  const handle = new Database(path.join(dataDir, 'jornada.db'));
  handle.pragma('busy_timeout = 5000');
  try {
    const statement = handle.prepare(text);
    return (statement.reader ? statement.all(...params) : (statement.run(...params), [])) as T[];
  } finally {
    handle.close();
  }
}
