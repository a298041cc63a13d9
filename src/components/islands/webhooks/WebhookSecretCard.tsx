import { Copy } from 'lucide-react';
import { toast } from 'sonner';
import type { Language } from '#i18n/languages.ts';
import { translator } from '#i18n/translate.ts';
import { inputClass, primaryButton, secondaryButton } from '../ui/buttons.ts';

/** A webhook's signing secret as the server just answered it; never stored in the browser. */
export interface ShownSecret {
  url: string;
  secret: string;
}

export function WebhookSecretCard(props: { lang: Language; shown: ShownSecret; onDone: () => void }) {
  const t = translator(props.lang);
  async function copy() {
    try {
      await navigator.clipboard.writeText(props.shown.secret);
      toast.success(t('webhooks.copied'));
    } catch {
      toast.error(t('webhooks.copyFailed'));
    }
  }
  return (
    <section className="flex min-w-0 flex-col gap-3 rounded-2xl border border-primary bg-primary-subtle p-5" role="status" aria-labelledby="webhook-secret-title" data-testid="webhook-secret-card">
      <h2 id="webhook-secret-title" className="text-lg font-semibold">
        {t('webhooks.secretTitle')}
      </h2>
      <p className="break-all font-mono text-xs text-muted">{props.shown.url}</p>
      <p className="text-sm">{t('webhooks.secretHelp')}</p>
      <div className="flex flex-wrap items-center gap-2">
        <input readOnly value={props.shown.secret} className={`${inputClass} min-w-0 flex-1 font-mono text-xs`} onFocus={(e) => e.target.select()} aria-label={t('webhooks.secretTitle')} data-testid="webhook-secret" />
        <button type="button" className={secondaryButton} onClick={copy}>
          <Copy size={16} aria-hidden="true" />
          {t('webhooks.copySecret')}
        </button>
      </div>
      <button type="button" className={`${primaryButton} self-end`} onClick={props.onDone} data-testid="webhook-secret-done">
        {t('webhooks.done')}
      </button>
    </section>
  );
}
