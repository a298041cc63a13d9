import { retryDelayMs } from '../../domain/notifications/outbox-backoff.ts';
import { laneConcurrency, MAX_IN_FLIGHT, webhookOfLane } from '../../domain/notifications/outbox-lanes.ts';
import { nowIso, nowMs } from '../clock/now.ts';
import type { Db } from '../db/connection.ts';
import { claimOutboxRow, dueLanes, dueRowsOfLane, markOutboxAttemptFailed, markOutboxSent, settleInterruptedOutbox, type OutboxRow } from '../db/repositories/outbox.ts';
import { webhookPaused } from '../db/repositories/webhooks.ts';
import { log } from '../log.ts';
import { onShutdown } from '../shutdown-hooks.ts';
import { outboxChannel, PermanentDeliveryError, redeliveredChannels } from './outbox-channels.ts';

/** What an interrupted email turns into: it may have reached the server, so it is not sent again by itself. */
export const INTERRUPTED_REASON = 'Interrupted while sending (the server stopped); it may have been delivered. Retry only if it was not.';

function pollInterval(): number {
  const fromTest = process.env['JORNADA_TEST'] === '1' ? Number(process.env['JORNADA_OUTBOX_POLL_MS']) : Number.NaN;
  return Number.isFinite(fromTest) && fromTest >= 20 ? fromTest : 5_000;
}

function describe(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 1000);
}

/**
 * Delivers one row: claimed as `sending` (committed) first, so a crash during delivery leaves a
 * trace; then sent, or pending again after the backoff, or failed. The channel then hears the
 * outcome (a webhook keeps its failure streak and may be paused, decision 094). False when another
 * worker or server claimed it first.
 */
async function deliverRow(db: Db, row: OutboxRow): Promise<boolean> {
  if (!(await claimOutboxRow(db, row.id, nowIso()))) return false;
  const attempts = row.attempts + 1;
  const channel = outboxChannel(row.channel);
  let delivered = false;
  try {
    if (!channel) throw new Error(`No channel "${row.channel}" in this version.`);
    await channel.deliver({ ...row, attempts, status: 'sending' });
    await markOutboxSent(db, row.id, nowIso());
    delivered = true;
  } catch (error) {
    const permanent = error instanceof PermanentDeliveryError;
    const delay = permanent ? null : retryDelayMs(attempts);
    const retryAt = delay === null ? null : new Date(nowMs() + delay).toISOString();
    await markOutboxAttemptFailed(db, row.id, describe(error), retryAt, nowIso());
    log.warn({ outboxId: row.id, channel: row.channel, kind: row.kind, attempts, retryAt, reason: describe(error) }, retryAt ? 'Delivery failed; it will be retried' : 'Delivery failed for good');
  }
  await channel?.afterAttempt?.(row, delivered);
  return true;
}

/**
 * The lanes (decision 094, domain/notifications/outbox-lanes.ts): each lane's rows are delivered by
 * its own workers, up to the lane's concurrency and MAX_IN_FLIGHT overall, so a webhook that does
 * not answer holds back only its own deliveries. `inFlight` keeps, per lane, the rows this process
 * is delivering (another worker of the lane takes the next one); `claimOutboxRow` keeps two
 * servers from delivering one row twice.
 */
const inFlight = new Map<string, Set<number>>();
const workersOf = new Map<string, number>();
const workers = new Set<Promise<number>>();

async function lanePaused(db: Db, lane: string): Promise<boolean> {
  const webhookId = webhookOfLane(lane);
  return webhookId !== null && (await webhookPaused(db, webhookId));
}

/**
 * One worker: delivers the lane's due rows one after another until none is due, the lane is
 * paused or (a background worker) the sender stops.
 */
async function laneWorker(db: Db, lane: string, background: boolean): Promise<number> {
  const mine = inFlight.get(lane) ?? new Set<number>();
  inFlight.set(lane, mine);
  let tried = 0;
  while (!(background && stopping) && !(await lanePaused(db, lane))) {
    const [row] = await dueRowsOfLane(db, lane, nowIso(), 1, [...mine]);
    if (!row) break;
    mine.add(row.id);
    try {
      if (await deliverRow(db, row)) tried += 1;
    } finally {
      mine.delete(row.id);
    }
  }
  return tried;
}

