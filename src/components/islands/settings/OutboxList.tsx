import { Inbox, Mail, RotateCcw, Trash2, Webhook } from 'lucide-react';
import { useState } from 'react';
import { formatDate, formatNumber, formatTime } from '#domain/format/intl-format.ts';
import { mayDiscard, mayRetry, type OutboxItem, type OutboxStatus, type OutboxTab } from '#domain/notifications/outbox-view.ts';
import type { Language } from '#i18n/languages.ts';
import { translator } from '#i18n/translate.ts';
import { api } from '#lib/client/api.ts';
import { AppToaster } from '../ui/AppToaster.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { dangerButton, primaryButton, secondaryButton } from '../ui/buttons.ts';
import { EmptyState } from '../ui/EmptyState.tsx';
import { useApiAction } from '#lib/client/use-api-action.ts';

interface Props {
  lang: Language;
  tab: OutboxTab;
  items: OutboxItem[];
  canUpdate: boolean;
  timeZone: string;
  timeFormat: string;
}

/** Labels of the notification kinds and webhook events; another kind shows as stored. */
const KIND_LABELS: Record<string, string> = {
  leaveRequested: 'outbox.kinds.leaveRequested',
  leaveDecided: 'outbox.kinds.leaveDecided',
  missingCheckOut: 'outbox.kinds.missingCheckOut',
  missedCheckIn: 'outbox.kinds.missedCheckIn',
  monthlySummary: 'outbox.kinds.monthlySummary',
  correctionRequested: 'outbox.kinds.correctionRequested',
  correctionAwaitingAcceptance: 'outbox.kinds.correctionAwaitingAcceptance',
  terminalSilent: 'outbox.kinds.terminalSilent',
  backupFailed: 'outbox.kinds.backupFailed',
  correctionDisputed: 'outbox.kinds.correctionDisputed',
  openShiftClaimed: 'outbox.kinds.openShiftClaimed',
  openShiftDecided: 'outbox.kinds.openShiftDecided',
  shiftSwapProposed: 'outbox.kinds.shiftSwapProposed',
  shiftSwapAccepted: 'outbox.kinds.shiftSwapAccepted',
  shiftSwapDecided: 'outbox.kinds.shiftSwapDecided',
  rosterPublished: 'outbox.kinds.rosterPublished',
  webhookPaused: 'outbox.kinds.webhookPaused',
  newDeviceSignIn: 'outbox.kinds.newDeviceSignIn',
  'punch.recorded': 'outbox.kinds.punchRecorded',
  'leave.decided': 'outbox.kinds.leaveDecidedEvent',
  'period.approved': 'outbox.kinds.periodApproved',
};

const STATUS_LABELS: Record<OutboxStatus, string> = {
  pending: 'outbox.status.pending',
  sending: 'outbox.status.sending',
  sent: 'outbox.status.sent',
  failed: 'outbox.status.failed',
  discarded: 'outbox.status.discarded',
};
const STATUS_CLASS: Record<OutboxStatus, string> = {
  pending: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200',
  sending: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  sent: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200',
  failed: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200',
  discarded: 'bg-gray-200 text-gray-800 dark:bg-gray-800 dark:text-gray-200',
};
const EMPTY: Record<OutboxTab, string> = {
  waiting: 'outbox.emptyWaiting',
  failed: 'outbox.emptyFailed',
  sent: 'outbox.emptySent',
  discarded: 'outbox.emptyDiscarded',
};

type Pending = { item: OutboxItem; action: 'retry' | 'discard' };

/**
 * Settings › Outbox (decision 054): the messages of one tab as cards (they fit 390 px), each with
 * what, to whom, attempts, the next attempt and the last error; Retry (failed) and Discard
 * (waiting or failed) after a confirmation, for those who may change settings. A row the server
 * changed meanwhile answers 409 and the list is read again.
 */
