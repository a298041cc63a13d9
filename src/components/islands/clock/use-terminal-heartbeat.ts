import { useEffect } from 'react';

/** Every minute, as decision 042 says: the admin's "silent" warning counts on it (minimum 5 min). */
export const HEARTBEAT_MS = 60_000;

/** Dispatched on `window` after each heartbeat: `{ok}` — other kiosk parts (the offline queue) may listen. */
export const HEARTBEAT_EVENT = 'jornada:terminal-heartbeat';

export type HeartbeatResult = 'ok' | 'unknown' | 'unreachable';

/** One heartbeat: `GET /api/terminal` with the terminal's cookie. 401 = revoked or unknown. */
export async function beat(): Promise<HeartbeatResult> {
  try {
    const response = await fetch('/api/terminal', { headers: { accept: 'application/json' }, credentials: 'same-origin', cache: 'no-store', signal: AbortSignal.timeout(15_000) });
    if (response.status === 401) return 'unknown';
    return response.ok ? 'ok' : 'unreachable';
  } catch {
    return 'unreachable';
  }
}

/**
 * The paired kiosk's heartbeat (decision 042): refreshes `last_seen_at` on the server every
 * minute and when the screen becomes visible again. When the server no longer knows the
 * credential (revoked) `onLost` runs — the page reloads and the server shows the revoked screen.
 * Network errors are not a verdict: the terminal keeps working and tries again next minute.
 */
export function useTerminalHeartbeat(enabled: boolean, onLost: () => void): void {
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    const run = async () => {
      const result = await beat();
      if (!live) return;
      window.dispatchEvent(new CustomEvent(HEARTBEAT_EVENT, { detail: { ok: result === 'ok' } }));
      if (result === 'unknown') onLost();
    };
    const timer = setInterval(() => void run(), HEARTBEAT_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void run();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      live = false;
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [enabled, onLost]);
}
