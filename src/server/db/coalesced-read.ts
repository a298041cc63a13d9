import DataLoader from 'dataloader';

/** Most keys in one merged read (a bound on the statement's size). */
const MAX_KEYS = 500;

/**
 * Merges the reads that concurrent requests make in the same turn of the event loop into one call
 * of `readAll` (decision 099), with the `dataloader` package: on PostgreSQL each read is a round
 * trip, and at a shift change fifty terminals ask the same kind of question at once. `readAll`
 * answers one value per key, in the keys' order (a key may come twice). Nothing is cached: every
 * read reaches the database, at most one turn later than it would have alone; a failed `readAll`
 * fails the reads it held.
 */
export function coalescedRead<K, V>(readAll: (keys: readonly K[]) => Promise<readonly V[]>): (key: K) => Promise<V> {
  const loader = new DataLoader<K, V>(async (keys) => readAll(keys), { cache: false, maxBatchSize: MAX_KEYS, batchScheduleFn: (run) => setImmediate(run) });
  return (key) => loader.load(key);
}