/** Starts workers for the lanes with rows due, up to their concurrency and the overall limit; answers the started ones. */
async function startWorkers(db: Db, whenDone?: () => void): Promise<Promise<number>[]> {
  const background = whenDone !== undefined;
  const started: Promise<number>[] = [];
  for (const lane of await dueLanes(db, nowIso())) {
    if ((workersOf.get(lane) ?? 0) >= laneConcurrency(lane) || (await lanePaused(db, lane))) continue;
    while (!(background && stopping) && (workersOf.get(lane) ?? 0) < laneConcurrency(lane) && workers.size < MAX_IN_FLIGHT) {
      workersOf.set(lane, (workersOf.get(lane) ?? 0) + 1);
      const worker: Promise<number> = laneWorker(db, lane, background)
        .catch((error: unknown) => {
          log.error({ lane, reason: describe(error) }, 'An outbox lane failed');
          return 0;
        })
        .finally(() => {
          workersOf.set(lane, (workersOf.get(lane) ?? 1) - 1);
          workers.delete(worker);
          whenDone?.();
        });
      workers.add(worker);
      started.push(worker);
    }
  }
  return started;
}

/** Delivers every row due now, the lanes side by side, and waits for them; returns how many rows it tried. */
export async function drainOutbox(db: Db): Promise<number> {
  let tried = 0;
  for (;;) {
    const started = await startWorkers(db);
    if (started.length === 0) {
      if (workers.size === 0) return tried;
      await Promise.race(workers);
      continue;
    }
    const round = (await Promise.all(started)).reduce((a, b) => a + b, 0);
    // Due rows no worker could take (another server holds them): nothing more to do now.
    if (round === 0) return tried;
    tried += round;
  }
}

let timer: NodeJS.Timeout | undefined;
let scanning: Promise<unknown> | undefined;
let again = false;
let stopping = false;
let database: (() => Promise<Db>) | undefined;

/** Looks for due rows and starts the lanes' workers (one look at a time; a worker that ends looks again). */
function pass(): void {
  if (!database || stopping) return;
  if (scanning) {
    again = true;
    return;
  }
  const db = database;
  scanning = db()
    .then((handle) => startWorkers(handle, pass))
    .catch((error: unknown) => log.error({ reason: describe(error) }, 'The outbox sender failed'))
    .finally(() => {
      scanning = undefined;
      if (again) {
        again = false;
        pass();
      }
    });
}

/** Makes the sender look now (after a commit that queued something). */
export function wakeOutbox(): void {
  pass();
}

/**
 * Starts the sender: first settles what a stopped process left `sending` (decision 054: emails
 * become failed, never sent twice; channels that dedupe are sent again), then delivers due rows
 * every few seconds and whenever woken. Stops (waiting for the deliveries in progress) at shutdown.
 * With several app servers only the leader runs it (boot.ts, db/leader.ts, decision 060): the
 * rows left `sending` are then a stopped leader's, and each row is claimed atomically besides.
 */
export async function startOutboxSender(db: () => Promise<Db>): Promise<void> {
  if (timer) return;
  const settled = await settleInterruptedOutbox(await db(), redeliveredChannels(), INTERRUPTED_REASON, nowIso());
  if (settled.failed + settled.redelivered > 0) log.warn(settled, 'Deliveries interrupted by the last stop were settled');
  database = db;
  stopping = false;
  timer = setInterval(pass, pollInterval());
  timer.unref();
  unregister ??= onShutdown(stopOutboxSender);
  pass();
}

let unregister: (() => void) | undefined;

/** Stops the sender, waiting for the deliveries in progress (shutdown, or this server lost the lead). */
export async function stopOutboxSender(): Promise<void> {
  stopping = true;
  if (timer) clearInterval(timer);
  timer = undefined;
  await scanning;
  await Promise.all(workers);
}
