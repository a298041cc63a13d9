import { useEffect, useState } from 'react';
import { KeyRound } from 'lucide-react';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import type { Language } from '../../i18n/languages.ts';
import { translator } from '../../i18n/translate.ts';
import { finishSignIn } from '../../lib/client/finish-sign-in.ts';
import { passkeySignIn } from '../../lib/client/passkey-ceremony.ts';
import { useApiAction } from '../../lib/client/use-api-action.ts';
import { secondaryButton } from './ui/buttons.ts';

interface Props {
  lang: Language;
  redirectUrl?: string | undefined;
}

/** True once mounted in a browser that can use WebAuthn (false while rendered on the server). */
function useWebAuthn(): boolean {
  const [supported, setSupported] = useState(false);
  useEffect(() => setSupported(browserSupportsWebAuthn()), []);
  return supported;
}

function Alert({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
      {message}
    </p>
  );
}

/**
 * "Sign in with a passkey" under the password form on /sign-in (decision 091): passwordless, a
 * discoverable credential with user verification; hidden when the browser has no WebAuthn.
 */
export default function PasskeySignIn({ lang, redirectUrl }: Props) {
  const t = translator(lang);
  const supported = useWebAuthn();
  const { run, busy } = useApiAction(lang);
  const [error, setError] = useState<string>();
  if (!supported) return null;
  const signIn = () => {
    setError(undefined);
    return run(() => passkeySignIn(lang), {
      fallback: t('passkeys.failed'),
      onError: setError,
      then: (answer) => (answer === undefined ? setError(t('passkeys.cancelled')) : 'accessToken' in answer ? finishSignIn(answer, redirectUrl) : setError(t('passkeys.failed'))),
    });
  };
  return (
    <div className="mt-4 flex flex-col gap-3" data-testid="passkey-sign-in">
      <p className="flex items-center gap-3 text-xs uppercase tracking-wide text-muted before:h-px before:flex-1 before:bg-line after:h-px after:flex-1 after:bg-line">{t('passkeys.or')}</p>
      <Alert message={error} />
      <button type="button" className={secondaryButton} onClick={signIn} disabled={busy} data-testid="passkey-sign-in-button">
        <KeyRound size={16} aria-hidden="true" />
        {busy ? t('common.loading') : t('passkeys.signIn')}
      </button>
    </div>
  );
}

/** The passkey as the second factor of a password sign-in (SecondFactorStep renders it when the account has one). */
export function PasskeySecondFactor({
  lang,
  redirectUrl,
  ticket,
  rememberDevice,
  onRestart,
}: {
  lang: Language;
  redirectUrl?: string | undefined;
  ticket: string;
  rememberDevice: boolean;
  onRestart: (message?: string) => void;
}) {
  const t = translator(lang);
  const supported = useWebAuthn();
  const { run, busy } = useApiAction(lang);
  const [error, setError] = useState<string>();
  if (!supported) return null;
  const use = () => {
    setError(undefined);
    return run(() => passkeySignIn(lang, ticket, rememberDevice), {
      fallback: t('passkeys.failed'),
      onError: (message, failure) => {
        if (failure.code === 'errors.signInExpired') return onRestart(message);
        setError(message);
      },
      then: (answer) => (answer === undefined ? setError(t('passkeys.cancelled')) : 'accessToken' in answer ? finishSignIn(answer, redirectUrl) : onRestart()),
    });
  };
  return (
    <div className="flex flex-col gap-3" data-testid="passkey-second-factor">
      <Alert message={error} />
      <button type="button" className={secondaryButton} onClick={use} disabled={busy} data-testid="passkey-second-factor-button">
        <KeyRound size={16} aria-hidden="true" />
        {busy ? t('common.loading') : t('passkeys.useSecondFactor')}
      </button>
    </div>
  );
}
