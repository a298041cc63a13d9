import { sql, type Kysely } from 'kysely';
import { engineOf } from '../engine.ts';

/**
 * A trigger that refuses an UPDATE or DELETE on `table` (when `when` holds, if given) with
 * `message`: how the lawful record stays append-only on both engines. `when` is an SQL condition
 * over `OLD` that both SQLite and PostgreSQL read the same way. The trigger is named `name` on both.
 */
export async function refuseChanges(db: Kysely<any>, spec: { name: string; table: string; op: 'UPDATE' | 'DELETE'; message: string; when?: string }): Promise<void> {
  const { name, table, op, message, when } = spec;
  const text = message.replaceAll("'", "''");
  if (engineOf(db) === 'sqlite') {
    await sql.raw(`CREATE TRIGGER ${name} BEFORE ${op} ON ${table} ${when ? `WHEN ${when} ` : ''}BEGIN SELECT RAISE(ABORT, '${text}'); END`).execute(db);
    return;
  }
  await sql.raw(`CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ` + `IF ${when ?? 'true'} THEN RAISE EXCEPTION '${text}'; END IF; RETURN ${op === 'DELETE' ? 'OLD' : 'NEW'}; END $$`).execute(db);
  await sql.raw(`CREATE TRIGGER ${name} BEFORE ${op} ON ${table} FOR EACH ROW EXECUTE FUNCTION ${name}()`).execute(db);
}

/** Data steps that only an upgraded SQLite installation needs: a PostgreSQL database is always new (or copied after migrating). */
export function upgradesExistingData(db: Kysely<any>): boolean {
  return engineOf(db) === 'sqlite';
}
