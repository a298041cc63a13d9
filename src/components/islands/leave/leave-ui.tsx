import { formatLocalDate } from '#domain/format/intl-format.ts';
import type { LeaveStatus } from '#domain/leave/leave-rules.ts';
import type { Language } from '#i18n/languages.ts';
import type { LeaveDto } from '#domain/api/records.ts';

/** A leave as the lists show it (`GET /api/leaves`). */
export type LeaveRow = Omit<LeaveDto, 'department' | 'decidedBy' | 'updatedAt'>;

export const STATUS_LABELS = { pending: 'leave.statusPending', approved: 'leave.statusApproved', declined: 'leave.statusDeclined' } as const;

const STATUS_CLASSES: Record<LeaveStatus, string> = {
  pending: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  approved: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200',
  declined: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200',
};

export function LeaveStatusBadge({ status, t }: { status: LeaveStatus; t: (key: string) => string }) {
  return (
    <span className={`inline-flex whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_CLASSES[status]}`} data-testid="leave-status" data-status={status}>
      {t(STATUS_LABELS[status])}
    </span>
  );
}

/** "3/8/2026 – 7/8/2026", or one date for a one-day leave. */
export function dateRange(from: string, to: string, lang: Language): string {
  return from === to ? formatLocalDate(from, lang) : `${formatLocalDate(from, lang)} – ${formatLocalDate(to, lang)}`;
}
