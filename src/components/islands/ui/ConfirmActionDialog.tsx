import { useState } from 'react';
import { toast } from 'sonner';
import type { Language } from '../../../i18n/languages.ts';
import { translator } from '../../../i18n/translate.ts';
import { api, ApiError } from '../../../lib/client/api.ts';
import { Dialog } from './Dialog.tsx';
import { dangerButton, secondaryButton } from './buttons.ts';

/**
 * A confirmation for an action without a body (e.g. ending sessions): `question` and a danger
 * button that sends `method` to `/api{path}`; the server's message (success or refusal) shows as
 * a toast. `action` null closes the dialog.
 */
export function ConfirmActionDialog(props: {
  lang: Language;
  action: { method: 'POST' | 'DELETE'; path: string; title: string; question: string; confirmLabel: string } | null;
  onClose: () => void;
  onDone?: () => void;
}) {
  const t = translator(props.lang);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    if (!props.action) return;
    setBusy(true);
    try {
      const answer = await api<{ message: string }>(props.action.path, { method: props.action.method, lang: props.lang });
      toast.success(answer.message);
      props.onClose();
      props.onDone?.();
    } catch (e) {
      toast.error(e instanceof ApiError ? e.message : t('errors.somethingWentWrong'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={props.action !== null} title={props.action?.title ?? ''} onClose={props.onClose} closeLabel={t('common.close')} size="sm">
      <p className="mb-6">{props.action?.question}</p>
      <div className="flex justify-end gap-2">
        <button type="button" className={secondaryButton} onClick={props.onClose}>
          {t('form.cancel')}
        </button>
        <button type="button" className={dangerButton} onClick={confirm} disabled={busy} data-testid="confirm-action">
          {props.action?.confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
