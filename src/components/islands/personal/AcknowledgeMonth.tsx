import { useState } from 'react';
import { CheckCircle2, FileCheck2 } from 'lucide-react';
import { formatAcknowledgedAt } from '#domain/access/record-acknowledgement.ts';
import type { Language } from '#i18n/languages.ts';
import { translator } from '#i18n/translate.ts';
import { api } from '#lib/client/api.ts';
import { primaryButton } from '../ui/buttons.ts';
import { useApiAction } from '#lib/client/use-api-action.ts';

/**
 * "I have received my record for <month>" (decision 036): a button while the month is not
 * acknowledged (past or current months only), then when it was.
 */
export default function AcknowledgeMonth(props: { lang: Language; month: string; monthLabel: string; acknowledgedAt: string | null; canAcknowledge: boolean; timeZone: string; timeFormat: '1' | '2' }) {
  const { lang } = props;
  const t = translator(lang);
  const [at, setAt] = useState(props.acknowledgedAt);
  const { run, busy } = useApiAction(lang);

  async function acknowledge() {
    await run(() => api<{ data: { acknowledgedAt: string }; message: string }>('/personal/acknowledgements', { method: 'POST', lang, body: { month: props.month } }), {
      success: 'toast',
      then: (answer) => setAt(answer.data.acknowledgedAt),
    });
  }

  return (
    <>
      {/* No toast area of its own: the personal attendance page's MyCorrections island holds the
        page's one (two would show every toast twice); sonner's toasts reach any mounted one. */}
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-line bg-card p-4 print:hidden" data-testid="acknowledgement">
        {at ? (
          <p className="flex items-center gap-2 text-sm" data-testid="acknowledged">
            <CheckCircle2 size={18} className="text-emerald-700 dark:text-emerald-400" aria-hidden="true" />
            {t('acknowledgement.acknowledgedOn', { month: props.monthLabel, date: formatAcknowledgedAt(at, props.timeZone, lang, props.timeFormat) })}
          </p>
        ) : props.canAcknowledge ? (
          <>
            <p className="text-sm">{t('acknowledgement.prompt', { month: props.monthLabel })}</p>
            <button type="button" className={primaryButton} onClick={acknowledge} disabled={busy} data-testid="acknowledge">
              <FileCheck2 size={16} aria-hidden="true" />
              {t('acknowledgement.button', { month: props.monthLabel })}
            </button>
          </>
        ) : (
          <p className="text-sm text-muted">{t('acknowledgement.notYet')}</p>
        )}
      </div>
    </>
  );
}
