import { useState } from 'react';
import { Eye, Pencil, Play, Power, Send, Trash2, Webhook } from 'lucide-react';
import { toast } from 'sonner';
import { formatDate, formatNumber, formatTime } from '#domain/format/intl-format.ts';
import { DELIVERY_STATUS_LABELS } from '#domain/webhooks/delivery-outcome.ts';
import { WEBHOOK_EVENT_LABELS, type WebhookEvent } from '#domain/webhooks/webhook-events.ts';
import type { Language } from '#i18n/languages.ts';
import { translator } from '#i18n/translate.ts';
import { api } from '#lib/client/api.ts';
import type { InferOutput } from 'valibot';
import type { WebhookListItem } from '#domain/api/contracts/webhooks.ts';
import { AppToaster } from '../ui/AppToaster.tsx';
import { ConfirmActionDialog } from '../ui/ConfirmActionDialog.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { primaryButton, secondaryButton } from '../ui/buttons.ts';
import { WebhookFieldset, type WebhookFields } from './WebhookFieldset.tsx';
import { WebhookSecretCard, type ShownSecret } from './WebhookSecretCard.tsx';
import { useApiAction } from '#lib/client/use-api-action.ts';
import HelpLink from '../../help/HelpLink.tsx';

/** A webhook with its latest deliveries, as its contract says `GET /api/webhooks` answers it. */
type WebhookRow = InferOutput<typeof WebhookListItem>;

const EMPTY: WebhookFields = { url: '', description: '', events: ['punch.recorded'], format: 'jornada' };

const STATUS_TONE: Record<string, string> = {
  sent: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200',
  pending: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200',
  sending: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200',
  failed: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200',
  discarded: 'bg-gray-200 text-gray-800 dark:bg-gray-800 dark:text-gray-200',
};
const badge = 'inline-flex whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold';

/**
 * Settings › Webhooks (decision 058): register an address for events, see its signing secret once
 * (and again on request), edit, disable, test and delete it, and follow its latest deliveries from
 * the outbox. The server decides everything (setting.update for writes); this island collects and shows.
 */
