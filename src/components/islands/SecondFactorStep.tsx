import { useState, type FormEvent } from 'react';
import type { Language } from '../../i18n/languages.ts';
import { translator } from '../../i18n/translate.ts';
import type { SecondFactorMethod } from '../../domain/auth/sign-in-contract.ts';
import { api } from '../../lib/client/api.ts';
import { finishSignIn } from '../../lib/client/finish-sign-in.ts';
import { useApiAction } from '../../lib/client/use-api-action.ts';
import { PasskeySecondFactor } from './PasskeySignIn.tsx';
import { CodeField } from './two-factor/CodeField.tsx';
import { RememberDevice } from './two-factor/RememberDevice.tsx';
import { signInFailure } from './two-factor/sign-in-failure.ts';

interface Props {
  lang: Language;
  redirectUrl?: string | undefined;
  ticket: string;
  methods: SecondFactorMethod[];
  /** Back to the password form, with a message when the ticket expired. */
  onRestart: (message?: string) => void;
}

const linkButton = 'self-start text-sm font-medium text-accent underline-offset-2 hover:underline';

/**
 * The sign-in's second step (decision 090): the code of the authenticator app, or a recovery code
 * instead, or the account's passkey; "remember this device for 30 days"; back to the password. A
 * wrong code stays here with the server's message (the sign-in limits count it); an expired
 * ticket goes back to the password form with the message.
 */
export default function SecondFactorStep({ lang, redirectUrl, ticket, methods, onRestart }: Props) {
  const t = translator(lang);
  const { run, busy } = useApiAction(lang);
  const codes = methods.filter((m): m is 'totp' | 'recovery' => m !== 'passkey');
  const [method, setMethod] = useState<'totp' | 'recovery' | undefined>(codes[0]);
  const [remember, setRemember] = useState(false);
  const [error, setError] = useState<string>();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(undefined);
    const code = String(new FormData(event.currentTarget).get('code') ?? '');
    // The form shows only with a code method to choose.
    if (!method) return;
    await run(() => api('POST /api/user/login/second-factor', { lang, redirectOnExpiry: false, body: { ticket, method, code, rememberDevice: remember } }), {
      fallback: t('errors.unableToSignIn'),
      onError: signInFailure(onRestart, setError),
      then: (answer) => ('accessToken' in answer ? finishSignIn(answer, redirectUrl) : onRestart()),
    });
  }

  const other = method === 'totp' ? (codes.includes('recovery') ? 'recovery' : undefined) : codes.includes('totp') ? 'totp' : undefined;

  return (
    <div className="flex flex-col gap-4" data-testid="second-factor-step">
      <h2 className="text-lg font-semibold">{t('twoFactor.stepTitle')}</h2>
      {method && (
        <form onSubmit={submit} noValidate className="flex flex-col gap-4" key={method}>
          {error && (
            <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
              {error}
            </p>
          )}
          <CodeField lang={lang} kind={method} label={t(method === 'totp' ? 'twoFactor.codeLabel' : 'twoFactor.recoveryLabel')} hint={t(method === 'totp' ? 'twoFactor.codeHint' : 'twoFactor.recoveryHint')} />
          <RememberDevice lang={lang} checked={remember} onChange={setRemember} />
          <button type="submit" disabled={busy} className="control rounded-lg bg-primary px-4 font-semibold text-neutral hover:bg-primary-deep disabled:opacity-60" data-testid="second-factor-submit">
            {busy ? t('common.loading') : t('twoFactor.verify')}
          </button>
          {other && (
            <button
              type="button"
              className={linkButton}
              onClick={() => {
                setError(undefined);
                setMethod(other);
              }}
              data-testid="switch-method"
            >
              {t(other === 'recovery' ? 'twoFactor.useRecovery' : 'twoFactor.useApp')}
            </button>
          )}
        </form>
      )}
      {!method && <RememberDevice lang={lang} checked={remember} onChange={setRemember} />}
      {methods.includes('passkey') && <PasskeySecondFactor lang={lang} redirectUrl={redirectUrl} ticket={ticket} rememberDevice={remember} onRestart={onRestart} />}
      <button type="button" className={linkButton} onClick={() => onRestart()} data-testid="back-to-password">
        ← {t('twoFactor.back')}
      </button>
    </div>
  );
}
