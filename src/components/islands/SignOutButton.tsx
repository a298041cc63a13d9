import { useState } from 'react';
import type { Language } from '../../i18n/languages.ts';
import { translator } from '../../i18n/translate.ts';
import { api } from '../../lib/client/api.ts';
import { clearSession } from '../../lib/client/session-store.ts';

/** Signs out; the browser ends signed out even when the call fails (spec section 4). */
export default function SignOutButton({ lang }: { lang: Language }) {
  const t = translator(lang);
  const [busy, setBusy] = useState(false);
  async function signOut() {
    setBusy(true);
    try {
      await api('/sign-out', { method: 'POST', lang, redirectOnExpiry: false });
    } catch {
      // Signed out locally regardless.
    }
    clearSession();
    window.location.assign('/sign-in');
  }
  return (
    <button type="button" onClick={signOut} disabled={busy} data-testid="sign-out" className="rounded-md px-3 py-2 text-sm font-medium hover:bg-gray-100 dark:hover:bg-gray-800">
      {t('common.signOut')}
    </button>
  );
}
