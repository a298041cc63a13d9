import type SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** Distinct SQL texts kept prepared; the app has a few hundred query shapes. */
const MAX_STATEMENTS = 1_000;

/**
 * The better-sqlite3 handle as Kysely's SqliteDialect sees it, with `prepare` cached by SQL text:
 * Kysely prepares every query anew, and preparing cost more than running the clock punch's
 * queries (decision 017). Values are always bound parameters, so one text is one shape. Reusing
 * a statement is safe: Kysely's driver runs one query at a time on the connection and reads all
 * rows at once (`all`/`run`; the app streams no query), and SQLite re-prepares a statement
 * itself when a migration changes the schema. The least recently used statement leaves first.
 */
export function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => {
      statements.clear();
      sqlite.close();
    },
    prepare: (sql: string) => {
      // SQLite ends the transaction itself on some errors (SQLITE_FULL, SQLITE_IOERR, …); Kysely's
      // ROLLBACK after them would fail ("cannot rollback - no transaction is active") and that
      // error would replace the real cause (a full disk answered 500). Nothing to roll back: no-op.
      if (/^rollback$/i.test(sql.trim())) return rollbackIfOpen(sqlite);
      let statement = statements.get(sql);
      if (statement) {
        statements.delete(sql);
      } else {
        statement = sqlite.prepare(sql) as unknown as SqliteStatement;
        if (statements.size >= MAX_STATEMENTS) statements.delete(statements.keys().next().value!);
      }
      statements.set(sql, statement);
      return statement;
    },
  };
}

/** `rollback` that does nothing when SQLite has already ended the transaction. */
function rollbackIfOpen(sqlite: SQLite.Database): SqliteStatement {
  return {
    reader: false,
    all: () => [],
    run: () => {
      if (sqlite.inTransaction) sqlite.exec('rollback');
      return { changes: 0, lastInsertRowid: 0 };
    },
    iterate: () => [][Symbol.iterator](),
  } as unknown as SqliteStatement;
}
