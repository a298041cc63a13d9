import { useState } from 'react';
import { Loader2, MonitorSmartphone, ShieldOff } from 'lucide-react';
import { formatTypedPairingCode, pairingCodeChars, pairingCodeComplete } from '#domain/terminals/pairing-code-input.ts';
import type { Language } from '#i18n/languages.ts';
import { translator } from '#i18n/translate.ts';
import { api } from '#lib/client/api.ts';
import { primaryButton } from '../ui/buttons.ts';
import { useApiAction } from '#lib/client/use-api-action.ts';

/**
 * `/clock` on a device without a valid terminal credential (decision 042): the pairing code entry
 * (`?pair=` fills it in, as the admin's QR code does). The server checks the code and answers with
 * the HttpOnly terminal cookie; this screen never sees the credential. Then the clock reloads as
 * that terminal. `reason` says why the screen shows: a revoked terminal, pairing required, or the
 * person asked to pair (unpaired punches allowed, a way back to the clock).
 */
export default function PairingScreen(props: { lang: Language; reason: 'revoked' | 'required' | 'asked'; initialCode: string }) {
  const { lang } = props;
  const t = translator(lang);
  const [code, setCode] = useState(formatTypedPairingCode(props.initialCode));
  const [error, setError] = useState<string | null>(null);
  const { run, busy } = useApiAction(lang);
  const [paired, setPaired] = useState<string | null>(null);

  async function pair(event: React.FormEvent) {
    event.preventDefault();
    if (!pairingCodeComplete(code)) {
      setError(t('terminals.pair.codeIncomplete'));
      return;
    }
    setError(null);
    await run(() => api('POST /api/terminal/pair', { body: { code: formatTypedPairingCode(code) }, lang, redirectOnExpiry: false }), {
      fallback: t('kiosk.networkError'),
      // No answer at all (status 0) is the network's fault, not the code's.
      onError: (message, failure) => setError(failure.status === 0 ? t('kiosk.networkError') : message),
      then: (answer) => {
        setPaired(answer.terminal.name);
        // The cookie is set; the clock page now renders as this terminal (and drops `?pair=`).
        return { replace: '/clock' };
      },
    });
  }

  return (
    <div className="mx-auto mt-6 flex w-full max-w-lg flex-col gap-5 rounded-2xl border border-line bg-card p-6 shadow-sm sm:p-10" data-testid="clock-pairing" data-reason={props.reason}>
      <span className="mx-auto grid h-16 w-16 place-items-center rounded-full bg-primary-subtle text-accent">
        {props.reason === 'revoked' ? <ShieldOff size={32} aria-hidden="true" /> : <MonitorSmartphone size={32} aria-hidden="true" />}
      </span>
      <h2 className="text-center text-2xl font-semibold">{t('terminals.pair.title')}</h2>
      {props.reason === 'revoked' && (
        <p role="alert" className="rounded-xl border border-red-300 bg-red-50 p-4 text-center font-medium text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200" data-testid="terminal-revoked">
          {t('terminals.pair.revoked')}
        </p>
      )}
      {props.reason === 'required' && (
        <p className="text-center font-medium" data-testid="pairing-required">
          {t('terminals.pair.required')}
        </p>
      )}
      <p className="text-center text-sm text-muted">{t('terminals.pair.intro')}</p>
      <form onSubmit={pair} className="flex flex-col gap-3" noValidate>
        <label htmlFor="pairing-code" className="text-sm font-medium">
          {t('terminals.pair.code')}
        </label>
        <input
          id="pairing-code"
          value={code}
          onChange={(e) => {
            setCode(formatTypedPairingCode(e.target.value));
            setError(null);
          }}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          autoFocus
          placeholder="ABCD-EFGH"
          maxLength={9}
          className="control min-h-14 w-full rounded-lg border border-field bg-card px-3 text-center font-mono text-3xl tracking-widest text-ink focus:border-primary aria-invalid:border-red-600"
          aria-invalid={error !== null}
          aria-describedby={error ? 'pairing-error' : 'pairing-format'}
          data-testid="pairing-code-input"
        />
        {error ? (
          <p id="pairing-error" role="alert" className="text-sm text-red-700 dark:text-red-400" data-testid="pairing-error">
            {error}
          </p>
        ) : (
          <p id="pairing-format" className="text-xs text-muted">
            {paired ? t('terminals.pair.done', { name: paired }) : t('terminals.pair.codeFormat')}
          </p>
        )}
        <button type="submit" className={`${primaryButton} min-h-12 text-base`} disabled={busy || paired !== null || pairingCodeChars(code).length === 0} data-testid="pairing-submit">
          {busy && <Loader2 size={18} className="animate-spin" aria-hidden="true" />}
          {busy ? t('terminals.pair.pairing') : t('terminals.pair.submit')}
        </button>
      </form>
      {props.reason === 'asked' && (
        <a href="/clock" className="text-center text-sm text-accent underline-offset-4 hover:underline">
          {t('terminals.pair.back')}
        </a>
      )}
    </div>
  );
}
