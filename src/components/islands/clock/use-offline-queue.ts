import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ClockAction } from '#domain/clock/clock-engine.ts';
import type { Language } from '#i18n/languages.ts';
import { api } from '#lib/client/api.ts';
import { flushOfflineQueue, openOfflineQueue, type BatchAnswer, type OfflineQueue } from '#lib/client/offline-queue.ts';

/** While punches wait, the terminal tries the server this often (and on the browser's `online` event). */
export const OFFLINE_RETRY_MS = 5000;

/** Statuses that mean "the server cannot be reached" (decision 046): no answer, or a proxy's 502-504. */
export function serverUnreachable(status: number): boolean {
  return status === 0 || status === 502 || status === 503 || status === 504;
}

/**
 * The paired terminal's offline queue in the kiosk (decision 046): `keep` stores a PIN or badge
 * punch the server could not take; `pending` counts what waits; the queue is sent in order at
 * start, every OFFLINE_RETRY_MS while something waits, when the browser says it is online again
 * and whenever `flush` is called (the heartbeat). Without a paired terminal (`terminalId` null)
 * nothing is kept: `keep` resolves false and the kiosk shows its network error as before.
 */
export function useOfflineQueue(terminalId: number | null, lang: Language) {
  const queueRef = useRef<OfflineQueue | null>(null);
  const flushing = useRef(false);
  const [pending, setPending] = useState(0);

  const flush = useCallback(async () => {
    const queue = queueRef.current;
    if (!queue || flushing.current) return;
    flushing.current = true;
    try {
      const send = (punches: readonly unknown[], sentAt: string) => api<BatchAnswer>('/clock/offline', { method: 'POST', body: { sentAt, punches }, lang, redirectOnExpiry: false });
      const { left } = await flushOfflineQueue(queue, send);
      setPending(left);
    } catch {
      // IndexedDB failed: the punches stay where they are; the next attempt tries again.
    } finally {
      flushing.current = false;
    }
  }, [lang]);

  useEffect(() => {
    if (terminalId === null || typeof indexedDB === 'undefined') return;
    let closed = false;
    void openOfflineQueue(terminalId).then(async (queue) => {
      if (closed) return queue.close();
      queueRef.current = queue;
      setPending(await queue.count());
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
  }, [terminalId, flush]);

  useEffect(() => {
    if (pending === 0) return;
    const timer = setInterval(() => void flush(), OFFLINE_RETRY_MS);
    return () => clearInterval(timer);
  }, [pending, flush]);

  /** Keeps a punch for later; true once it is stored (the person may walk away). */
  const keep = useCallback(async (punch: { action: ClockAction; pin?: string; card?: string }): Promise<boolean> => {
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
   * Before a live PIN or badge punch: sends what waits first, so punches reach the server in the
   * order they were made. True when something still waits (then this punch must wait behind it).
   */
  const stillWaiting = useCallback(async (): Promise<boolean> => {
    const queue = queueRef.current;
    if (!queue || (await queue.count()) === 0) return false;
    await flush();
    return (await queue.count()) > 0;
  }, [flush]);

  return useMemo(() => ({ pending, keep, flush, stillWaiting, enabled: terminalId !== null }), [pending, keep, flush, stillWaiting, terminalId]);
}
