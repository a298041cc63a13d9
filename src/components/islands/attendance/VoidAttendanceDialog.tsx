import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import type { Language } from '#i18n/languages.ts';
import { translator } from '#i18n/translate.ts';
import { api } from '#lib/client/api.ts';
import { Dialog } from '../ui/Dialog.tsx';
import { RequiredMark } from '../ui/required-fields.tsx';
import { dangerButton, inputClass, secondaryButton } from '../ui/buttons.ts';
import { useApiAction } from '#lib/client/use-api-action.ts';

/**
 * Voids a manual day with a required written reason (decision 033): `POST /api/attendances/{id}/void`.
 * The server's refusal shows under the field (a missing reason) or as a toast; success as a toast.
 */
export function VoidAttendanceDialog(props: {
  lang: Language;
  /** The day to void, or null when the dialog is closed. */
  target: { id: number; name: string } | null;
  onClose: () => void;
  onVoided: () => void;
}) {
  const t = translator(props.lang);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { run, busy } = useApiAction(props.lang);
  useEffect(() => {
    setReason('');
    setError(null);
  }, [props.target?.id]);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const target = props.target;
    if (!target) return;
    setError(null);
    await run(() => api('POST /api/attendances/{id}/void', { params: [target.id], body: { reason }, lang: props.lang }), {
      success: 'toast',
      then: () => props.onVoided(),
      // A refused reason shows under its field instead of a toast.
      onError: (message, failure) => (failure.fields['reason'] ? setError(failure.fields['reason']) : toast.error(message)),
    });
  }

  return (
    <Dialog open={props.target !== null} title={t('attendance.voidTitle')} onClose={props.onClose} closeLabel={t('common.close')} size="sm">
      <form onSubmit={submit} noValidate>
        <p className="mb-4">{t('attendance.voidQuestion', { name: props.target?.name ?? '' })}</p>
        <label className="mb-6 flex flex-col gap-1 text-sm">
          <span className="font-medium">
            {t('attendance.voidReason')}
            <RequiredMark required />
          </span>
          <textarea
            className={`${inputClass} min-h-20 py-2`}
            value={reason}
            required
            maxLength={500}
            aria-invalid={error !== null}
            aria-describedby={error ? 'void-reason-error' : undefined}
            onChange={(e) => setReason(e.target.value)}
            data-testid="void-reason"
          />
          {error && (
            <span id="void-reason-error" className="text-sm text-red-700 dark:text-red-400" role="alert">
              {error}
            </span>
          )}
        </label>
        <div className="flex justify-end gap-2">
          <button type="button" className={secondaryButton} onClick={props.onClose}>
            {t('form.cancel')}
          </button>
          <button type="submit" className={dangerButton} disabled={busy} data-testid="confirm-void">
            {t('attendance.voidConfirm')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
