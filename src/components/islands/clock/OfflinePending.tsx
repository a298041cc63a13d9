import { CloudOff } from 'lucide-react';
import type { Translate } from '../ui/machine-text.ts';

/** How many punches this terminal keeps until the server is back (decision 046); nothing when none. */
export function OfflinePending({ t, count }: { t: Translate; count: number }) {
  if (count === 0) return null;
  return (
    <p
      role="status"
      className="mx-auto inline-flex items-center gap-2 self-center rounded-full bg-amber-100 px-4 py-1 text-sm font-semibold text-amber-900 dark:bg-amber-950 dark:text-amber-200"
      data-testid="offline-pending"
      data-count={count}
    >
      <CloudOff size={16} aria-hidden="true" />
      {t('kiosk.offlinePending', { count })}
    </p>
  );
}
