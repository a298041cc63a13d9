import { waitMessage } from '#domain/clock/kiosk-attempts.ts';
import type { Translate } from '../ui/machine-text.ts';

/** The wait left before the next try, as the server words it; re-rendered every second with the clock. */
export function WaitCountdown({ t, until }: { t: Translate; until: number }) {
  const { code, params } = waitMessage(Math.max(1, until - Date.now()));
  return <>{t(code, params)}</>;
}
