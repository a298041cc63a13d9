import type { CorrectionRequestDto } from '#domain/api/records.ts';

/** Colours of a request's status pill (decision 034), readable in both themes. */
const STATUS_CLASS: Record<CorrectionRequestDto['status'], string> = {
  pending: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  approved: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200',
  declined: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200',
  withdrawn: 'bg-gray-200 text-gray-800 dark:bg-gray-800 dark:text-gray-200',
};

export function StatusPill({ status, label }: { status: CorrectionRequestDto['status']; label: string }) {
  return (
    <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_CLASS[status]}`} data-testid="request-status" data-status={status}>
      {label}
    </span>
  );
}

/** Proposed local times of a request, as typed: `08:00–17:00 (13:00–14:00)`. */
export const proposedTimes = (r: Pick<CorrectionRequestDto, 'timeIn' | 'timeOut' | 'breakIn' | 'breakOut'>) => `${r.timeIn}–${r.timeOut ?? '…'}${r.breakIn ? ` (${r.breakIn}–${r.breakOut ?? '…'})` : ''}`;

export const alertClass = 'rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200';
