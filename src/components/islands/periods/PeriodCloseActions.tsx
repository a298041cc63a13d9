import { CheckCheck, Lock } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { Language } from '#i18n/languages.ts';
import { translator } from '#i18n/translate.ts';
import { api } from '#lib/client/api.ts';
import { showFlash } from '#lib/client/flash.ts';
import { AppToaster } from '../ui/AppToaster.tsx';
import { inputClass, primaryButton, secondaryButton } from '../ui/buttons.ts';
import { Dialog } from '../ui/Dialog.tsx';
import { useApiAction } from '#lib/client/use-api-action.ts';

interface Props {
  lang: Language;
  /** A date of the shown period (the API finds the period containing it). */
  date: string;
  /** Has the period ended (may it be approved)? */
  ended: boolean;
  /** Employees shown whose period is not locked ("approve all"). */
  openCount: number;
  /** The id of the table the server rendered (period-close-html.ts). */
  tableId: string;
  /** The period as the page names it ("noviembre de 2026"), for the confirmation and the result. */
  periodLabel: string;
  /** Employees shown whose period is approved and locked. */
  lockedCount: number;
}

const alertClass = 'rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200';

/**
 * The month-close screen's actions (decision 051) over the table the server rendered as HTML (500
 * rows stay fast that way): it follows the table's checkboxes (`data-period-select`), approves the
 * selected employees or every one shown whose period is not locked (only once the period has
 * ended), and opens a dialog for the written reason of a Reopen button (`data-period-reopen`,
 * disabled until this island runs). Approving asks first (it locks the period, issue 37); every
 * answer reloads the page with a flash message, where the period then reads as approved and
 * locked; a refusal stays on screen.
 */
export default function PeriodCloseActions({ lang, date, ended, openCount, tableId, periodLabel, lockedCount }: Props) {
  const t = translator(lang);
  const [selected, setSelected] = useState<number[]>([]);
  const [reopening, setReopening] = useState<{ id: number; name: string } | null>(null);
  const [reason, setReason] = useState('');
  // Approving locks the period: the employees it would approve wait here for a confirmation (issue 37).
  const [confirming, setConfirming] = useState<number[] | null>(null);
  const { run, busy } = useApiAction(lang);
  const [error, setError] = useState<{ message: string; fields: Record<string, string> }>();
  useEffect(() => showFlash(), []);

  useEffect(() => {
    const table = document.getElementById(tableId);
    if (!table) return;
    const onChange = () => setSelected([...table.querySelectorAll<HTMLInputElement>('input[data-period-select]')].filter((b) => b.checked).map((b) => Number(b.dataset['periodSelect'])));
    const onClick = (event: Event) => {
      const button = (event.target as Element).closest<HTMLButtonElement>('button[data-period-reopen]');
      if (!button) return;
      setReason('');
      setError(undefined);
      setReopening({ id: Number(button.dataset['periodReopen']), name: button.dataset['name'] ?? '' });
    };
    table.addEventListener('change', onChange);
    table.addEventListener('click', onClick);
    for (const b of table.querySelectorAll<HTMLButtonElement>('button[data-period-reopen]')) b.disabled = false;
    onChange();
    return () => {
      table.removeEventListener('change', onChange);
      table.removeEventListener('click', onClick);
    };
  }, [tableId]);

  async function send(call: () => Promise<{ message: string }>) {
    setError(undefined);
    await run(call, {
      success: 'flash',
      then: () => {
        setConfirming(null);
        return 'reload';
      },
      onError: (message, failure) => setError({ message, fields: failure.fields }),
    });
  }
  const shownOpen = () => [...(document.getElementById(tableId)?.querySelectorAll<HTMLInputElement>('input[data-period-select]') ?? [])].map((b) => Number(b.dataset['periodSelect']));

  return (
    <>
      <AppToaster />
      {error && !reopening && !confirming && (
        <p role="alert" className={`${alertClass} mb-3`} data-testid="period-error">
          {error.message}
        </p>
      )}
      {lockedCount > 0 && (
        <p role="status" className="mb-3 flex items-center gap-2 rounded-lg border border-line bg-primary-subtle px-4 py-3 text-sm" data-testid="period-locked-summary">
          <Lock size={16} aria-hidden="true" className="shrink-0" />
          {openCount === 0 ? t('periods.lockedAll', { period: periodLabel, count: lockedCount }) : t('periods.lockedSome', { period: periodLabel, count: lockedCount, total: lockedCount + openCount })}
        </p>
      )}
      <div className="mb-3 flex flex-wrap items-center gap-2">
        {openCount > 0 && (
          <>
            <button type="button" className={primaryButton} disabled={busy || !ended || selected.length === 0} onClick={() => setConfirming(selected)} data-testid="approve-selected">
              <CheckCheck size={16} aria-hidden="true" />
              {t('periods.approveSelected', { count: selected.length })}
            </button>
            <button type="button" className={secondaryButton} disabled={busy || !ended} onClick={() => setConfirming(shownOpen())} data-testid="approve-all">
              {t('periods.approveAll', { count: openCount })}
            </button>
          </>
        )}
        {!ended && (
          <span className="text-sm text-muted" data-testid="period-not-ended">
            {t('periods.notEndedHint')}
          </span>
        )}
      </div>
      <Dialog open={confirming !== null} title={t('periods.confirmTitle', { period: periodLabel, count: confirming?.length ?? 0 })} onClose={() => setConfirming(null)} closeLabel={t('form.cancel')} size="sm">
        <div className="flex flex-col gap-3" data-testid="approve-confirm-dialog">
          {error && (
            <p role="alert" className={alertClass}>
              {error.message}
            </p>
          )}
          <p className="text-sm">{t('periods.confirmBody', { period: periodLabel, count: confirming?.length ?? 0 })}</p>
          <div className="mt-2 flex justify-end gap-2">
            <button type="button" className={secondaryButton} onClick={() => setConfirming(null)}>
              {t('form.cancel')}
            </button>
            <button
              type="button"
              className={primaryButton}
              disabled={busy}
              onClick={() => confirming && void send(() => api('POST /api/periods/approve', { body: { date, employees: confirming }, lang }))}
              data-testid="approve-confirm"
            >
              <Lock size={16} aria-hidden="true" />
              {t('periods.confirmApprove')}
            </button>
          </div>
        </div>
      </Dialog>
      <Dialog open={reopening !== null} title={t('periods.reopenTitle', { name: reopening?.name ?? '' })} onClose={() => setReopening(null)} closeLabel={t('form.cancel')} size="sm">
        <form
          className="flex flex-col gap-2"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (reopening) void send(() => api('POST /api/periods/reopen', { body: { date, employee: reopening.id, reason }, lang }));
          }}
        >
          {error && (
            <p role="alert" className={alertClass} data-testid="period-reopen-error">
              {error.message}
            </p>
          )}
          <label htmlFor="period-reopen-reason" className="text-sm font-medium">
            {t('periods.reopenReason')}
          </label>
          <textarea
            id="period-reopen-reason"
            rows={3}
            maxLength={1000}
            className={`${inputClass} py-2`}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            aria-invalid={!!error?.fields['reason']}
            data-testid="period-reopen-reason"
          />
          <span className="text-xs text-muted">{t('periods.reopenHint')}</span>
          <div className="mt-2 flex justify-end gap-2">
            <button type="button" className={secondaryButton} onClick={() => setReopening(null)}>
              {t('form.cancel')}
            </button>
            <button type="submit" className={primaryButton} disabled={busy} data-testid="period-reopen-confirm">
              {t('periods.reopenConfirm')}
            </button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
