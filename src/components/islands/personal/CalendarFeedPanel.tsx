import { useEffect, useState } from 'react';
import { CalendarPlus, Copy, RefreshCw, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { formatLocalDate } from '#domain/format/intl-format.ts';
import type { Language } from '#i18n/languages.ts';
import { translator } from '#i18n/translate.ts';
import { api } from '#lib/client/api.ts';
import { useApiAction } from '#lib/client/use-api-action.ts';
import { ConfirmActionDialog } from '../ui/ConfirmActionDialog.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { dangerButton, inputClass, primaryButton, secondaryButton } from '../ui/buttons.ts';

interface Props {
  lang: Language;
  /** When the active feed was made (company-zone date), or null without one. */
  activeSince: string | null;
}

/**
 * "Subscribe in your calendar" (decision 087): create, regenerate or revoke the worker's private
 * feed. A new URL is shown once (the server keeps only its digest) with a copy button and a QR
 * code drawn in the browser with `qrcode`, loaded only when a URL is shown.
 */
export default function CalendarFeedPanel(props: Props) {
  const { lang } = props;
  const t = translator(lang);
  const { run, busy } = useApiAction(lang);
  const [since, setSince] = useState(props.activeSince);
  const [url, setUrl] = useState<string | null>(null);
  const [svg, setSvg] = useState<string | null>(null);
  const [asking, setAsking] = useState<'regenerate' | 'revoke' | null>(null);

  useEffect(() => {
    if (!url) return;
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

  async function create() {
    setAsking(null);
    await run(() => api('POST /api/personal/calendar-feed', { lang }), {
      then: (answer) => {
        setSvg(null);
        setUrl(answer.url);
        setSince(answer.createdAt.slice(0, 10));
        toast.success(t('rosterWorker.feedCreated'));
      },
    });
  }

  async function copy() {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t('rosterWorker.feedCopied'));
    } catch {
      toast.error(t('rosterWorker.feedCopyFailed'));
    }
  }

  return (
    <div className="flex flex-col gap-4" data-testid="calendar-feed">
      <p className="text-sm text-muted">{t('rosterWorker.feedText')}</p>
      <p className="text-sm font-medium" data-testid="feed-state">
        {since ? t('rosterWorker.feedActiveSince', { date: formatLocalDate(since, lang) }) : t('rosterWorker.feedInactive')}
      </p>
      {url && (
        <div className="flex flex-col items-center gap-4 rounded-xl border border-primary bg-primary-subtle p-4 sm:flex-row sm:items-start" role="status" data-testid="feed-shown">
          {/* White behind the code in dark mode too: phone cameras read dark-on-light. */}
          <div className="h-40 w-40 shrink-0 rounded-xl bg-white p-1" role="img" aria-label={t('rosterWorker.feedQr')} data-testid="feed-qr">
            {svg && <div className="h-full w-full [&>svg]:h-full [&>svg]:w-full" dangerouslySetInnerHTML={{ __html: svg }} />}
          </div>
          <div className="flex w-full min-w-0 flex-1 flex-col gap-2">
            <label className="text-xs font-semibold uppercase tracking-wide text-muted" htmlFor="feed-url">
              {t('rosterWorker.feedUrl')}
            </label>
            <div className="flex gap-2">
              <input id="feed-url" className={`${inputClass} font-mono text-xs`} readOnly value={url} onFocus={(e) => e.currentTarget.select()} data-testid="feed-url" />
              <button type="button" className={secondaryButton} onClick={copy}>
                <Copy size={16} aria-hidden="true" />
                {t('rosterWorker.feedCopy')}
              </button>
            </div>
            <p className="text-sm">{t('rosterWorker.feedShownOnce')}</p>
          </div>
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        {since ? (
          <>
            <button type="button" className={secondaryButton} onClick={() => setAsking('regenerate')} disabled={busy} data-testid="feed-regenerate">
              <RefreshCw size={16} aria-hidden="true" />
              {t('rosterWorker.feedRegenerate')}
            </button>
            <button type="button" className={secondaryButton} onClick={() => setAsking('revoke')} disabled={busy} data-testid="feed-revoke">
              <Trash2 size={16} aria-hidden="true" />
              {t('rosterWorker.feedRevoke')}
            </button>
          </>
        ) : (
          <button type="button" className={primaryButton} onClick={create} disabled={busy} data-testid="feed-create">
            <CalendarPlus size={16} aria-hidden="true" />
            {t('rosterWorker.feedCreate')}
          </button>
        )}
      </div>
      <Dialog open={asking === 'regenerate'} title={t('rosterWorker.feedRegenerate')} onClose={() => setAsking(null)} closeLabel={t('common.close')} size="sm">
        <p className="mb-6">{t('rosterWorker.feedRegenerateConfirm')}</p>
        <div className="flex justify-end gap-2">
          <button type="button" className={secondaryButton} onClick={() => setAsking(null)}>
            {t('form.cancel')}
          </button>
          <button type="button" className={dangerButton} onClick={create} disabled={busy} data-testid="feed-regenerate-confirm">
            {t('rosterWorker.feedRegenerate')}
          </button>
        </div>
      </Dialog>
      <ConfirmActionDialog
        lang={lang}
        action={
          asking === 'revoke' ? { method: 'DELETE', path: '/personal/calendar-feed', title: t('rosterWorker.feedRevoke'), question: t('rosterWorker.feedRevokeConfirm'), confirmLabel: t('rosterWorker.feedRevoke') } : null
        }
        onClose={() => setAsking(null)}
        onDone={() => {
          setSince(null);
          setUrl(null);
        }}
      />
    </div>
  );
}
