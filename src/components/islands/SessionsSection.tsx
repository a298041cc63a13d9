import { useCallback, useEffect, useState } from 'react';
import { LogOut } from 'lucide-react';
import { signInMethodLabel, type AccountSessionDto } from '#domain/auth/account-sessions.ts';
import { formatDate, formatTime } from '#domain/format/intl-format.ts';
import type { Language } from '../../i18n/languages.ts';
import { translator } from '../../i18n/translate.ts';
import { api, SAVED_EVENT } from '#lib/client/api.ts';
import { forgetShell } from '#lib/client/offline-shell.ts';
import { clearSession } from '#lib/client/session-store.ts';
import { Badge } from './ui/Badge.tsx';
import { ConfirmActionDialog } from './ui/ConfirmActionDialog.tsx';
import { secondaryButton } from './ui/buttons.ts';

/**
 * Account settings › Sessions (decision 093): every live session of the account with its device,
 * address, sign-in time, last activity and method; "This device" marks the one in use. Each one can
 * be ended after a confirmation; ending this device's is a sign-out. A list of cards, so it reads
 * the same at 390 px as in the half-width card at 1440 px.
 */
export default function SessionsSection({ lang, timeZone, timeFormat }: { lang: Language; timeZone: string; timeFormat: string }) {
  const t = translator(lang);
  const [sessions, setSessions] = useState<AccountSessionDto[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [ending, setEnding] = useState<AccountSessionDto | null>(null);
  const when = (at: string | null) => (at ? `${formatDate(at, lang, timeZone)} ${formatTime(at, lang, timeZone, timeFormat)}` : '—');

  const load = useCallback(async () => {
    try {
      setSessions((await api('GET /api/account/sessions', { lang })).data);
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, [lang]);

  useEffect(() => {
    void load();
    // "Sign out everywhere" beside this list ends sessions too: list again after it (only then: after
    // this browser's own sign-out a reload would answer 401 and send it elsewhere than /sign-in).
    const again = (event: Event) => {
      if ((event as CustomEvent<{ path?: string }>).detail?.path === '/account/sign-out-everywhere') void load();
    };
    window.addEventListener(SAVED_EVENT, again);
    return () => window.removeEventListener(SAVED_EVENT, again);
  }, [load]);

  async function ended(session: AccountSessionDto) {
    if (!session.current) return load();
    await forgetShell();
    clearSession();
    window.location.assign('/sign-in');
  }

  const deviceName = (s: AccountSessionDto) => (s.device === '?' ? t('sessions.unknownDevice') : s.device);

  return (
    <div className="mt-6 border-t border-line pt-4" data-testid="account-sessions">
      <h3 className="mb-3 font-semibold">{t('sessions.title')}</h3>
      {failed ? (
        <p className="text-sm text-red-700 dark:text-red-400" role="alert">
          {t('sessions.loadFailed')}
        </p>
      ) : sessions === null ? (
        <p className="text-sm text-muted">{t('sessions.loading')}</p>
      ) : sessions.length === 0 ? (
        <p className="text-sm text-muted">{t('sessions.none')}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {sessions.map((s) => (
            <li key={s.id} className="flex flex-col gap-2 rounded-xl border border-line p-3 text-sm" data-testid="account-session" data-current={s.current ? 'true' : 'false'}>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="flex flex-wrap items-center gap-2">
                  <span className="font-medium" data-testid="account-session-device">
                    {deviceName(s)}
                  </span>
                  {s.current && (
                    <span data-testid="this-device">
                      <Badge on>{t('sessions.thisDevice')}</Badge>
                    </span>
                  )}
                </span>
                {!s.current && (
                  <button type="button" className={secondaryButton} onClick={() => setEnding(s)} aria-label={t('sessions.endNamed', { device: deviceName(s) })} data-testid="end-session">
                    <LogOut size={16} aria-hidden="true" />
                    {t('sessions.end')}
                  </button>
                )}
              </div>
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs">
                <dt className="text-muted">{t('sessions.address')}</dt>
                <dd className="break-all">{s.address ?? '—'}</dd>
                <dt className="text-muted">{t('sessions.signedIn')}</dt>
                <dd>{when(s.createdAt)}</dd>
                <dt className="text-muted">{t('sessions.lastSeen')}</dt>
                <dd>{when(s.lastSeenAt)}</dd>
                <dt className="text-muted">{t('sessions.methodLabel')}</dt>
                <dd>{t(signInMethodLabel(s.method))}</dd>
              </dl>
            </li>
          ))}
        </ul>
      )}
      <ConfirmActionDialog
        lang={lang}
        action={
          ending
            ? {
                method: 'DELETE',
                path: `/account/sessions/${ending.id}`,
                title: t('sessions.endTitle'),
                question: ending.current ? t('sessions.endCurrentConfirm') : t('sessions.endConfirm', { device: deviceName(ending), when: when(ending.createdAt) }),
                confirmLabel: t('sessions.end'),
              }
            : null
        }
        onClose={() => setEnding(null)}
        onDone={() => {
          if (ending) void ended(ending);
        }}
      />
    </div>
  );
}
