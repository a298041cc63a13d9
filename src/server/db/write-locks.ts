import { AsyncLocalStorage } from 'node:async_hooks';
import { sql, type Kysely } from 'kysely';
import { engineOf } from './engine.ts';
import type { Database } from './schema.ts';

/**
 * What a PostgreSQL write transaction locks (decisions 059 and 097). SQLite has one writer, so
 * every function here is a no-op there.
 *
 * - Every write transaction takes the installation's write lock (postgres-kysely.ts): exclusive
 *   by default, so a unit of work can read, decide and write relying on nothing changing in
 *   between, as on SQLite. Jornada's many writers keep that guarantee without being reviewed one by
 *   one.
 * - The clock punch, the one writer that must scale out, runs with FINE locks instead
 *   (`withFineLocks`): the write lock SHARED (so punches run side by side, on one server and on
 *   several, while any other writer still excludes them all), plus an exclusive lock on each
 *   employee whose day it reads and writes (`lockEmployees`, taken together in id order at the
 *   start), plus the company's record chain head (`lockChainHeads`, taken by the chain's append
 *   itself, so no caller can forget it). Employees before chain heads, each in id order: two
 *   transactions never wait for each other in a circle.
 */
const fine = new AsyncLocalStorage<true>();

/** Runs `work` so that the write transactions it begins take the write lock shared (see above). */
export function withFineLocks<T>(work: () => Promise<T>): Promise<T> {
  return fine.run(true, work);
}

/** True while the current transaction was begun by `withFineLocks` (the driver picks its write lock by it). */
export function usesFineLocks(): boolean {
  return fine.getStore() === true;
}

/** Namespaces of the two-key advisory locks (the write lock uses the one-key form, which does not overlap them). */
const EMPLOYEE_DAY = 0x4a52454d; // "JREM"
const CHAIN_HEAD = 0x4a524348; // "JRCH"

async function lockAll(db: Kysely<Database>, namespace: number, ids: readonly number[]): Promise<void> {
  if (ids.length === 0 || !usesFineLocks() || engineOf(db) !== 'postgres') return;
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  // unnest scans the array in order: the locks are taken in id order, in one round trip.
  await sql`select pg_advisory_xact_lock(${namespace}::int, k::int) from unnest(${sorted}::bigint[]) as k`.execute(db);
}

/** In a fine-locked transaction on PostgreSQL: locks these employees' days until commit. Call once, before anything is read. */
export function lockEmployees(db: Kysely<Database>, employeeIds: readonly number[]): Promise<void> {
  return lockAll(db, EMPLOYEE_DAY, employeeIds);
}

/** In a fine-locked transaction on PostgreSQL: locks these companies' record chain heads until commit (record-chain.ts, before reading a head). */
export function lockChainHeads(db: Kysely<Database>, companyIds: readonly number[]): Promise<void> {
  return lockAll(db, CHAIN_HEAD, companyIds);
}
