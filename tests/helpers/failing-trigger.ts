import { testDatabaseOf } from './test-database.ts';
import { sqlIn } from './test-sql.ts';

/**
 * Fault injection for tests on either engine: a trigger that refuses `event` ("insert", "update
 * of last_sign_in_at", ...) on `table` with `message`, only for rows matching `when` (an
 * expression on `new.*` both engines read). Returns the function that drops it again.
 */
export function addFailingTrigger(dataDir: string, trigger: { name: string; table: string; event: string; when?: string; message: string }): () => void {
  const { name, table, event, when, message } = trigger;
  const quoted = `'${message.replaceAll("'", "''")}'`;
  if (!testDatabaseOf(dataDir)) {
    sqlIn(dataDir, `create trigger ${name} before ${event} on ${table} ${when ? `when ${when}` : ''} begin select raise(abort, ${quoted}); end`);
    return () => sqlIn(dataDir, `drop trigger ${name}`);
  }
  sqlIn(dataDir, `create function ${name}_fn() returns trigger language plpgsql as $$ begin raise exception ${quoted}; end $$`);
  sqlIn(dataDir, `create trigger ${name} before ${event} on ${table} for each row ${when ? `when (${when})` : ''} execute function ${name}_fn()`);
  return () => {
    sqlIn(dataDir, `drop trigger ${name} on ${table}`);
    sqlIn(dataDir, `drop function ${name}_fn()`);
  };
}
