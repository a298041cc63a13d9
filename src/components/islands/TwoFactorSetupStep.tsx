import { useEffect, useState } from 'react';
import type { Language } from '../../i18n/languages.ts';
import { translator } from '../../i18n/translate.ts';
import type { TwoFactorSetupDoneAnswer } from '../../domain/auth/sign-in-contract.ts';
import type { TotpSetupAnswer } from '../../domain/auth/two-factor-schemas.ts';
import { api } from '../../lib/client/api.ts';
import { finishSignIn } from '../../lib/client/finish-sign-in.ts';
import { useApiAction } from '../../lib/client/use-api-action.ts';
import { RecoveryCodesPanel } from './two-factor/RecoveryCodesPanel.tsx';
import { RememberDevice } from './two-factor/RememberDevice.tsx';
import { signInFailure } from './two-factor/sign-in-failure.ts';
import { TotpEnrolPanel } from './two-factor/TotpEnrolPanel.tsx';

interface Props {
  lang: Language;
  redirectUrl?: string | undefined;
  ticket: string;
  onRestart: (message?: string) => void;
}

/**
 * Set-up of TOTP required by the company, at sign-in (decision 090): the QR code and key for the
 * account the ticket names, the app's first code (signs in), then the ten recovery codes shown
 * once; "I have saved them" goes on to the app. An expired ticket goes back to the password form.
 */
export default function TwoFactorSetupStep({ lang, redirectUrl, ticket, onRestart }: Props) {
  const t = translator(lang);
  const { run, busy } = useApiAction(lang);
  const [setup, setSetup] = useState<TotpSetupAnswer>();
  const [done, setDone] = useState<TwoFactorSetupDoneAnswer>();
  const [remember, setRemember] = useState(false);
  const [error, setError] = useState<string>();

  useEffect(() => {
    void run(() => api('POST /api/user/login/two-factor-setup', { lang, redirectOnExpiry: false, body: { ticket } }), {
      onError: signInFailure(onRestart, setError),
      then: (answer) => setSetup(answer.data),
    });
  }, [ticket]); // eslint-disable-line react-hooks/exhaustive-deps -- one set-up per ticket

  async function confirm(code: string) {
    setError(undefined);
    await run(() => api('POST /api/user/login/two-factor-setup/confirm', { lang, redirectOnExpiry: false, body: { ticket, code, rememberDevice: remember } }), {
      onError: signInFailure(onRestart, setError),
      then: (answer) => setDone(answer),
    });
  }

  return (
    <div className="flex flex-col gap-4" data-testid="two-factor-setup-step">
      <h2 className="text-lg font-semibold">{t('twoFactor.setupTitle')}</h2>
      {done ? (
        <RecoveryCodesPanel lang={lang} codes={done.recoveryCodes} email={done.user.email} onDone={() => window.location.assign(finishSignIn(done, redirectUrl).assign)} />
      ) : (
        <>
          <p className="text-sm text-muted">{t('twoFactor.setupRequired')}</p>
          {setup ? (
            <TotpEnrolPanel lang={lang} setup={setup} busy={busy} error={error} onConfirm={confirm} extra={<RememberDevice lang={lang} checked={remember} onChange={setRemember} />} />
          ) : (
            error && (
              <p role="alert" className="text-sm text-red-700 dark:text-red-400">
                {error}
              </p>
            )
          )}
          <button type="button" className="self-start text-sm font-medium text-accent underline-offset-2 hover:underline" onClick={() => onRestart()}>
            ← {t('twoFactor.back')}
          </button>
        </>
      )}
    </div>
  );
}
