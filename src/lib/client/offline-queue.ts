import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { ClockAction } from '../../domain/clock/clock-engine.ts';

/**
 * The offline queue of a paired terminal (issue 20 point 5, decision 046) and of the personal clock
 * (issue 36 point 4, decision 071: `openPersonalQueue`, one per account on the device, whose
 * punches carry the work mode instead of a PIN). The terminal's: PIN and badge punches the
 * server could not take (no network, 502-504) are kept in IndexedDB with the device's time and the
 * terminal's next sequence number, then sent in order when the server is back. Face punches are
 * never queued: identifying a face offline would need the biometric gallery on the device.
 *
 * One database per paired terminal (`jornada-offline-<terminalId>`), so a browser paired again as
 * another terminal never sends the first one's punches under the second's credential. A number is
 * given and its punch stored in ONE IndexedDB transaction: a crash between the two cannot reuse it.
 * A punch leaves the queue only when the server answered for it (recorded, repeat or conflict: the
 * server keeps every one); a network failure or a refusal of the whole batch leaves it in place.
 */

export interface QueuedPunch {
  seq: number;
  action: ClockAction;
  /** The device's clock when the person punched (ISO 8601). */
  at: string;
  pin?: string;
  card?: string;
  /** A personal punch's work mode (decision 071). */
  workMode?: 'on-site' | 'remote';
}

export type NewQueuedPunch = Omit<QueuedPunch, 'seq'>;

interface QueueSchema extends DBSchema {
  punches: { key: number; value: QueuedPunch };
  /** `nextSeq`: the next number; `device`: the personal queue's random id (decision 071). */
  meta: { key: 'nextSeq' | 'device'; value: number | string };
}

/** What the server answers for a batch (POST /api/clock/offline). */
export interface BatchAnswer {
  results: readonly { seq: number; status: string }[];
  /** The terminal's last sequence number the server has seen. */
  lastSeq: number;
}

/** Sends one batch: resolves with the server's answer, rejects on a network failure or a refusal. */
export type SendBatch = (punches: readonly QueuedPunch[], sentAt: string) => Promise<BatchAnswer>;

export const QUEUE_BATCH = 50;

export interface OfflineQueue {
  /** Stores a punch with the terminal's next number; resolves once it is durably stored. */
  add(punch: NewQueuedPunch): Promise<QueuedPunch>;
  /** Every waiting punch, lowest number first. */
  pending(): Promise<QueuedPunch[]>;
  count(): Promise<number>;
  /** Removes the punches the server answered for. */
  acknowledge(seqs: readonly number[]): Promise<void>;
  /**
   * The next number is never at or below the server's last one (a cleared browser, a new
   * pairing); with nothing waiting, it comes back down to the server's next one when an
   * administrator reset the terminal's numbering (issue 34 point 6).
   */
  catchUp(serverLastSeq: number): Promise<void>;
  /** The queue's own random id, made on first use and kept with it (the personal clock's device, decision 071). */
  device(): Promise<string>;
  close(): void;
}

/**
 * The queue's next number after the server said its last one: never at or below it; and, when
 * nothing waits, no further above it than the next one (the server's numbering was reset, or
 * a number the server did not believe was never kept: decision 046, issue 34 point 6).
 */
export function nextSequence(next: number, serverLastSeq: number, waiting: number): number {
  if (next <= serverLastSeq) return serverLastSeq + 1;
  if (waiting === 0 && next > serverLastSeq + 1) return serverLastSeq + 1;
  return next;
}

export const queueName = (terminalId: number) => `jornada-offline-${terminalId}`;

export const personalQueueName = (userId: number) => `jornada-personal-offline-${userId}`;

export const openOfflineQueue = (terminalId: number) => openQueue(queueName(terminalId));

/** The personal clock's queue of an account on this device (decision 071): another account's is another database. */
export const openPersonalQueue = (userId: number) => openQueue(personalQueueName(userId));

/** A random id for a personal queue: 32 hex characters (the server accepts [A-Za-z0-9_-]{8,64}). */
function randomDeviceId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

async function openQueue(name: string): Promise<OfflineQueue> {
  const db: IDBPDatabase<QueueSchema> = await openDB<QueueSchema>(name, 1, {
    upgrade(upgrading) {
      upgrading.createObjectStore('punches', { keyPath: 'seq' });
      upgrading.createObjectStore('meta');
    },
  });
  return {
    async add(punch) {
      const tx = db.transaction(['punches', 'meta'], 'readwrite');
      const meta = tx.objectStore('meta');
      const seq = Number((await meta.get('nextSeq')) ?? 1);
      const stored: QueuedPunch = { ...punch, seq };
      await tx.objectStore('punches').add(stored);
      await meta.put(seq + 1, 'nextSeq');
      await tx.done;
      return stored;
    },
    pending: () => db.getAll('punches'),
    count: () => db.count('punches'),
    async acknowledge(seqs) {
      const tx = db.transaction('punches', 'readwrite');
      await Promise.all([...seqs.map((seq) => tx.store.delete(seq)), tx.done]);
    },
    async catchUp(serverLastSeq) {
      const tx = db.transaction(['meta', 'punches'], 'readwrite');
      const meta = tx.objectStore('meta');
      const next = Number((await meta.get('nextSeq')) ?? 1);
      const waiting = await tx.objectStore('punches').count();
      if (next !== nextSequence(next, serverLastSeq, waiting)) await meta.put(nextSequence(next, serverLastSeq, waiting), 'nextSeq');
      await tx.done;
    },
    async device() {
      const tx = db.transaction('meta', 'readwrite');
      const known = await tx.store.get('device');
      const id = typeof known === 'string' ? known : randomDeviceId();
      if (id !== known) await tx.store.put(id, 'device');
      await tx.done;
      return id;
    },
    close: () => db.close(),
  };
}

/**
 * Sends the waiting punches in order, in batches of QUEUE_BATCH, until the queue is empty or a batch
 * fails (then it stops: the rest waits for the next attempt, in order). An empty queue still asks
 * the server once (an empty batch), so the next number catches up with the server's. Resolves with
 * how many were answered and how many wait; rejects only if IndexedDB fails.
 */
export async function flushOfflineQueue(queue: OfflineQueue, send: SendBatch, now: () => Date = () => new Date()): Promise<{ sent: number; left: number }> {
  let sent = 0;
  for (let first = true; ; first = false) {
    const batch = (await queue.pending()).slice(0, QUEUE_BATCH);
    if (batch.length === 0 && !first) return { sent, left: 0 };
    let answer: BatchAnswer;
    try {
      answer = await send(batch, now().toISOString());
    } catch {
      return { sent, left: await queue.count() };
    }
    const answered = new Set(answer.results.map((r) => r.seq));
    const done = batch.filter((p) => answered.has(p.seq)).map((p) => p.seq);
    await queue.acknowledge(done);
    await queue.catchUp(answer.lastSeq);
    sent += done.length;
    // Nothing answered (an empty queue, or a server that skipped them): stop rather than loop.
    if (batch.length === 0 || done.length === 0) return { sent, left: await queue.count() };
  }
}
