import { useState } from 'react';
import { ShieldOff } from 'lucide-react';
import type { Language } from '#i18n/languages.ts';
import { translator } from '#i18n/translate.ts';
import { ConfirmActionDialog } from '../ui/ConfirmActionDialog.tsx';
import { secondaryButton } from '../ui/buttons.ts';

/**
 * Users › edit, for a SuperAdmin on someone else's account (decision 090): "Reset two-step sign-in"
 * removes their authenticator app, recovery codes, passkeys and remembered devices after a
 * confirmation (the toast shows in the user form's Toaster). The server checks again (SuperAdmin
 * only, not their own account).
 */
export default function ResetTwoFactor({ lang, userId, name }: { lang: Language; userId: number; name: string }) {
  const t = translator(lang);
  const [open, setOpen] = useState(false);
  return (
    <section className="mt-6 rounded-2xl border border-line bg-card p-6" aria-labelledby="user-two-factor" data-testid="reset-two-factor">
      <h2 id="user-two-factor" className="mb-1 text-lg font-semibold">
        {t('twoFactor.sectionTitle')}
      </h2>
      <p className="mb-4 text-sm text-muted">{t('twoFactor.resetHint')}</p>
      <button type="button" className={secondaryButton} onClick={() => setOpen(true)} data-testid="reset-two-factor-button">
        <ShieldOff size={16} aria-hidden="true" />
        {t('twoFactor.reset')}
      </button>
      <ConfirmActionDialog
        lang={lang}
        action={open ? { method: 'DELETE', path: `/users/${userId}/two-factor`, title: t('twoFactor.reset'), question: t('twoFactor.resetConfirm', { name }), confirmLabel: t('twoFactor.reset') } : null}
        onClose={() => setOpen(false)}
      />
    </section>
  );
}
