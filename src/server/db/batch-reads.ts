import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Reads a group commit of clock punches shares (group-commit.ts, decision 097): tables no punch
 * writes and that change rarely (the figure rules, whether any webhook is on). A batch lasts
 * milliseconds, and on SQLite it is the one writer while it runs (on PostgreSQL a transaction that
 * changes them takes the write lock exclusively, which waits for the batch), so one read serves
 * every punch of the batch; a change made meanwhile applies from the next batch. Outside a batch
 * `readOncePerBatch` simply reads.
 */
const batch = new AsyncLocalStorage<Map<string, Promise<unknown>>>();

/** Runs a batch's transaction with its own cache of shared reads. */
export function withBatchReads<T>(work: () => Promise<T>): Promise<T> {
  return batch.run(new Map(), work);
}

/** `read()` once per batch under `key` (a table no punch writes); every time outside a batch. */
export function readOncePerBatch<T>(key: string, read: () => Promise<T>): Promise<T> {
  const cache = batch.getStore();
  if (!cache) return read();
  let value = cache.get(key) as Promise<T> | undefined;
  if (!value) {
    value = read();
    cache.set(key, value);
    // A failed read is not kept: the next punch reads again.
    value.catch(() => cache.delete(key));
  }
  return value;
}

/**
 * What `readOncePerBatch(key, …)` would read, already known (read together with something else):
 * kept for the rest of the batch unless the key was read already. Outside a batch, nothing.
 */
export function primeBatchRead<T>(key: string, value: () => T): void {
  const cache = batch.getStore();
  if (cache && !cache.has(key)) cache.set(key, Promise.resolve(value()));
}

/**
 * A value read ahead for one later read of the batch (clock-state.ts: the punch states of a batch's
 * employees, read together): `takeBatchOnce` hands it out once and forgets it, so a second read of
 * the same key reads again and sees what the batch wrote meanwhile. Outside a batch, nothing.
 */
export function primeBatchOnce<T>(key: string, value: T): void {
  batch.getStore()?.set(`once ${key}`, Promise.resolve(value));
}

/** The value primed once under `key` (removed), or undefined. */
export function takeBatchOnce<T>(key: string): Promise<T> | undefined {
  const cache = batch.getStore();
  const value = cache?.get(`once ${key}`) as Promise<T> | undefined;
  if (value) cache!.delete(`once ${key}`);
  return value;
}

/** What `readOncePerBatch(key, …)` or `primeBatchRead(key, …)` left for the batch, without reading; undefined outside a batch or when nothing is known. */
export function knownInBatch<T>(key: string): Promise<T> | undefined {
  return batch.getStore()?.get(key) as Promise<T> | undefined;
}
