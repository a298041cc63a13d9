import { useState } from 'react';
import { KeyRound, ListRestart, MonitorSmartphone, Pencil, ShieldOff } from 'lucide-react';
import { toast } from 'sonner';
import { formatDate, formatNumber, formatTime } from '#domain/format/intl-format.ts';
import { TERMINAL_METHOD_LABELS, TERMINAL_STATUS_LABELS } from '#domain/terminals/terminal-labels.ts';
import type { TerminalStatus } from '#domain/terminals/terminal-status.ts';
import type { Language } from '#i18n/languages.ts';
import { translator } from '#i18n/translate.ts';
import { api } from '#lib/client/api.ts';
import { AppToaster } from '../ui/AppToaster.tsx';
import { ConfirmActionDialog } from '../ui/ConfirmActionDialog.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { primaryButton, secondaryButton } from '../ui/buttons.ts';
import { PairingCodeCard, type ShownPairingCode } from './PairingCodeCard.tsx';
import { TerminalFieldset, type TerminalFields } from './TerminalForm.tsx';
import { useApiAction } from '#lib/client/use-api-action.ts';
import type { InferOutput } from 'valibot';
import type { TerminalListRecord } from '#domain/api/contracts/clock.ts';

/** One row of the list, as `GET /api/terminals` answers (its contract's record). */
export type TerminalRow = InferOutput<typeof TerminalListRecord>;

const STATE_TONE: Record<TerminalStatus, string> = {
  online: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200',
  silent: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  unpaired: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200',
  revoked: 'bg-gray-200 text-gray-800 dark:bg-gray-800 dark:text-gray-200',
};

const EMPTY: TerminalFields = { name: '', location: '', methods: ['face', 'pin', 'badge'], doorCode: false };

/**
 * Settings → Terminals (decision 042): create a terminal and see its one-time pairing code and
 * QR; the list with state, last seen and punches today; edit, a new pairing code, revoke. The
 * server decides everything (setting.update for writes); this island collects and shows.
 */
