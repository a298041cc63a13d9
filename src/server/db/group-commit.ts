import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from './schema.ts';
import type { Db } from './connection.ts';
import { collectAuditAppends, insertAuditRows, type AuditRow } from './repositories/audit-log.ts';
import { chainRecordsOfEmployees, collectChainAppends, type EmployeeRecords } from './repositories/record-chain.ts';
import { lockEmployees, withFineLocks } from './write-locks.ts';
import { withBatchReads } from './batch-reads.ts';
import { engineOf } from './engine.ts';

type Work<T> = (trx: Transaction<Database>) => Promise<T>;

interface Job<A> {
  db: Db;
  employeeId: number;
  /** What `readAhead` needs to read this job's state together with the batch's others. */
  ahead: A | undefined;
  work: Work<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** Runs savepoint statements: on PostgreSQL together in one round trip (a simple query may hold several), on SQLite one by one. */
function statements(trx: Kysely<Database>): (...texts: string[]) => Promise<void> {
  const together = engineOf(trx) === 'postgres';
  return async (...texts) => {
    if (together) await sql.raw(texts.join('; ')).execute(trx);
    else for (const text of texts) await sql.raw(text).execute(trx);
  };
}

/** Most units of work in one transaction: bounds how long one commit holds its locks. */
const MAX_BATCH = 256;

/**
 * Group commit (decision 017) for the clock punch: units of work, each about ONE employee's day,
 * that arrive together run one after another inside ONE transaction, so they share one commit
 * and one fsync (synchronous=FULL stays). Each runs in its own savepoint: one that throws is
 * rolled back and rejects alone, the others are kept. Each sees everything written before it,
 * committed or earlier in its batch. A promise settles only after the commit that holds its work
 * (or with the commit's error): nothing is acknowledged before it is durable. The work must use
 * only `trx` (the connection is held by the batch; anything else waits for it).
 *
 * The record chain entries a batch writes are appended together at its end
 * (record-chain.ts `collectChainAppends`): one head read and one insert per batch; so are its
 * audit entries (audit-log.ts `collectAuditAppends`). Tables no punch
 * writes are read once per batch (batch-reads.ts).
 *
 * `lanes` batches run side by side, each on its own connection (decision 097): an employee's
 * punches always go to the same lane (`employeeId % lanes`), so lanes of one server never wait
 * for each other's employees. SQLite has one writer: one lane. On PostgreSQL a batch is
 * fine-locked (write-locks.ts): it takes the write lock shared, its employees' locks at the start
 * and the chain head only for the final append, so lanes and other app servers overlap.
 */
export class GroupCommit<A = never> {
  readonly #lanes: { queue: Job<A>[]; running: boolean }[];
  readonly #readAhead: ReadAhead<A> | undefined;

  /**
   * `readAhead`: called once per batch, after its employees are locked and before any work, with
   * the `ahead` of every job whose employee has no other job in the batch (at least two of them):
   * reads their states together and leaves each for its job (clock-state.ts on PostgreSQL).
   */
  constructor(lanes = 1, readAhead?: ReadAhead<A>) {
    this.#lanes = Array.from({ length: Math.max(1, lanes) }, () => ({ queue: [], running: false }));
    this.#readAhead = readAhead;
  }

