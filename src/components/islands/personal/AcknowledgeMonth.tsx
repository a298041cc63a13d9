import { useState } from 'react';
import { AlertTriangle, CheckCircle2, FileCheck2 } from 'lucide-react';
import { formatAcknowledgedAt } from '#domain/access/record-acknowledgement.ts';
import type { Language } from '#i18n/languages.ts';
import { translator } from '#i18n/translate.ts';
import { api } from '#lib/client/api.ts';
import { primaryButton } from '../ui/buttons.ts';
import { useApiAction } from '#lib/client/use-api-action.ts';

interface Props {
  lang: Language;
  month: string;
  monthLabel: string;
  acknowledgedAt: string | null;
  /** The month's figures changed after the receipt (decision 077): it is asked again. */
  changed: boolean;
  /** The latest change after receipt, when it can be dated. */
  changedAt: string | null;
  canAcknowledge: boolean;
  timeZone: string;
  timeFormat: '1' | '2';
}

/**
 * "I have received my record for <month>" (decisions 036 and 077): a button once the month has
 * ended and while it is not acknowledged, then when it was; when the month changed after the
 * receipt, that notice and the button again.
 */
export default function AcknowledgeMonth(props: Props) {
  const { lang } = props;
  const t = translator(lang);
  const [receipt, setReceipt] = useState({ at: props.acknowledgedAt, changed: props.changed, changedAt: props.changedAt });
  const { run, busy } = useApiAction(lang);
  const when = (at: string) => formatAcknowledgedAt(at, props.timeZone, lang, props.timeFormat);

  async function acknowledge() {
    await run(() => api('POST /api/personal/acknowledgements', { lang, body: { month: props.month } }), {
      success: 'toast',
      then: (answer) => setReceipt({ at: answer.data.acknowledgedAt, changed: false, changedAt: null }),
    });
  }

  const button = (key: string) => (
    <button type="button" className={primaryButton} onClick={acknowledge} disabled={busy} data-testid="acknowledge">
      <FileCheck2 size={16} aria-hidden="true" />
      {t(key, { month: props.monthLabel })}
    </button>
  );

  return (
    <>
      {/* No toast area of its own: the personal attendance page's MyCorrections island holds the
        page's one (two would show every toast twice); sonner's toasts reach any mounted one. */}
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-line bg-card p-4 print:hidden" data-testid="acknowledgement">
        {receipt.at && receipt.changed ? (
          <>
            <p className="flex items-center gap-2 text-sm" data-testid="receipt-changed">
              <AlertTriangle size={18} className="shrink-0 text-amber-700 dark:text-amber-400" aria-hidden="true" />
              {receipt.changedAt
                ? t('acknowledgement.changedNotice', { month: props.monthLabel, date: when(receipt.at), changed: when(receipt.changedAt) })
                : t('acknowledgement.changedNoticeUndated', { month: props.monthLabel, date: when(receipt.at) })}
            </p>
            {button('acknowledgement.buttonAgain')}
          </>
        ) : receipt.at ? (
          <p className="flex items-center gap-2 text-sm" data-testid="acknowledged">
            <CheckCircle2 size={18} className="text-emerald-700 dark:text-emerald-400" aria-hidden="true" />
            {t('acknowledgement.acknowledgedOn', { month: props.monthLabel, date: when(receipt.at) })}
          </p>
        ) : props.canAcknowledge ? (
          <>
            <p className="text-sm">{t('acknowledgement.prompt', { month: props.monthLabel })}</p>
            {button('acknowledgement.button')}
          </>
        ) : (
          <p className="text-sm text-muted">{t('acknowledgement.notYet')}</p>
        )}
      </div>
    </>
  );
}
