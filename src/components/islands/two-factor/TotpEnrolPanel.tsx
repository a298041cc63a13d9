import type { FormEvent, ReactNode } from 'react';
import type { TotpSetupAnswer } from '#domain/auth/two-factor-schemas.ts';
import type { Language } from '#i18n/languages.ts';
import { translator } from '#i18n/translate.ts';
import { primaryButton, secondaryButton } from '../ui/buttons.ts';
import { CodeField } from './CodeField.tsx';

/**
 * Scanning a new TOTP secret (decision 090): the QR code (SVG drawn by the server from the otpauth
 * URL), the key to type by hand, and the app's first code, which `onConfirm` sends. `extra` sits
 * above the button (the sign-in's "remember this device").
 */
export function TotpEnrolPanel(props: { lang: Language; setup: TotpSetupAnswer; busy: boolean; error: string | undefined; onConfirm: (code: string) => void; onCancel?: () => void; extra?: ReactNode }) {
  const t = translator(props.lang);
  const grouped = props.setup.secret.replace(/(.{4})/g, '$1 ').trim();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    props.onConfirm(String(new FormData(event.currentTarget).get('code') ?? ''));
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" data-testid="totp-enrol">
      <p className="text-sm">{t('twoFactor.scan')}</p>
      {/* The server drew this SVG with `qrcode` from its own otpauth URL: no user markup. */}
      <div className="w-48 self-center rounded-lg bg-white p-2 sm:self-start [&_svg]:h-auto [&_svg]:w-full" role="img" aria-label={t('twoFactor.setupTitle')} dangerouslySetInnerHTML={{ __html: props.setup.qrSvg }} />
      <div className="text-sm">
        <p className="text-muted">{t('twoFactor.manual')}</p>
        <code className="mt-1 block break-all rounded-lg border border-line px-3 py-2 font-mono text-sm tracking-wider" data-testid="totp-secret" data-secret={props.setup.secret}>
          {grouped}
        </code>
      </div>
      <CodeField lang={props.lang} kind="totp" label={t('twoFactor.firstCode')} error={props.error} />
      {props.extra}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={primaryButton} disabled={props.busy} data-testid="totp-confirm">
          {props.busy ? t('common.loading') : t('twoFactor.turnOn')}
        </button>
        {props.onCancel && (
          <button type="button" className={secondaryButton} onClick={props.onCancel}>
            {t('twoFactor.cancel')}
          </button>
        )}
      </div>
    </form>
  );
}