export default function Terminals(props: { lang: Language; terminals: TerminalRow[]; canUpdate: boolean; timeZone: string; timeFormat: '1' | '2' }) {
  const { lang, timeZone, timeFormat } = props;
  const t = translator(lang);
  const [terminals, setTerminals] = useState(props.terminals);
  const [form, setForm] = useState<TerminalFields>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { run, busy } = useApiAction(lang);
  const [shown, setShown] = useState<ShownPairingCode | null>(null);
  const [editing, setEditing] = useState<{ row: TerminalRow; fields: TerminalFields; errors: Record<string, string> } | null>(null);
  const [renewing, setRenewing] = useState<TerminalRow | null>(null);
  const [revoking, setRevoking] = useState<TerminalRow | null>(null);
  const [resetting, setResetting] = useState<TerminalRow | null>(null);
  const when = (at: string | null) => (at ? `${formatDate(at, lang, timeZone)} ${formatTime(at, lang, timeZone, timeFormat)}` : t('terminals.never'));
  const methods = (row: TerminalRow) => [...row.methods.map((m) => t(TERMINAL_METHOD_LABELS[m])), ...(row.doorCode ? [t('terminals.doorCode')] : [])].join(' · ') || '—';

  async function reload() {
    const answer = await api('GET /api/terminals', { lang });
    setTerminals(answer.data);
  }

  async function create(event: React.FormEvent) {
    event.preventDefault();
    setErrors({});
    const body = { name: form.name, location: form.location, methods: form.methods, doorCode: form.doorCode };
    await run(() => api('POST /api/terminals', { lang, body }), {
      onFieldErrors: setErrors,
      success: 'toast',
      then: async (answer) => {
        setShown({ terminalName: answer.data.name, code: answer.pairingCode, expiresAt: answer.pairingExpiresAt });
        setForm(EMPTY);
        await reload();
      },
    });
  }

  async function saveEdit(event: React.FormEvent) {
    event.preventDefault();
    if (!editing) return;
    const { row, fields } = editing;
    await run(() => api('PATCH /api/terminals/{id}', { params: [row._id], lang, body: { name: fields.name, location: fields.location, methods: fields.methods, doorCode: fields.doorCode } }), {
      onFieldErrors: (errors) => setEditing((current) => current && { ...current, errors }),
      then: async () => {
        toast.success(t('terminals.saved'));
        setEditing(null);
        await reload();
      },
    });
  }

  async function renew() {
    if (!renewing) return;
    await run(() => api('POST /api/terminals/{id}/pairing-code', { params: [renewing._id], lang }), {
      then: async (answer) => {
        setShown({ terminalName: renewing.name, code: answer.pairingCode, expiresAt: answer.pairingExpiresAt });
        setRenewing(null);
        await reload();
      },
    });
  }

  const stateBadge = (row: TerminalRow) => (
    <span className={`inline-flex whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATE_TONE[row.status]}`} data-testid="terminal-status" data-status={row.status}>
      {t(TERMINAL_STATUS_LABELS[row.status])}
    </span>
  );
  const codeNote = (row: TerminalRow) =>
    row.codeWaitingUntil && (
      <span className="block text-xs text-muted" data-testid="terminal-code-waiting">
        {t('terminals.codeWaiting', { time: formatTime(row.codeWaitingUntil, lang, timeZone, timeFormat) })}
      </span>
    );
  const actions = (row: TerminalRow) =>
    props.canUpdate &&
    row.status !== 'revoked' && (
      <div className="flex flex-wrap gap-2 md:justify-end">
        <button
          type="button"
          className={secondaryButton}
          onClick={() => setEditing({ row, fields: { name: row.name, location: row.location, methods: row.methods, doorCode: row.doorCode }, errors: {} })}
          data-testid="terminal-edit"
        >
          <Pencil size={16} aria-hidden="true" />
          {t('terminals.edit')}
        </button>
        <button type="button" className={secondaryButton} onClick={() => setRenewing(row)} data-testid="terminal-new-code">
          <KeyRound size={16} aria-hidden="true" />
          {t('terminals.newCode')}
        </button>
        {row.lastSeq > 0 && (
          <button type="button" className={secondaryButton} onClick={() => setResetting(row)} data-testid="terminal-reset-sequence">
            <ListRestart size={16} aria-hidden="true" />
            {t('terminals.resetSequence')}
          </button>
        )}
        <button type="button" className={secondaryButton} onClick={() => setRevoking(row)} data-testid="terminal-revoke">
          <ShieldOff size={16} aria-hidden="true" />
          {t('terminals.revoke')}
        </button>
      </div>
    );

  return (
    <div className="flex flex-col gap-6">
      <AppToaster />
      {shown && <PairingCodeCard lang={lang} shown={shown} timeZone={timeZone} timeFormat={timeFormat} onDone={() => setShown(null)} />}
      {props.canUpdate && !shown && (
        <form onSubmit={create} className="flex flex-col gap-4 rounded-2xl border border-line bg-card p-5" noValidate data-testid="terminal-create">
          <div>
            <h2 className="text-lg font-semibold">{t('terminals.createTitle')}</h2>
            <p className="text-sm text-muted">{t('terminals.createHelp')}</p>
          </div>
          <TerminalFieldset lang={lang} value={form} onChange={setForm} errors={errors} idPrefix="terminal" />
          <button type="submit" className={`${primaryButton} self-start`} disabled={busy} data-testid="terminal-submit">
            <MonitorSmartphone size={16} aria-hidden="true" />
            {t('terminals.create')}
          </button>
        </form>
      )}
      <div className="overflow-x-auto rounded-2xl border border-line bg-card">
        {terminals.length === 0 ? (
          <p className="p-6 text-sm text-muted" data-testid="terminals-none">
            {t('terminals.none')}
          </p>
        ) : (
          <>
            {/* Narrow screens: one card per terminal, its actions in reach. */}
            <ul className="divide-y divide-line md:hidden">
              {terminals.map((row) => (
                <li key={row._id} className="flex flex-col gap-3 p-4 text-sm" data-testid="terminal-card" data-name={row.name}>
                  <div className="flex items-start justify-between gap-2">
                    <span className="min-w-0">
                      <span className="block font-medium">{row.name}</span>
                      {row.location && <span className="block text-xs text-muted">{row.location}</span>}
                    </span>
                    {stateBadge(row)}
                  </div>
                  <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs">
                    <dt className="text-muted">{t('terminals.columns.methods')}</dt>
                    <dd>{methods(row)}</dd>
                    <dt className="text-muted">{t('terminals.columns.lastSeen')}</dt>
                    <dd>
                      {when(row.lastSeenAt)}
                      {codeNote(row)}
                    </dd>
                    <dt className="text-muted">{t('terminals.columns.punchesToday')}</dt>
                    <dd className="tabular-nums">{formatNumber(row.punchesToday, lang)}</dd>
                  </dl>
                  {actions(row)}
                </li>
              ))}
            </ul>
            <table className="hidden w-full text-sm md:table" data-testid="terminals-table">
              <thead>
                <tr className="border-b border-line text-start text-xs uppercase text-muted">
                  <th scope="col" className="px-4 py-3 text-start">
                    {t('terminals.columns.name')}
                  </th>
                  <th scope="col" className="px-4 py-3 text-start">
                    {t('terminals.columns.methods')}
                  </th>
                  <th scope="col" className="px-4 py-3 text-start">
                    {t('terminals.columns.status')}
                  </th>
                  <th scope="col" className="px-4 py-3 text-start">
                    {t('terminals.columns.lastSeen')}
                  </th>
                  <th scope="col" className="px-4 py-3 text-end">
                    {t('terminals.columns.punchesToday')}
                  </th>
                  {props.canUpdate && (
                    <th scope="col" className="px-4 py-3">
                      <span className="sr-only">{t('table.actions')}</span>
                    </th>
                  )}
                </tr>
              </thead>
              <tbody>
                {terminals.map((row) => (
                  <tr key={row._id} className="border-b border-line align-top last:border-0" data-testid="terminal-row" data-name={row.name}>
                    <td className="px-4 py-3">
                      <span className="font-medium">{row.name}</span>
                      {row.location && <span className="block text-xs text-muted">{row.location}</span>}
                    </td>
                    <td className="px-4 py-3">{methods(row)}</td>
                    <td className="px-4 py-3">{stateBadge(row)}</td>
                    <td className="whitespace-nowrap px-4 py-3" data-testid="terminal-last-seen">
                      {when(row.lastSeenAt)}
                      {codeNote(row)}
                    </td>
                    <td className="px-4 py-3 text-end tabular-nums" data-testid="terminal-punches-today">
                      {formatNumber(row.punchesToday, lang)}
                    </td>
                    {props.canUpdate && <td className="px-4 py-3">{actions(row)}</td>}
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
      </div>

      <Dialog open={editing !== null} title={editing ? t('terminals.editTitle', { name: editing.row.name }) : ''} onClose={() => setEditing(null)} closeLabel={t('common.close')} size="md">
        {editing && (
          <form onSubmit={saveEdit} className="flex flex-col gap-5" noValidate data-testid="terminal-edit-form">
            <TerminalFieldset lang={lang} value={editing.fields} onChange={(fields) => setEditing({ ...editing, fields })} errors={editing.errors} idPrefix="terminal-edit" />
            <div className="flex justify-end gap-2">
              <button type="button" className={secondaryButton} onClick={() => setEditing(null)}>
                {t('terminals.cancel')}
              </button>
              <button type="submit" className={primaryButton} disabled={busy} data-testid="terminal-edit-save">
                {t('terminals.save')}
              </button>
            </div>
          </form>
        )}
      </Dialog>

      <Dialog open={renewing !== null} title={t('terminals.newCode')} onClose={() => setRenewing(null)} closeLabel={t('common.close')} size="sm">
        <p className="mb-6">{renewing && t('terminals.newCodeConfirm', { name: renewing.name })}</p>
        <div className="flex justify-end gap-2">
          <button type="button" className={secondaryButton} onClick={() => setRenewing(null)}>
            {t('terminals.cancel')}
          </button>
          <button type="button" className={primaryButton} onClick={renew} disabled={busy} data-testid="terminal-new-code-confirm">
            {t('terminals.newCode')}
          </button>
        </div>
      </Dialog>

      <ConfirmActionDialog
        lang={lang}
        action={
          resetting
            ? {
                method: 'POST',
                path: `/terminals/${resetting._id}/reset-sequence`,
                title: t('terminals.resetSequence'),
                question: t('terminals.resetSequenceConfirm', { name: resetting.name, seq: formatNumber(resetting.lastSeq, lang) }),
                confirmLabel: t('terminals.resetSequence'),
              }
            : null
        }
        onClose={() => setResetting(null)}
        onDone={() => void reload()}
      />

      <ConfirmActionDialog
        lang={lang}
        action={
          revoking
            ? { method: 'POST', path: `/terminals/${revoking._id}/revoke`, title: t('terminals.revoke'), question: t('terminals.revokeConfirm', { name: revoking.name }), confirmLabel: t('terminals.revoke') }
            : null
        }
        onClose={() => setRevoking(null)}
        onDone={() => void reload()}
      />
    </div>
  );
}