  /** `db`: the process-wide connection (all work of a batch runs on the first one's). `employeeId`: the one employee `work` reads and writes the day of. */
  run<T>(db: Db, employeeId: number, work: Work<T>, ahead?: A): Promise<T> {
    const lane = this.#lanes[employeeId % this.#lanes.length]!;
    return new Promise<T>((resolve, reject) => {
      lane.queue.push({ db, employeeId, ahead, work: work as Work<unknown>, resolve: resolve as (value: unknown) => void, reject });
      // Waits a turn of the event loop so punches arriving together join one batch.
      if (!lane.running) {
        lane.running = true;
        setImmediate(() => void this.#drain(lane));
      }
    });
  }

  async #drain(lane: { queue: Job<A>[]; running: boolean }): Promise<void> {
    while (lane.queue.length > 0) {
      const batch = lane.queue.splice(0, MAX_BATCH);
      let outcomes: Outcome[];
      try {
        // Optimistic first: no savepoints (punches refuse by returning, they rarely throw); when
        // one throws, the batch is rolled back and run again with a savepoint per punch.
        outcomes = (await commitBatch(batch, false, this.#readAhead)) ?? (await commitBatch(batch, true, this.#readAhead))!;
      } catch (error) {
        // The commit (or the transaction around the work) failed: nothing of the batch is kept.
        for (const job of batch) job.reject(error);
        continue;
      }
      batch.forEach((job, i) => (outcomes[i]!.ok ? job.resolve(outcomes[i]!.value) : job.reject(outcomes[i]!.value)));
    }
    lane.running = false;
  }
}

type Outcome = { ok: boolean; value: unknown };

type ReadAhead<A> = (trx: Transaction<Database>, aheads: A[]) => Promise<void>;

/** The `ahead` of each job whose employee has no other job in the batch. */
function alone<A>(batch: readonly Job<A>[]): A[] {
  const jobs = new Map<number, number>();
  for (const job of batch) jobs.set(job.employeeId, (jobs.get(job.employeeId) ?? 0) + 1);
  return batch.flatMap((job) => (job.ahead !== undefined && jobs.get(job.employeeId) === 1 ? [job.ahead] : []));
}

/** Thrown inside an optimistic batch when a punch throws: rolls the batch back (commitBatch answers undefined). */
class RetryWithSavepoints extends Error {}

/**
 * Runs a batch in one transaction and commits it; the outcome of each job. Without savepoints, a
 * job that throws rolls the whole batch back and the answer is undefined (run it again with them);
 * with savepoints, it rolls back alone.
 */
async function commitBatch<A>(batch: readonly Job<A>[], savepoints: boolean, readAhead: ReadAhead<A> | undefined): Promise<Outcome[] | undefined> {
  const outcomes: Outcome[] = [];
  try {
    await withFineLocks(() =>
      withBatchReads(() =>
        batch[0]!.db.transaction().execute(async (trx) => {
          await lockEmployees(
            trx,
            batch.map((job) => job.employeeId),
          );
          const aheads = readAhead ? alone(batch) : [];
          if (aheads.length > 1) await readAhead!(trx, aheads);
          const chained: EmployeeRecords[] = [];
          const audited: AuditRow[] = [];
          const run = statements(trx);
          if (savepoints) await run('savepoint punch');
          for (const [i, job] of batch.entries()) {
            const own: EmployeeRecords[] = [];
            const ownAudit: AuditRow[] = [];
            const more = i < batch.length - 1;
            try {
              const value = await collectChainAppends(own, () => collectAuditAppends(ownAudit, () => job.work(trx)));
              // Left open after the last job: the commit ends it.
              if (savepoints && more) await run('release punch', 'savepoint punch');
              outcomes.push({ ok: true, value });
              chained.push(...own);
              audited.push(...ownAudit);
            } catch (error) {
              if (!savepoints) throw new RetryWithSavepoints();
              outcomes.push({ ok: false, value: error });
              try {
                await run('rollback to punch', 'release punch', ...(more ? ['savepoint punch'] : []));
              } catch {
                // SQLite ended the whole transaction itself (a full disk): the batch fails with
                // the real cause, not with "no such savepoint".
                throw error;
              }
            }
          }
          await insertAuditRows(trx, audited);
          // Last, so the company's chain head is held (PostgreSQL) only for these statements and the commit.
          await chainRecordsOfEmployees(trx, chained);
        }),
      ),
    );
  } catch (error) {
    if (error instanceof RetryWithSavepoints) return undefined;
    throw error;
  }
  return outcomes;
}