export default function Webhooks(props: { lang: Language; webhooks: WebhookRow[]; canUpdate: boolean; timeZone: string; timeFormat: '1' | '2' }) {
  const { lang, timeZone, timeFormat } = props;
  const t = translator(lang);
  const [hooks, setHooks] = useState(props.webhooks);
  const [form, setForm] = useState<WebhookFields>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { run, busy } = useApiAction(lang);
  const [shown, setShown] = useState<ShownSecret | null>(null);
  const [editing, setEditing] = useState<{ row: WebhookRow; fields: WebhookFields; errors: Record<string, string> } | null>(null);
  const [deleting, setDeleting] = useState<WebhookRow | null>(null);
  const when = (at: string) => `${formatDate(at, lang, timeZone)} ${formatTime(at, lang, timeZone, timeFormat)}`;
  const eventLabel = (event: string) => (event in WEBHOOK_EVENT_LABELS ? t(WEBHOOK_EVENT_LABELS[event as WebhookEvent]) : event);

  async function reload() {
    const answer = await api('GET /api/webhooks', { lang });
    setHooks(answer.data);
  }

  const create = (event: React.FormEvent) => {
    event.preventDefault();
    setErrors({});
    return run(
      async () => {
        const answer = await api('POST /api/webhooks', { lang, body: form });
        setShown({ url: answer.data.url, secret: answer.secret });
        setForm(EMPTY);
        toast.success(answer.message);
        await reload();
      },
      { onFieldErrors: setErrors },
    );
  };

  const saveEdit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!editing) return;
    return run(
      async () => {
        const answer = await api('PATCH /api/webhooks/{id}', { params: [editing.row._id], lang, body: editing.fields });
        toast.success(answer.message);
        // The list is refreshed before the dialog closes, so what the admin sees next is the saved state.
        await reload();
        setEditing(null);
      },
      { onFieldErrors: (errors) => setEditing((current) => current && { ...current, errors }) },
    );
  };

  const setEnabled = (row: WebhookRow, enabled: boolean) =>
    run(async () => {
      const answer = await api('PATCH /api/webhooks/{id}', { params: [row._id], lang, body: { enabled } });
      toast.success(answer.message);
      await reload();
    });

  const resume = (row: WebhookRow) =>
    run(async () => {
      const answer = await api('POST /api/webhooks/{id}/resume', { params: [row._id], lang });
      toast.success(answer.message);
      await reload();
    });

  const reveal = (row: WebhookRow) =>
    run(async () => {
      const answer = await api('POST /api/webhooks/{id}/secret', { params: [row._id], lang });
      setShown({ url: row.url, secret: answer.secret });
    });

  const test = (row: WebhookRow) =>
    run(async () => {
      const answer = await api('POST /api/webhooks/{id}/test', { params: [row._id], lang });
      toast.success(answer.message);
    });

  const deliveries = (row: WebhookRow) =>
    row.deliveries.length === 0 ? (
      <p className="text-xs text-muted">{t('webhooks.noDeliveries')}</p>
    ) : (
      <ul className="flex flex-col divide-y divide-line rounded-xl border border-line" data-testid="webhook-deliveries">
        {row.deliveries.map((d) => (
          <li key={d._id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-xs" data-testid="webhook-delivery" data-status={d.status}>
            <span className={`${badge} ${STATUS_TONE[d.status] ?? STATUS_TONE['pending']}`}>{DELIVERY_STATUS_LABELS[d.status] ? t(DELIVERY_STATUS_LABELS[d.status]!) : d.status}</span>
            <span className="font-medium">{eventLabel(d.event)}</span>
            <span className="text-muted">#{d._id}</span>
            <span className="text-muted">{when(d.sentAt ?? d.createdAt)}</span>
            <span className="text-muted">
              {t('webhooks.columns.attempts')}: <span className="tabular-nums">{formatNumber(d.attempts, lang)}</span>
            </span>
            {d.status === 'pending' && d.nextAttemptAt && d.attempts > 0 && <span className="text-muted">{t('webhooks.nextAttempt', { time: when(d.nextAttemptAt) })}</span>}
            {d.lastError && d.status !== 'sent' && <span className="basis-full break-words text-red-700 dark:text-red-400">{d.lastError}</span>}
          </li>
        ))}
      </ul>
    );

  return (
    <div className="flex flex-col gap-6">
      <AppToaster />
      {shown && <WebhookSecretCard lang={lang} shown={shown} onDone={() => setShown(null)} />}
      {props.canUpdate && !shown && (
        <form onSubmit={create} className="flex flex-col gap-4 rounded-2xl border border-line bg-card p-5" noValidate data-testid="webhook-create">
          <div>
            <h2 className="text-lg font-semibold">{t('webhooks.createTitle')}</h2>
            <p className="text-sm text-muted">
              {t('webhooks.createHelp')} <HelpLink doc="webhooks" lang={lang} />
            </p>
          </div>
          <WebhookFieldset lang={lang} value={form} onChange={setForm} errors={errors} idPrefix="webhook" />
          <button type="submit" className={`${primaryButton} self-start`} disabled={busy} data-testid="webhook-submit">
            <Webhook size={16} aria-hidden="true" />
            {t('webhooks.create')}
          </button>
        </form>
      )}
      {hooks.length === 0 ? (
        <p className="rounded-2xl border border-line bg-card p-6 text-sm text-muted" data-testid="webhooks-none">
          {t('webhooks.none')}
        </p>
      ) : (
        <ul className="flex flex-col gap-4">
          {hooks.map((row) => (
            <li key={row._id} className="flex min-w-0 flex-col gap-3 rounded-2xl border border-line bg-card p-4 text-sm sm:p-5" data-testid="webhook-card" data-url={row.url}>
              <div className="flex flex-wrap items-start justify-between gap-2">
                <span className="min-w-0">
                  <span className="block break-all font-mono text-sm font-medium">{row.url}</span>
                  {row.description && <span className="block text-xs text-muted">{row.description}</span>}
                </span>
                <span className="flex flex-wrap gap-1.5">
                  {row.pausedAt && (
                    <span className={`${badge} ${STATUS_TONE['failed']}`} data-testid="webhook-paused">
                      {t('webhooks.paused')}
                    </span>
                  )}
                  <span className={`${badge} ${row.enabled ? STATUS_TONE['sent'] : STATUS_TONE['discarded']}`} data-testid="webhook-state" data-enabled={row.enabled}>
                    {t(row.enabled ? 'webhooks.enabled' : 'webhooks.disabled')}
                  </span>
                </span>
              </div>
              {row.pausedAt ? (
                <p role="status" className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
                  {t('webhooks.pausedSince', { at: when(row.pausedAt), count: row.failureStreak })}
                </p>
              ) : (
                row.failureStreak > 0 && <p className="text-xs text-red-700 dark:text-red-400">{t('webhooks.failing', { count: row.failureStreak })}</p>
              )}
              <p className="flex flex-wrap gap-1.5">
                {row.events.map((e) => (
                  <span key={e} className="rounded-md border border-line px-2 py-0.5 text-xs">
                    {eventLabel(e)}
                  </span>
                ))}
              </p>
              {props.canUpdate && (
                <div className="flex flex-wrap gap-2">
                  {row.pausedAt && (
                    <button type="button" className={primaryButton} disabled={busy} onClick={() => void resume(row)} data-testid="webhook-resume">
                      <Play size={16} aria-hidden="true" />
                      {t('webhooks.resume')}
                    </button>
                  )}
                  <button
                    type="button"
                    className={secondaryButton}
                    disabled={busy}
                    onClick={() => setEditing({ row, fields: { url: row.url, description: row.description, events: row.events, format: row.format }, errors: {} })}
                    data-testid="webhook-edit"
                  >
                    <Pencil size={16} aria-hidden="true" />
                    {t('webhooks.edit')}
                  </button>
                  <button type="button" className={secondaryButton} disabled={busy} onClick={() => void setEnabled(row, !row.enabled)} data-testid="webhook-toggle">
                    <Power size={16} aria-hidden="true" />
                    {t(row.enabled ? 'webhooks.disable' : 'webhooks.enable')}
                  </button>
                  <button type="button" className={secondaryButton} disabled={busy} onClick={() => void test(row)} data-testid="webhook-test">
                    <Send size={16} aria-hidden="true" />
                    {t('webhooks.sendTest')}
                  </button>
                  <button type="button" className={secondaryButton} disabled={busy} onClick={() => void reveal(row)} data-testid="webhook-reveal">
                    <Eye size={16} aria-hidden="true" />
                    {t('webhooks.showSecret')}
                  </button>
                  <button type="button" className={secondaryButton} disabled={busy} onClick={() => setDeleting(row)} data-testid="webhook-delete">
                    <Trash2 size={16} aria-hidden="true" />
                    {t('webhooks.delete')}
                  </button>
                </div>
              )}
              <h3 className="text-xs font-semibold uppercase tracking-wide text-muted">{t('webhooks.deliveries')}</h3>
              {deliveries(row)}
            </li>
          ))}
        </ul>
      )}

      <Dialog open={editing !== null} title={t('webhooks.editTitle')} onClose={() => setEditing(null)} closeLabel={t('common.close')} size="md">
        {editing && (
          <form onSubmit={saveEdit} className="flex flex-col gap-5" noValidate data-testid="webhook-edit-form">
            <WebhookFieldset lang={lang} value={editing.fields} onChange={(fields) => setEditing({ ...editing, fields })} errors={editing.errors} idPrefix="webhook-edit" />
            <div className="flex justify-end gap-2">
              <button type="button" className={secondaryButton} onClick={() => setEditing(null)}>
                {t('webhooks.cancel')}
              </button>
              <button type="submit" className={primaryButton} disabled={busy} data-testid="webhook-edit-save">
                {t('webhooks.save')}
              </button>
            </div>
          </form>
        )}
      </Dialog>

      <ConfirmActionDialog
        lang={lang}
        action={deleting ? { method: 'DELETE', path: `/webhooks/${deleting._id}`, title: t('webhooks.delete'), question: t('webhooks.deleteConfirm', { url: deleting.url }), confirmLabel: t('webhooks.delete') } : null}
        onClose={() => setDeleting(null)}
        onDone={() => void reload()}
      />
    </div>
  );
}