export default function OutboxList({ lang, tab, items: initial, canUpdate, timeZone, timeFormat }: Props) {
  const t = translator(lang);
  const [items, setItems] = useState(initial);
  const [pending, setPending] = useState<Pending | null>(null);
  const { run, busy } = useApiAction(lang);
  const when = (iso: string) => `${formatDate(iso, lang, timeZone)} ${formatTime(iso, lang, timeZone, timeFormat)}`;

  async function reload() {
    try {
      const answer = await api('GET /api/outbox', { query: { status: tab, pageSize: 100 }, lang });
      setItems(answer.data);
    } catch {
      // The list stays as it was; the toast already told what happened.
    }
  }

  async function confirm() {
    if (!pending) return;
    const { item, action } = pending;
    await run(() => api(action === 'retry' ? 'POST /api/outbox/{id}/retry' : 'POST /api/outbox/{id}/discard', { params: [item._id], lang }), { success: 'toast' });
    // Either way the list is read again (a 409 means the row changed meanwhile).
    setPending(null);
    await reload();
  }

  return (
    <>
      <AppToaster />
      <div className="mb-4 flex justify-end">
        <button type="button" className={secondaryButton} onClick={() => void reload()} data-testid="outbox-refresh">
          <RotateCcw aria-hidden="true" size={16} />
          {t('outbox.refresh')}
        </button>
      </div>
      {items.length === 0 ? (
        <div className="rounded-2xl border border-line bg-card">
          <EmptyState icon={Inbox} title={t(EMPTY[tab])} text={t('outbox.emptyText')} />
        </div>
      ) : (
        <ul className="flex flex-col gap-3" data-testid="outbox-items">
          {items.map((item) => {
            const KindIcon = item.channel === 'email' ? Mail : Webhook;
            const label = KIND_LABELS[item.kind];
            return (
              <li key={item._id} className="rounded-2xl border border-line bg-card p-4" data-testid="outbox-item" data-id={item._id} data-status={item.status}>
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <KindIcon aria-hidden="true" size={18} className="shrink-0 text-muted" />
                  <span className="font-semibold">{label ? t(label) : item.kind}</span>
                  <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_CLASS[item.status]}`} data-testid="outbox-status">
                    {t(STATUS_LABELS[item.status])}
                  </span>
                  <span className="ms-auto text-xs text-muted tabular-nums">#{formatNumber(item._id, lang)}</span>
                </div>
                {item.subject && <p className="mt-2 break-words text-sm">{item.subject}</p>}
                <dl className="mt-3 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-4">
                  <div className="min-w-0 sm:col-span-2">
                    <dt className="text-xs text-muted">{t(item.channel === 'email' ? 'outbox.recipient' : 'outbox.url')}</dt>
                    <dd className="break-all" data-testid="outbox-recipient">
                      {item.recipient}
                    </dd>
                  </div>
                  <div>
                    <dt className="text-xs text-muted">{t('outbox.attempts')}</dt>
                    <dd className="tabular-nums" data-testid="outbox-attempts">
                      {formatNumber(item.attempts, lang)}
                    </dd>
                  </div>
                  <div>
                    <dt className="text-xs text-muted">{item.sentAt ? t('outbox.sentAt') : item.nextAttemptAt ? t('outbox.nextAttempt') : t('outbox.queuedAt')}</dt>
                    <dd className="tabular-nums">{when(item.sentAt ?? item.nextAttemptAt ?? item.createdAt)}</dd>
                  </div>
                  {item.lastError && item.status !== 'sent' && (
                    <div className="min-w-0 sm:col-span-2 lg:col-span-4">
                      <dt className="text-xs text-muted">{t('outbox.lastError')}</dt>
                      <dd className="break-words text-red-800 dark:text-red-300" data-testid="outbox-error">
                        {item.lastError}
                      </dd>
                    </div>
                  )}
                </dl>
                {canUpdate && (mayRetry(item.status) || mayDiscard(item.status)) && (
                  <div className="mt-3 flex flex-wrap justify-end gap-2">
                    {mayDiscard(item.status) && (
                      <button type="button" className={secondaryButton} onClick={() => setPending({ item, action: 'discard' })} data-testid="outbox-discard">
                        <Trash2 aria-hidden="true" size={16} />
                        {t('outbox.discard')}
                      </button>
                    )}
                    {mayRetry(item.status) && (
                      <button type="button" className={primaryButton} onClick={() => setPending({ item, action: 'retry' })} data-testid="outbox-retry">
                        <RotateCcw aria-hidden="true" size={16} />
                        {t('outbox.retry')}
                      </button>
                    )}
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <Dialog open={pending !== null} title={pending ? t(pending.action === 'retry' ? 'outbox.retryTitle' : 'outbox.discardTitle') : ''} onClose={() => setPending(null)} closeLabel={t('common.close')} size="sm">
        <p className="mb-6">{pending && t(pending.action === 'retry' ? (pending.item.channel === 'email' ? 'outbox.retryQuestionEmail' : 'outbox.retryQuestionWebhook') : 'outbox.discardQuestion')}</p>
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className={secondaryButton} onClick={() => setPending(null)}>
            {t('form.cancel')}
          </button>
          <button type="button" className={pending?.action === 'retry' ? primaryButton : dangerButton} onClick={() => void confirm()} disabled={busy} data-testid="outbox-confirm">
            {pending && t(pending.action === 'retry' ? 'outbox.retry' : 'outbox.discard')}
          </button>
        </div>
      </Dialog>
    </>
  );
}
