import { retryDelayMs } from '../../domain/notifications/outbox-backoff.ts';
import { nowIso, nowMs } from '../clock/now.ts';
import type { Db } from '../db/connection.ts';
import { claimOutboxRow, dueOutboxRows, markOutboxAttemptFailed, markOutboxSent, settleInterruptedOutbox, type OutboxRow } from '../db/repositories/outbox.ts';
import { log } from '../log.ts';
import { onShutdown } from '../shutdown-hooks.ts';
import { outboxChannel, PermanentDeliveryError, redeliveredChannels } from './outbox-channels.ts';

/** What an interrupted email turns into: it may have reached the server, so it is not sent again by itself. */
export const INTERRUPTED_REASON = 'Interrupted while sending (the server stopped); it may have been delivered. Retry only if it was not.';

const BATCH = 20;

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
 * trace; then sent, or pending again after the backoff, or failed.
 */
async function deliverRow(db: Db, row: OutboxRow): Promise<void> {
  if (!(await claimOutboxRow(db, row.id, nowIso()))) return;
  const attempts = row.attempts + 1;
  const channel = outboxChannel(row.channel);
  try {
    if (!channel) throw new Error(`No channel "${row.channel}" in this version.`);
    await channel.deliver({ ...row, attempts, status: 'sending' });
    await markOutboxSent(db, row.id, nowIso());
  } catch (error) {
    const permanent = error instanceof PermanentDeliveryError;
    const delay = permanent ? null : retryDelayMs(attempts);
    const retryAt = delay === null ? null : new Date(nowMs() + delay).toISOString();
    await markOutboxAttemptFailed(db, row.id, describe(error), retryAt, nowIso());
    log.warn({ outboxId: row.id, channel: row.channel, kind: row.kind, attempts, retryAt, reason: describe(error) }, retryAt ? 'Delivery failed; it will be retried' : 'Delivery failed for good');
  }
}

/** Delivers every row due now (one pass, in order); returns how many it tried. */
export async function drainOutbox(db: Db): Promise<number> {
  let tried = 0;
  for (;;) {
    const rows = await dueOutboxRows(db, nowIso(), BATCH);
    if (rows.length === 0) return tried;
    for (const row of rows) {
      if (stopping) return tried;
      await deliverRow(db, row);
      tried += 1;
    }
  }
}

let timer: NodeJS.Timeout | undefined;
let running: Promise<unknown> | undefined;
let again = false;
let stopping = false;
let database: (() => Promise<Db>) | undefined;

function pass(): void {
  if (!database || stopping) return;
  if (running) {
    again = true;
    return;
  }
  const db = database;
  running = db()
    .then(drainOutbox)
    .catch((error: unknown) => log.error({ reason: describe(error) }, 'The outbox sender failed'))
    .finally(() => {
      running = undefined;
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
 * every few seconds and whenever woken. Stops (waiting for the delivery in progress) at shutdown.
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

/** Stops the sender, waiting for the delivery in progress (shutdown, or this server lost the lead). */
export async function stopOutboxSender(): Promise<void> {
  stopping = true;
  if (timer) clearInterval(timer);
  timer = undefined;
  await running;
}
