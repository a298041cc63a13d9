import { createQueryId, type Compilable, type CompiledQuery, type Kysely, type KyselyPlugin, type QueryResult } from 'kysely';
import type { Database } from './schema.ts';

/**
 * Queries built and compiled once, run many times with new values (decision 017, issue 42). Kysely
 * builds a tree of frozen nodes, runs the plugins over it (camelCase → snake_case) and compiles it
 * to SQL on every call: on the clock punch that was a third of the server's CPU, more than SQLite
 * itself. A prepared query is written with Kysely's builder as usual, with its values taken from
 * `p` (`where('employeeId', '=', p.employeeId)`): at the first run `p`'s properties are stand-ins
 * that compile to bound parameters; later runs put the values in their places.
 *
 * Contract: the builder must give the same SQL whatever the values, so it may not branch on them
 * or pass them where Kysely does not bind a parameter (an IN list's length, `sql.raw`, an
 * identifier); a stand-in that compiles to no parameter is an error at the first run. Every value
 * must be given (`undefined` is refused: Kysely would have dropped an insert's column). The
 * compiled form is kept per dialect adapter and plugin list, so SQLite and PostgreSQL (and a
 * `withPlugin` instance) each compile their own; the results go through the plugins as usual.
 */

/** A stand-in for the value named `name` while the query compiles. */
class Slot {
  constructor(readonly name: string) {}
}

interface Compiled {
  plugins: readonly KyselyPlugin[];
  query: CompiledQuery;
}

export interface PreparedQuery<P, R> {
  /** All rows. */
  execute(db: Kysely<Database>, values: P): Promise<R[]>;
  /** The first row, or undefined. */
  takeFirst(db: Kysely<Database>, values: P): Promise<R | undefined>;
  /** The driver's result (affected rows of an update or delete). */
  run(db: Kysely<Database>, values: P): Promise<QueryResult<R>>;
}

type RowOf<Q> = Q extends Compilable<infer R> ? R : never;

export function preparedQuery<P extends Record<string, unknown>, Q extends Compilable<unknown>>(build: (db: Kysely<Database>, p: P) => Q): PreparedQuery<P, RowOf<Q>> {
  const byAdapter = new WeakMap<object, Compiled[]>();

  function compiledFor(db: Kysely<Database>): CompiledQuery {
    const executor = db.getExecutor();
    const known = byAdapter.get(executor.adapter) ?? [];
    const hit = known.find((c) => c.plugins.length === executor.plugins.length && c.plugins.every((plugin, i) => plugin === executor.plugins[i]));
    if (hit) return hit.query;
    const names = new Set<string>();
    const p = new Proxy({} as P, {
      get: (_, name) => {
        if (typeof name !== 'string') return undefined;
        names.add(name);
        return new Slot(name);
      },
    });
    const query = build(db, p).compile();
    const bound = new Set(query.parameters.filter((v): v is Slot => v instanceof Slot).map((v) => v.name));
    for (const name of names) if (!bound.has(name)) throw new Error(`Prepared query: "${name}" is not a bound parameter of ${query.sql}`);
    known.push({ plugins: [...executor.plugins], query });
    byAdapter.set(executor.adapter, known);
    return query;
  }

  async function run(db: Kysely<Database>, values: P): Promise<QueryResult<RowOf<Q>>> {
    const query = compiledFor(db);
    const parameters = query.parameters.map((v) => {
      if (!(v instanceof Slot)) return v;
      const value = values[v.name];
      if (value === undefined) throw new Error(`Prepared query: no value for "${v.name}"`);
      return value;
    });
    return db.executeQuery<RowOf<Q>>({ ...query, parameters, queryId: createQueryId() });
  }

  return {
    run,
    execute: async (db, values) => (await run(db, values)).rows,
    takeFirst: async (db, values) => (await run(db, values)).rows[0],
  };
}
