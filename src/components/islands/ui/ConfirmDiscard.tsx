import { useState, type ReactNode } from 'react';
import type { Language } from '#i18n/languages.ts';
import { translator } from '#i18n/translate.ts';
import { Dialog } from './Dialog.tsx';
import { dangerButton, secondaryButton } from './buttons.ts';

/**
 * "Discard" on a form (issue 17.10): a form with changes asks before throwing them away; an
 * untouched one leaves at once. `request()` is the Discard button's handler; render `dialog`.
 */
export function useConfirmDiscard(lang: Language, dirty: boolean, leave: () => void): { request: () => void; dialog: ReactNode } {
  const t = translator(lang);
  const [asking, setAsking] = useState(false);
  const request = () => (dirty ? setAsking(true) : leave());
  const dialog = (
    <Dialog open={asking} title={t('discardForm.title')} onClose={() => setAsking(false)} closeLabel={t('common.close')} size="sm">
      <p className="mb-6">{t('discardForm.question')}</p>
      <div className="flex justify-end gap-2">
        <button type="button" className={secondaryButton} onClick={() => setAsking(false)} data-testid="keep-editing">
          {t('discardForm.keepEditing')}
        </button>
        <button type="button" className={dangerButton} onClick={leave} data-testid="confirm-discard">
          {t('discardForm.discard')}
        </button>
      </div>
    </Dialog>
  );
  return { request, dialog };
}
