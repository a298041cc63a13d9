import type { Language } from '#i18n/languages.ts';
import { translator } from '#i18n/translate.ts';
import { api } from '#lib/client/api.ts';
import { Dialog } from '../ui/Dialog.tsx';
import { dangerButton, secondaryButton } from '../ui/buttons.ts';
import { useApiAction } from '#lib/client/use-api-action.ts';

/**
 * "Delete “name”? This action cannot be undone." Calls `DELETE /api{path}`; the server's answer
 * (success or refusal, e.g. a role still in use) shows as a toast.
 */
export function ConfirmDeleteDialog(props: {
  lang: Language;
  /** What is being deleted, or null when the dialog is closed. */
  target: { path: string; name: string } | null;
  thing: string;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const t = translator(props.lang);
  const { run, busy } = useApiAction(props.lang);

  async function confirm() {
    const target = props.target;
    if (!target) return;
    await run(() => api<{ message: string }>(target.path, { method: 'DELETE', lang: props.lang }), { success: 'toast', then: () => props.onDeleted() });
  }

  return (
    <Dialog open={props.target !== null} title={t('form.deleteTitle', { thing: props.thing })} onClose={props.onClose} closeLabel={t('common.close')} size="sm">
      <p className="mb-1">{t('form.deleteQuestion', { name: props.target?.name ?? '' })}</p>
      <p className="mb-6 text-sm text-muted">{t('messages.cannotBeUndone')}</p>
      <div className="flex justify-end gap-2">
        <button type="button" className={secondaryButton} onClick={props.onClose}>
          {t('form.cancel')}
        </button>
        <button type="button" className={dangerButton} onClick={confirm} disabled={busy} data-testid="confirm-delete">
          {t('form.delete')}
        </button>
      </div>
    </Dialog>
  );
}
