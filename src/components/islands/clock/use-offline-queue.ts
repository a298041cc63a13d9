import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Language } from '#i18n/languages.ts';
import { api } from '#lib/client/api.ts';
import { flushOfflineQueue, openOfflineQueue, type BatchAnswer, type NewQueuedPunch, type OfflineQueue, type QueuedPunch } from '#lib/client/offline-queue.ts';

/** While punches wait, the device tries the server this often (and on the browser's `online` event). */
export const OFFLINE_RETRY_MS = 5000;

/** Statuses that mean "the server cannot be reached" (decision 046): no answer, or a proxy's 502-504. */
export function serverUnreachable(status: number): boolean {
  return status === 0 || status === 502 || status === 503 || status === 504;
}

/** Sends one batch of a queue (its device id is there to ask). */
export type SendKept = (queue: OfflineQueue, punches: readonly QueuedPunch[], sentAt: string) => Promise<BatchAnswer>;

/**
 * A device's offline queue in an island (decisions 046 and 071): `keep` stores a punch the server
 * could not take; `pending` counts what waits; the queue is sent in order (`send`) at start,
 * every OFFLINE_RETRY_MS while something waits, when the browser says it is online again and
 * whenever `flush` is called. With `open` null (an unpaired kiosk) nothing is kept: `keep`
 * resolves false and the island shows its network error as before. `onWaiting` is given what
 * still waits when the queue opens (a page loaded offline can show it), before the first send.
 */
export function useKeptPunches(open: (() => Promise<OfflineQueue>) | null, send: SendKept, onWaiting?: (punches: QueuedPunch[]) => void) {
  const queueRef = useRef<OfflineQueue | null>(null);
  const sendRef = useRef(send);
  sendRef.current = send;
  const waitingRef = useRef(onWaiting);
  waitingRef.current = onWaiting;
  const flushing = useRef(false);
  const [pending, setPending] = useState(0);

  const flush = useCallback(async () => {
    const queue = queueRef.current;
    if (!queue || flushing.current) return;
    flushing.current = true;
    try {
      const { left } = await flushOfflineQueue(queue, (punches, sentAt) => sendRef.current(queue, punches, sentAt));
      setPending(left);
    } catch {
      // IndexedDB failed: the punches stay where they are; the next attempt tries again.
    } finally {
      flushing.current = false;
    }
  }, []);

  useEffect(() => {
    if (open === null || typeof indexedDB === 'undefined') return;
    let closed = false;
    void open().then(async (queue) => {
      if (closed) return queue.close();
      queueRef.current = queue;
      const waiting = await queue.pending();
      setPending(waiting.length);
      if (waiting.length > 0) waitingRef.current?.(waiting);
      await flush();
    });
    const online = () => void flush();
    window.addEventListener('online', online);
    return () => {
      closed = true;
      window.removeEventListener('online', online);
      queueRef.current?.close();
      queueRef.current = null;
    };
  }, [open, flush]);

  useEffect(() => {
    if (pending === 0) return;
    const timer = setInterval(() => void flush(), OFFLINE_RETRY_MS);
    return () => clearInterval(timer);
  }, [pending, flush]);

  /** Keeps a punch for later, at the device's time now; true once it is stored (the person may walk away). */
  const keep = useCallback(async (punch: Omit<NewQueuedPunch, 'at'>): Promise<boolean> => {
    const queue = queueRef.current;
    if (!queue) return false;
    try {
      await queue.add({ ...punch, at: new Date().toISOString() });
      setPending(await queue.count());
      return true;
    } catch {
      return false;
    }
  }, []);

  /**
   * Before a live punch: sends what waits first, so punches reach the server in the order they
   * were made. True when something still waits (then this punch must wait behind it).
   */
  const stillWaiting = useCallback(async (): Promise<boolean> => {
    const queue = queueRef.current;
    if (!queue || (await queue.count()) === 0) return false;
    await flush();
    return (await queue.count()) > 0;
  }, [flush]);

  return useMemo(() => ({ pending, keep, flush, stillWaiting, enabled: open !== null }), [pending, keep, flush, stillWaiting, open]);
}

/**
 * The paired terminal's offline queue in the kiosk (decision 046): PIN and badge punches, sent to
 * `POST /api/clock/offline`. Without a paired terminal (`terminalId` null) nothing is kept.
 */
export function useOfflineQueue(terminalId: number | null, lang: Language) {
  const open = useMemo(() => (terminalId === null ? null : () => openOfflineQueue(terminalId)), [terminalId]);
  const send = useCallback<SendKept>((_queue, punches, sentAt) => api('POST /api/clock/offline', { body: { sentAt, punches }, lang, redirectOnExpiry: false }), [lang]);
  return useKeptPunches(open, send);
}
