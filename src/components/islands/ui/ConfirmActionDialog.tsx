import type { Language } from '#i18n/languages.ts';
import { translator } from '#i18n/translate.ts';
import { api } from '#lib/client/api.ts';
import { Dialog } from './Dialog.tsx';
import { dangerButton, secondaryButton } from './buttons.ts';
import { useApiAction } from '#lib/client/use-api-action.ts';

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
  const { run, busy } = useApiAction(props.lang);

  async function confirm() {
    const action = props.action;
    if (!action) return;
    await run(() => api<{ message: string }>(action.path, { method: action.method, lang: props.lang }), {
      success: 'toast',
      then: () => {
        props.onClose();
        props.onDone?.();
      },
    });
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
