import { useEffect, useState } from 'react';
import { ShieldCheck, ShieldOff } from 'lucide-react';
import { toast } from 'sonner';
import { formatDate } from '../../domain/format/intl-format.ts';
import type { TotpSetupAnswer, TwoFactorState } from '../../domain/auth/two-factor-schemas.ts';
import type { Language } from '../../i18n/languages.ts';
import { translator } from '../../i18n/translate.ts';
import { api } from '../../lib/client/api.ts';
import { useApiAction } from '../../lib/client/use-api-action.ts';
import { dangerButton, primaryButton, secondaryButton } from './ui/buttons.ts';
import { PasswordConfirmForm } from './two-factor/PasswordConfirmForm.tsx';
import { RecoveryCodesPanel } from './two-factor/RecoveryCodesPanel.tsx';
import { TotpEnrolPanel } from './two-factor/TotpEnrolPanel.tsx';

type Mode = { kind: 'view' } | { kind: 'enrol'; setup: TotpSetupAnswer } | { kind: 'codes'; codes: string[] } | { kind: 'turn-off' } | { kind: 'renew' };

/**
 * Account settings › two-step sign-in (decision 090): whether it is on and since when, recovery
 * codes left; set it up (QR, key, first code, then the codes shown once), turn it off or make new
 * recovery codes (both after the password; turning off is refused while the company requires it
 * and no passkey remains — the server says so). Messages are toasts (the page's Toaster).
 */
export default function TwoFactorSection({ lang, email, timeZone }: { lang: Language; email?: string; timeZone?: string }) {
  const t = translator(lang);
  const { run, busy } = useApiAction(lang);
  const [state, setState] = useState<TwoFactorState>();
  const [mode, setMode] = useState<Mode>({ kind: 'view' });
  const [error, setError] = useState<string>();

  const load = () => api('GET /api/account/two-factor', { lang }).then((answer) => setState(answer.data));
  useEffect(() => {
    void run(load, { onError: (message) => toast.error(message) });
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- read once; actions read it again

  const go = (next: Mode) => {
    setError(undefined);
    setMode(next);
  };
  const onError = (message: string, failure: { fields: Record<string, string> }) => setError(failure.fields['code'] ?? failure.fields['password'] ?? message);

  const startSetup = () => run(() => api('POST /api/account/two-factor/setup', { lang }), { then: (answer) => go({ kind: 'enrol', setup: answer.data }), onError: (message) => toast.error(message) });
  const enable = (code: string) =>
    run(() => api('POST /api/account/two-factor/enable', { lang, body: { code } }), {
      success: 'toast',
      onError,
      then: (answer) => go({ kind: 'codes', codes: answer.recoveryCodes }),
    });
  const turnOff = (password: string) => run(() => api('POST /api/account/two-factor/disable', { lang, body: { password } }), { success: 'toast', onError, then: async () => (await load(), go({ kind: 'view' })) });
  const renew = (password: string) =>
    run(() => api('POST /api/account/two-factor/recovery-codes', { lang, body: { password } }), {
      success: 'toast',
      onError,
      then: (answer) => go({ kind: 'codes', codes: answer.recoveryCodes }),
    });

  return (
    <section className="rounded-2xl border border-line bg-card p-6" aria-labelledby="account-two-factor" data-testid="two-factor-section">
      <h2 id="account-two-factor" className="mb-1 text-lg font-semibold">
        {t('twoFactor.sectionTitle')}
      </h2>
      <p className="mb-4 text-sm text-muted">{t('twoFactor.sectionHint')}</p>
      {state && mode.kind === 'view' && (
        <div className="flex flex-col gap-4">
          <p className="flex items-center gap-2 font-medium" data-testid="two-factor-state" data-enabled={state.enabled}>
            {state.enabled ? <ShieldCheck size={18} aria-hidden="true" className="text-accent" /> : <ShieldOff size={18} aria-hidden="true" className="text-muted" />}
            {state.enabled && state.enabledAt ? t('twoFactor.stateOn', { date: formatDate(state.enabledAt, lang, timeZone ?? 'Europe/Madrid') }) : t('twoFactor.stateOff')}
          </p>
          {(state.enabled || state.passkeys > 0) && (
            <p className="text-sm" data-testid="recovery-codes-left">
              {t('twoFactor.codesLeft', { count: state.recoveryCodesLeft })}
            </p>
          )}
          {state.requiredByCompany && <p className="text-sm text-muted">{t('twoFactor.requiredNote')}</p>}
          <div className="flex flex-wrap gap-2">
            {state.enabled ? (
              <button type="button" className={dangerButton} onClick={() => go({ kind: 'turn-off' })} data-testid="two-factor-turn-off">
                {t('twoFactor.turnOff')}
              </button>
            ) : (
              <button type="button" className={primaryButton} onClick={() => void startSetup()} disabled={busy} data-testid="two-factor-set-up">
                {t('twoFactor.setUp')}
              </button>
            )}
            {(state.enabled || state.passkeys > 0) && (
              <button type="button" className={secondaryButton} onClick={() => go({ kind: 'renew' })} data-testid="two-factor-new-codes">
                {t('twoFactor.newCodes')}
              </button>
            )}
          </div>
        </div>
      )}
      {mode.kind === 'enrol' && <TotpEnrolPanel lang={lang} setup={mode.setup} busy={busy} error={error} onConfirm={(code) => void enable(code)} onCancel={() => go({ kind: 'view' })} />}
      {mode.kind === 'codes' && <RecoveryCodesPanel lang={lang} codes={mode.codes} email={email} onDone={() => void run(load, { then: () => go({ kind: 'view' }) })} />}
      {mode.kind === 'turn-off' && (
        <PasswordConfirmForm lang={lang} text={t('twoFactor.turnOffText')} submitLabel={t('twoFactor.turnOff')} danger busy={busy} error={error} onSubmit={(p) => void turnOff(p)} onCancel={() => go({ kind: 'view' })} />
      )}
      {mode.kind === 'renew' && (
        <PasswordConfirmForm lang={lang} text={t('twoFactor.newCodesText')} submitLabel={t('twoFactor.newCodes')} busy={busy} error={error} onSubmit={(p) => void renew(p)} onCancel={() => go({ kind: 'view' })} />
      )}
    </section>
  );
}
