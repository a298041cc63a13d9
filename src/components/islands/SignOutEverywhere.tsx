import { useState } from 'react';
import { LogOut } from 'lucide-react';
import type { Language } from '../../i18n/languages.ts';
import { translator } from '../../i18n/translate.ts';
import { ConfirmActionDialog } from './ui/ConfirmActionDialog.tsx';
import { secondaryButton } from './ui/buttons.ts';

/**
 * Account settings: "Sign out everywhere" ends every other session of the account after a
 * confirmation (decision 023); this browser stays signed in. The toast shows the server's answer
 * (the Toaster is the change-password form's, on the same page).
 */
export default function SignOutEverywhere({ lang }: { lang: Language }) {
  const t = translator(lang);
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={secondaryButton} onClick={() => setOpen(true)} data-testid="sign-out-everywhere">
        <LogOut size={16} aria-hidden="true" />
        {t('account.signOutEverywhere')}
      </button>
      <ConfirmActionDialog
        lang={lang}
        action={
          open
            ? {
                method: 'POST',
                path: '/account/sign-out-everywhere',
                title: t('account.signOutEverywhere'),
                question: t('account.signOutEverywhereConfirm'),
                confirmLabel: t('account.signOutEverywhere'),
              }
            : null
        }
        onClose={() => setOpen(false)}
      />
    </>
  );
}
