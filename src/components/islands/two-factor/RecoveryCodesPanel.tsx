import { Copy, Download } from 'lucide-react';
import { useState } from 'react';
import type { Language } from '#i18n/languages.ts';
import { translator } from '#i18n/translate.ts';
import { primaryButton, secondaryButton } from '../ui/buttons.ts';

/**
 * The ten recovery codes, shown once (decision 090): copy them, download them as a .txt, and
 * "I have saved them" to go on (`onDone`). The codes live only in this component's props.
 */
export function RecoveryCodesPanel({ lang, codes, email, onDone }: { lang: Language; codes: string[]; email: string | undefined; onDone: () => void }) {
  const t = translator(lang);
  const [copied, setCopied] = useState(false);
  const text = [t('twoFactor.fileHeading', { email: email ?? '' }), '', ...codes, ''].join('\n');

  async function copy() {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setCopied(true);
    } catch {
      setCopied(false); // no clipboard (plain http): the codes stay on screen and in the download
    }
  }

  function download() {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'jornada-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  }

  return (
    <div className="flex flex-col gap-4" data-testid="recovery-codes">
      <div>
        <h3 className="text-base font-semibold">{t('twoFactor.codesTitle')}</h3>
        <p className="mt-1 text-sm text-muted">{t('twoFactor.codesText')}</p>
      </div>
      <ol className="grid grid-cols-2 gap-x-6 gap-y-1 rounded-lg border border-line bg-card p-4 font-mono text-sm tabular-nums" aria-label={t('twoFactor.codesTitle')}>
        {codes.map((code) => (
          <li key={code} data-testid="recovery-code">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={secondaryButton} onClick={copy}>
          <Copy size={16} aria-hidden="true" />
          {t('twoFactor.copy')}
        </button>
        <button type="button" className={secondaryButton} onClick={download}>
          <Download size={16} aria-hidden="true" />
          {t('twoFactor.download')}
        </button>
        <button type="button" className={primaryButton} onClick={onDone} data-testid="codes-saved">
          {t('twoFactor.saved')}
        </button>
      </div>
      {copied && (
        <p role="status" className="text-sm text-muted">
          {t('twoFactor.copied')}
        </p>
      )}
    </div>
  );
}
