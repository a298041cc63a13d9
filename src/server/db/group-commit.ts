import { sql, type Transaction } from 'kysely';
import type { Database } from './schema.ts';
import type { Db } from './connection.ts';

type Work<T> = (trx: Transaction<Database>) => Promise<T>;

interface Job {
  db: Db;
  work: Work<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** Most units of work in one transaction: bounds how long one commit holds the write lock. */
const MAX_BATCH = 256;

/**
 * Group commit (decision 017): units of work that arrive together — clock punches from many
 * terminals — run one after another inside ONE transaction, so they share one commit and one
 * fsync (synchronous=FULL stays). Each runs in its own savepoint: one that throws is rolled back
 * and rejects alone, the others are kept. Each sees everything written before it, committed or
 * earlier in its batch. A promise settles only after the commit that holds its work (or with the
 * commit's error): nothing is acknowledged before it is durable. The work must use only `trx`
 * (the connection is held by the batch; anything else waits for it).
 */
export class GroupCommit {
  #queue: Job[] = [];
  #running = false;

  /**
   * `db`: the process-wide connection (all work of a batch runs on the first one's). On PostgreSQL
   * too: each app server groups the punches that arrive together into one transaction (which takes
   * the one write lock, decision 059), so a burst costs one lock wait and one WAL flush per batch
   * instead of one per punch; savepoints behave the same there.
   */
  run<T>(db: Db, work: Work<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#queue.push({ db, work: work as Work<unknown>, resolve: resolve as (value: unknown) => void, reject });
      // Waits a turn of the event loop so punches arriving together join one batch.
      if (!this.#running) {
        this.#running = true;
        setImmediate(() => void this.#drain());
      }
    });
  }

  async #drain(): Promise<void> {
    while (this.#queue.length > 0) {
      const batch = this.#queue.splice(0, MAX_BATCH);
      const outcomes: { ok: boolean; value: unknown }[] = [];
      try {
        await batch[0]!.db.transaction().execute(async (trx) => {
          for (const job of batch) {
            await sql`savepoint punch`.execute(trx);
            try {
              outcomes.push({ ok: true, value: await job.work(trx) });
              await sql`release punch`.execute(trx);
            } catch (error) {
              outcomes.push({ ok: false, value: error });
              try {
                await sql`rollback to punch`.execute(trx);
                await sql`release punch`.execute(trx);
              } catch {
                // SQLite ended the whole transaction itself (a full disk): the batch fails with
                // the real cause, not with "no such savepoint".
                throw error;
              }
            }
          }
        });
      } catch (error) {
        // The commit (or the transaction around the work) failed: nothing of the batch is kept.
        for (const job of batch) job.reject(error);
        continue;
      }
      batch.forEach((job, i) => (outcomes[i]!.ok ? job.resolve(outcomes[i]!.value) : job.reject(outcomes[i]!.value)));
    }
    this.#running = false;
  }
}
