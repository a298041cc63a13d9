import { testDatabaseOf } from './test-database.ts';
import { sqlIn } from './test-sql.ts';

/**
 * Fault injection for tests, on either engine: a trigger named `name` that makes every INSERT into
 * `table` whose NEW row satisfies `when` (an SQL condition over `new.` that both engines read) fail
 * with `message`. Returns the function that removes it again.
 */
export function failInserts(dataDir: string, spec: { name: string; table: string; when: string; message: string }): () => void {
  const { name, table, when, message } = spec;
  const text = message.replaceAll("'", "''");
  if (!testDatabaseOf(dataDir)) {
    sqlIn(dataDir, `create trigger ${name} before insert on ${table} when ${when} begin select raise(abort, '${text}'); end`);
    return () => sqlIn(dataDir, `drop trigger ${name}`);
  }
  sqlIn(
    dataDir,
    `create function ${name}() returns trigger language plpgsql as $$ begin if ${when} then raise exception '${text}'; end if; return new; end $$`,
  );
  sqlIn(dataDir, `create trigger ${name} before insert on ${table} for each row execute function ${name}()`);
  return () => {
    sqlIn(dataDir, `drop trigger ${name} on ${table}`);
    sqlIn(dataDir, `drop function ${name}()`);
  };
}

