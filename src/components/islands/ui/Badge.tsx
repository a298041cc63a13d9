import type { ReactNode } from 'react';

/** A status pill: green for an active/current/enabled state, grey otherwise. */
export function Badge({ on, children }: { on: boolean; children: ReactNode }) {
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${on ? 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200' : 'bg-gray-200 text-gray-800 dark:bg-gray-800 dark:text-gray-200'}`}
    >
      {children}
    </span>
  );
}
