import { formatLocalDate } from '#domain/format/intl-format.ts';
import type { Language } from '#i18n/languages.ts';
import type { Column } from '../ui/DataTable.tsx';
import { dateRange, LeaveStatusBadge, type LeaveRow } from './leave-ui.tsx';

type T = (key: string, params?: Record<string, unknown>) => string;

/**
 * The columns the administrators' leave list and the employee's own list share. `own` is the
 * employee's list: a narrower, bold type cell and the return date under the dates.
 */
export function leaveTypeColumn(t: T, own: boolean): Column<LeaveRow> {
  return {
    id: 'leaveType',
    header: t('leave.type'),
    sortKey: 'leaveType',
    cell: (l) => (
      <div className={own ? 'min-w-36 max-w-64' : 'min-w-40 max-w-72'}>
        <div className={own ? 'font-medium' : undefined}>{l.leaveTypeName}</div>
        <div className="line-clamp-2 text-xs text-muted" title={l.reason}>
          {l.reason}
        </div>
      </div>
    ),
  };
}

export function leaveDatesColumn(t: T, lang: Language, own: boolean): Column<LeaveRow> {
  return {
    id: 'from',
    header: t('leave.dates'),
    sortKey: 'from',
    cell: (l) => (
      <div className="whitespace-nowrap tabular-nums">
        <div>{dateRange(l.from, l.to, lang)}</div>
        <div className="text-xs text-muted">
          {t('leave.workingDays', { days: l.days })}
          {own && l.returnDate && ` · ${t('leave.backOn', { date: formatLocalDate(l.returnDate, lang) })}`}
        </div>
      </div>
    ),
  };
}

export function leaveStatusColumn(t: T): Column<LeaveRow> {
  return { id: 'status', header: t('fields.status'), sortKey: 'status', cell: (l) => <LeaveStatusBadge status={l.status} t={t} /> };
}
