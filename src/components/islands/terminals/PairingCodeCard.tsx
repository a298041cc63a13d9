import { useEffect, useState } from 'react';
import { Copy } from 'lucide-react';
import { toast } from 'sonner';
import { formatTypedPairingCode, pairingUrl } from '#domain/terminals/pairing-code-input.ts';
import { formatTime } from '#domain/format/intl-format.ts';
import type { Language } from '#i18n/languages.ts';
import { translator } from '#i18n/translate.ts';
import { inputClass, primaryButton, secondaryButton } from '../ui/buttons.ts';

/** A pairing code the server just created; shown once, never stored in the browser. */
export interface ShownPairingCode {
  terminalName: string;
  code: string;
  expiresAt: string;
}

/**
 * The one-time pairing code (decision 042): big, and as a QR code that opens
 * `<origin>/clock?pair=CODE` on the device. The QR is drawn as SVG in the browser with `qrcode`,
 * loaded only when a code is shown so the list page stays small.
 */
export function PairingCodeCard(props: { lang: Language; shown: ShownPairingCode; timeZone: string; timeFormat: '1' | '2'; onDone: () => void }) {
  const { lang, shown } = props;
  const t = translator(lang);
  const url = pairingUrl(window.location.origin, shown.code);
  const [svg, setSvg] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void import('qrcode').then((qr) =>
      qr.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }).then((text) => {
        if (live) setSvg(text);
      }),
    );
    return () => {
      live = false;
    };
  }, [url]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t('terminals.copied'));
    } catch {
      toast.error(t('terminals.copyFailed'));
    }
  }

  return (
    <section className="flex flex-col gap-4 rounded-2xl border border-primary bg-primary-subtle p-5" role="status" aria-labelledby="pairing-title" data-testid="pairing-card">
      <h2 id="pairing-title" className="text-lg font-semibold">
        {t('terminals.pairingTitle', { name: shown.terminalName })}
      </h2>
      <div className="flex flex-col items-center gap-5 sm:flex-row sm:items-start">
        {/* White behind the code in dark mode too: phone cameras read dark-on-light. */}
        <div className="h-44 w-44 shrink-0 rounded-xl bg-white p-1" role="img" aria-label={t('terminals.pairingQr', { name: shown.terminalName })} data-testid="pairing-qr">
          {svg && <div className="h-full w-full [&>svg]:h-full [&>svg]:w-full" dangerouslySetInnerHTML={{ __html: svg }} />}
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-3">
          <p className="text-xs font-semibold uppercase tracking-wide text-muted">{t('terminals.pairingCode')}</p>
          <p className="font-mono text-4xl font-bold tracking-widest tabular-nums sm:text-5xl" data-testid="pairing-code">
            {formatTypedPairingCode(shown.code)}
          </p>
          <p className="text-sm">{t('terminals.pairingHelp', { url: `${window.location.origin}/clock`, time: formatTime(shown.expiresAt, lang, props.timeZone, props.timeFormat) })}</p>
          <div className="flex flex-wrap items-center gap-2">
            <input readOnly value={url} className={`${inputClass} min-w-0 flex-1 font-mono text-xs`} onFocus={(e) => e.target.select()} aria-label={t('terminals.pairingLink')} data-testid="pairing-url" />
            <button type="button" className={secondaryButton} onClick={copy}>
              <Copy size={16} aria-hidden="true" />
              {t('terminals.copyLink')}
            </button>
          </div>
        </div>
      </div>
      <button type="button" className={`${primaryButton} self-end`} onClick={props.onDone} data-testid="pairing-done">
        {t('terminals.done')}
      </button>
    </section>
  );
}
