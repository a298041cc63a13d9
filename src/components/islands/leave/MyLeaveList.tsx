import { useEffect, useMemo, useState } from 'react';
import { datePeriod } from '#i18n/date-period.ts';
import { Palmtree, Pencil, Plus, Undo2 } from 'lucide-react';
import { AppToaster } from '../ui/AppToaster.tsx';
import { formatDate, formatLocalDate } from '#domain/format/intl-format.ts';
import type { Language } from '#i18n/languages.ts';
import { translator } from '#i18n/translate.ts';
import { api } from '#lib/client/api.ts';
import { showFlash } from '#lib/client/flash.ts';
import { DataTable, type Column } from '../ui/DataTable.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { compactSelect, dangerButton, iconButton, primaryButton, secondaryButton } from '../ui/buttons.ts';
import { leaveDatesColumn, leaveStatusColumn, leaveTypeColumn } from './leave-columns.tsx';
import { STATUS_LABELS, type LeaveRow } from './leave-ui.tsx';
import { useApiAction } from '#lib/client/use-api-action.ts';

interface Props {
  lang: Language;
  timezone: string;
  /** The signed-in user's employee (an admin in the personal area lists only their own leave too). */
  employeeId: number;
  canRequest: boolean;
}

/**
 * The employee's own requests: the decision and its comment as soon as there is one; a pending
 * request can still be edited or withdrawn ("Leave discarded!").
 */
export default function MyLeaveList({ lang, timezone, employeeId, canRequest }: Props) {
  const t = translator(lang);
  const [status, setStatus] = useState('');
  const [version, setVersion] = useState(0);
  const [withdrawing, setWithdrawing] = useState<LeaveRow | null>(null);
  const { run, busy } = useApiAction(lang);

  useEffect(() => showFlash(), []);
  const filters = useMemo(() => ({ employee: String(employeeId), ...(status ? { status } : {}) }), [employeeId, status]);
  const day = (d: string) => formatLocalDate(d, lang);

  const columns = useMemo<Column<LeaveRow>[]>(
    () => [
      leaveTypeColumn(t, true),
      leaveDatesColumn(t, lang, true),
      leaveStatusColumn(t),
      {
        id: 'comment',
        header: t('leave.decision'),
        cell: (l) =>
          l.status === 'pending' ? (
            <span className="text-xs text-muted">{t('leave.notDecided')}</span>
          ) : (
            <div className="max-w-64 text-sm" data-testid="leave-decision">
              {l.comment && (
                <p className="line-clamp-3" data-testid="leave-comment">
                  {l.comment}
                </p>
              )}
              {l.decidedAt && (
                <p className="text-xs text-muted">
                  {l.decidedByName ? t('leave.decidedBy', { name: l.decidedByName, date: formatDate(l.decidedAt, lang, timezone) }) : t('leave.decidedOn', { date: formatDate(l.decidedAt, lang, timezone) })}
                </p>
              )}
            </div>
          ),
      },
    ],
    [lang], // eslint-disable-line react-hooks/exhaustive-deps -- t and the cell helpers are rebuilt every render from lang; the columns change only with it (timezone is a fixed prop)
  );

  async function withdraw() {
    if (!withdrawing) return;
    await run(() => api('POST /api/leaves/{id}/withdraw', { params: [withdrawing._id], lang }), {
      success: 'toast',
      then: () => {
        setWithdrawing(null);
        setVersion((n) => n + 1);
      },
    });
  }

  const addLink = canRequest ? (
    <a href="/personal/leave-create" className={primaryButton} data-testid="request-leave">
      <Plus size={18} aria-hidden="true" />
      {t('leave.newRequest')}
    </a>
  ) : null;

  return (
    <>
      <AppToaster />
      <DataTable<LeaveRow>
        lang={lang}
        path="/leaves"
        columns={columns}
        defaultSort="from"
        defaultDir="desc"
        filters={filters}
        version={version}
        empty={{ icon: Palmtree, title: t('emptyStates.myLeave.title'), text: t('emptyStates.myLeave.text'), action: addLink }}
        filtered={status !== ''}
        noResultsTitle={t('messages.noLeaveFound')}
        onClearFilters={() => setStatus('')}
        toolbar={
          <>
            <select aria-label={t('fields.status')} value={status} onChange={(e) => setStatus(e.target.value)} className={compactSelect} data-testid="filter-status">
              <option value="">{t('leave.allStatuses')}</option>
              {Object.entries(STATUS_LABELS).map(([s, key]) => (
                <option key={s} value={s}>
                  {t(key)}
                </option>
              ))}
            </select>
            {addLink}
          </>
        }
        rowActions={(l) =>
          l.status === 'pending' ? (
            <div className="flex gap-1">
              <a
                href={`/personal/leave-edit/${l._id}`}
                className={iconButton}
                aria-label={t('leave.editNamed', { period: datePeriod(t, day(l.from), day(l.to), l.from === l.to) })}
                title={t('form.edit')}
                data-testid="edit-leave"
              >
                <Pencil size={16} aria-hidden="true" />
              </a>
              <button
                type="button"
                className={iconButton}
                aria-label={t('leave.withdrawNamed', { period: datePeriod(t, day(l.from), day(l.to), l.from === l.to) })}
                title={t('leave.withdraw')}
                onClick={() => setWithdrawing(l)}
                data-testid="withdraw-leave"
              >
                <Undo2 size={16} aria-hidden="true" />
              </button>
            </div>
          ) : null
        }
      />
      <Dialog open={withdrawing !== null} title={t('leave.withdrawTitle')} onClose={() => setWithdrawing(null)} closeLabel={t('common.close')} size="sm">
        <p className="mb-1">{withdrawing && t('leave.withdrawQuestion', { type: withdrawing.leaveTypeName, period: datePeriod(t, day(withdrawing.from), day(withdrawing.to), withdrawing.from === withdrawing.to) })}</p>
        <p className="mb-6 text-sm text-muted">{t('messages.cannotBeUndone')}</p>
        <div className="flex justify-end gap-2">
          <button type="button" className={secondaryButton} onClick={() => setWithdrawing(null)}>
            {t('form.cancel')}
          </button>
          <button type="button" className={dangerButton} onClick={withdraw} disabled={busy} data-testid="confirm-withdraw">
            {t('leave.withdraw')}
          </button>
        </div>
      </Dialog>
    </>
  );
}
