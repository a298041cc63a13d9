import { nowMs } from '../clock/now.ts';
import { getDb, type Db } from './connection.ts';
import { configuredEngine } from './engine.ts';
import { coalescedRead } from './coalesced-read.ts';
import { deleteExpiredSharedRows, deleteSharedRow, readSharedRow, readSharedRows, readSharedScope, writeSharedRow } from './repositories/shared-state.ts';

/**
 * State that decides something across requests — the attempt limiters and the face punch
 * challenges — behind one interface, so the rules are written once (decision 060). Values are
 * JSON-shaped (stored as JSON text); `expiresAt` (epoch ms) only says when an entry may be
 * garbage-collected: the rules judge expiry themselves.
 *
 * Where it lives is a feature difference of the engines, decided here and nowhere else:
 * - SQLite: in this process's memory. The data-directory lock lets one process serve an
 *   installation, so its memory IS the shared state, and the clock's fast path stays free of
 *   writes (a restart forgetting counts and nonces is fine, as before).
 * - PostgreSQL: the `shared_state` table (migration 0027), so a limit reached through one app
 *   server holds on every other and a nonce issued by one is redeemed once on any.
 */
export interface StateUnit {
  get<T>(scope: string, key: string): Promise<T | undefined>;
  /** Every entry of a scope, by key. */
  all<T>(scope: string): Promise<{ key: string; value: T }[]>;
  put(scope: string, key: string, value: unknown, expiresAt: number): Promise<void>;
  delete(scope: string, key: string): Promise<void>;
}

export interface SharedState {
  /**
   * Runs `fn` as one atomic unit: no other unit, on this server or another, reads or writes in
   * between (memory: one at a time in this process; PostgreSQL: one transaction, serialized
   * across servers by the write lock of postgres-kysely.ts). Keep it short, and never call it
   * from inside a transaction: on PostgreSQL it would wait for the write lock its caller holds.
   */
  unit<R>(fn: (state: StateUnit) => Promise<R>): Promise<R>;
  /** A read outside any unit (may be stale by the time it is used: decide again in a unit). */
  get<T>(scope: string, key: string): Promise<T | undefined>;
  /** Several keys of a scope read at once outside any unit (one query on PostgreSQL), in the order asked. */
  getMany<T>(scope: string, keys: readonly string[]): Promise<(T | undefined)[]>;
  all<T>(scope: string): Promise<{ key: string; value: T }[]>;
  /** Forgets every entry (tests). */
  clearMemory(): void;
}

const MAX_MEMORY_ENTRIES = 100_000;

/** The in-process store (SQLite). Values are kept as JSON text so both stores behave alike. */
export function memoryState(now: () => number = nowMs): SharedState {
  const entries = new Map<string, { value: string; expiresAt: number }>();
  const id = (scope: string, key: string) => `${scope}\n${key}`;
  const prune = () => {
    const at = now();
    for (const [k, e] of entries) if (e.expiresAt < at) entries.delete(k);
    // Still too many: the oldest written go first (Map order is insertion order).
    for (const k of entries.keys()) {
      if (entries.size <= MAX_MEMORY_ENTRIES * 0.9) break;
      entries.delete(k);
    }
  };
  const access: StateUnit = {
    get: async <T>(scope: string, key: string) => {
      const e = entries.get(id(scope, key));
      return e === undefined ? undefined : (JSON.parse(e.value) as T);
    },
    all: async <T>(scope: string) => {
      const prefix = `${scope}\n`;
      const rows: { key: string; value: T }[] = [];
      for (const [k, e] of entries) if (k.startsWith(prefix)) rows.push({ key: k.slice(prefix.length), value: JSON.parse(e.value) as T });
      return rows.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    },
    put: async (scope, key, value, expiresAt) => {
      const k = id(scope, key);
      entries.delete(k); // re-inserted last: the oldest written stay first
      entries.set(k, { value: JSON.stringify(value), expiresAt });
      if (entries.size > MAX_MEMORY_ENTRIES) prune();
    },
    delete: async (scope, key) => {
      entries.delete(id(scope, key));
    },
  };
  // One unit at a time: a unit's awaits cannot let another unit's reads in between.
  let queue: Promise<unknown> = Promise.resolve();
  return {
    unit: <R>(fn: (state: StateUnit) => Promise<R>) => {
      const run = queue.then(() => fn(access));
      queue = run.catch(() => undefined);
      return run;
    },
    get: access.get,
    getMany: <T>(scope: string, keys: readonly string[]) => Promise.all(keys.map((key) => access.get<T>(scope, key))),
    all: access.all,
    clearMemory: () => entries.clear(),
  };
}

/** How often the table store deletes expired rows (on the way of a unit). */
const COLLECT_EVERY_MS = 60_000;

/** The `shared_state` table store (PostgreSQL). */
export function tableState(database: () => Promise<Db>, now: () => number = nowMs): SharedState {
  const over = (db: Db): StateUnit => ({
    get: async <T>(scope: string, key: string) => {
      const text = await readSharedRow(db, scope, key);
      return text === undefined ? undefined : (JSON.parse(text) as T);
    },
    all: async <T>(scope: string) => (await readSharedScope(db, scope)).map((r) => ({ key: r.key, value: JSON.parse(r.value) as T })),
    put: (scope, key, value, expiresAt) => writeSharedRow(db, scope, key, JSON.stringify(value), Math.round(expiresAt)),
    delete: (scope, key) => deleteSharedRow(db, scope, key),
  });
  // Reads outside a unit from concurrent requests (the clock's attempt limits, twice per punch):
  // one statement per scope and turn of the event loop (coalesced-read.ts).
  const readOutside = coalescedRead<{ scope: string; key: string }, string | undefined>(async (asked) => {
    const db = await database();
    const scopes = [...new Set(asked.map((a) => a.scope))];
    const found = new Map(await Promise.all(scopes.map(async (scope) => [scope, await readSharedRows(db, scope, [...new Set(asked.filter((a) => a.scope === scope).map((a) => a.key))])] as const)));
    return asked.map((a) => found.get(a.scope)!.get(a.key));
  });
  let collectedAt = 0;
  return {
    unit: async <R>(fn: (state: StateUnit) => Promise<R>) => {
      const db = await database();
      const result = await db.transaction().execute((trx) => fn(over(trx)));
      if (now() - collectedAt >= COLLECT_EVERY_MS) {
        collectedAt = now();
        await deleteExpiredSharedRows(db, collectedAt).catch(() => undefined); // best effort
      }
      return result;
    },
    get: async (scope, key) => over(await database()).get(scope, key),
    getMany: async <T>(scope: string, keys: readonly string[]) => {
      const found = await Promise.all(keys.map((key) => readOutside({ scope, key })));
      return found.map((text) => (text === undefined ? undefined : (JSON.parse(text) as T)));
    },
    all: async (scope) => over(await database()).all(scope),
    clearMemory: () => {},
  };
}

let store: SharedState | undefined;

/** The installation's shared state: in memory on SQLite, the table on PostgreSQL (see above). */
export function sharedState(): SharedState {
  store ??= configuredEngine() === 'postgres' ? tableState(getDb) : memoryState();
  return store;
}
