import { CheckCheck, Lock, LockOpen, RotateCcw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { formatDate, formatDuration, formatLocalDate } from '../../../domain/format/intl-format.ts';
import type { PeriodExceptions } from '../../../domain/periods/period-exceptions.ts';
import type { Language } from '../../../i18n/languages.ts';
import { translator } from '../../../i18n/translate.ts';
import { api, ApiError } from '../../../lib/client/api.ts';
import { setFlash, showFlash } from '../../../lib/client/flash.ts';
import { WARNING_LABELS, type PeriodCloseRow, type PeriodCloseView } from '../../../domain/periods/period-close-view.ts';
import { AppToaster } from '../ui/AppToaster.tsx';
import { inputClass, primaryButton, secondaryButton } from '../ui/buttons.ts';

interface Props {
  lang: Language;
  view: PeriodCloseView;
  /** The period as the heading says it ("marzo de 2026"). */
  label: string;
}

const chip = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold';
const warn = `${chip} bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200`;
const clean = `${chip} bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200`;
const alertClass = 'rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200';

/** The exceptions of one employee's period as short translated chips (a title lists the dates). */
function ExceptionChips({ e, lang }: { e: PeriodExceptions; lang: Language }) {
  const t = translator(lang);
  const dates = (list: string[]) => list.map((d) => formatLocalDate(d, lang)).join(', ');
  const chips: { key: string; text: string; title?: string }[] = [];
  if (e.missingCheckOut.length) chips.push({ key: 'missing', text: t('periods.exceptions.missingCheckOut', { count: e.missingCheckOut.length }), title: dates(e.missingCheckOut) });
  if (e.absences.length) chips.push({ key: 'absent', text: t('periods.exceptions.absences', { count: e.absences.length }), title: dates(e.absences) });
  if (e.late.days) chips.push({ key: 'late', text: t('periods.exceptions.late', { count: e.late.days, time: formatDuration(e.late.seconds, lang) }) });
  if (e.early.days) chips.push({ key: 'early', text: t('periods.exceptions.early', { count: e.early.days, time: formatDuration(e.early.seconds, lang) }) });
  for (const [kind, count] of Object.entries(e.warnings)) chips.push({ key: `w-${kind}`, text: t(WARNING_LABELS[kind] ?? kind, { count }) });
  if (e.pendingCorrections) chips.push({ key: 'pending', text: t('periods.exceptions.pendingCorrections', { count: e.pendingCorrections }) });
  if (chips.length === 0) return <span className={clean}>{t('periods.exceptions.none')}</span>;
  return (
    <ul className="flex flex-wrap gap-1" aria-label={t('periods.exceptionsColumn')}>
      {chips.map((c) => <li key={c.key} className={warn} title={c.title} data-testid={`exception-${c.key}`}>{c.text}</li>)}
    </ul>
  );
}

/**
 * The month-close screen's table (decision 051): per employee the period's totals and exceptions
 * and where its approval stands; Approve the selected or every shown employee (only once the
 * period has ended), Reopen one approved period with a written reason. Every answer reloads the
 * page with a flash message; a refusal stays on screen.
 */
export default function PeriodClose({ lang, view, label }: Props) {
  const t = translator(lang);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [reopening, setReopening] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; fields: Record<string, string> }>();
  useEffect(() => showFlash(), []);
  const open = view.rows.filter((r) => !r.locked);
  const toggle = (id: number) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setSelected(next);
  };

  async function send(path: '/periods/approve' | '/periods/reopen', body: Record<string, unknown>) {
    setBusy(true);
    setError(undefined);
    try {
      const answer = await api<{ message: string }>(path, { method: 'POST', body, lang });
      setFlash(answer.message);
      window.location.reload();
    } catch (e) {
      setError(e instanceof ApiError ? { message: e.message, fields: e.errors } : { message: t('errors.somethingWentWrong'), fields: {} });
      setBusy(false);
    }
  }
  const approve = (ids: number[]) => void send('/periods/approve', { date: view.period.from, employees: ids });

  const status = (r: PeriodCloseRow) => {
    const a = r.approval;
    if (r.locked && a)
      return (
        <span className="inline-flex flex-col gap-0.5" data-testid="period-status" data-status="approved">
          <span className="inline-flex items-center gap-1 font-semibold text-emerald-800 dark:text-emerald-300"><Lock size={14} aria-hidden="true" />{t('periods.status.approved')}</span>
          <span className="text-xs text-muted">{t('periods.by', { name: a.approverName ?? '—', when: formatDate(a.approvedAt, lang, 'UTC') })}</span>
        </span>
      );
    if (a?.status === 'reopened')
      return (
        <span className="inline-flex flex-col gap-0.5" data-testid="period-status" data-status="reopened">
          <span className="inline-flex items-center gap-1 font-semibold text-amber-800 dark:text-amber-300"><LockOpen size={14} aria-hidden="true" />{t('periods.status.reopened')}</span>
          <span className="text-xs text-muted">{t('periods.by', { name: a.reopenerName ?? '—', when: a.reopenedAt ? formatDate(a.reopenedAt, lang, 'UTC') : '' })}{a.reopenReason && <> · “{a.reopenReason}”</>}</span>
        </span>
      );
    return <span className="text-muted" data-testid="period-status" data-status="open">{t('periods.status.open')}</span>;
  };

  if (view.rows.length === 0) {
    return <p className="rounded-2xl border border-line bg-card p-6 text-sm text-muted" data-testid="period-empty">{t('periods.nobody')}</p>;
  }
  return (
    <>
      <AppToaster />
      {error && <p role="alert" className={`${alertClass} mb-3`} data-testid="period-error">{error.message}</p>}
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <button type="button" className={primaryButton} disabled={busy || !view.ended || selected.size === 0} onClick={() => approve([...selected])} data-testid="approve-selected">
          <CheckCheck size={16} aria-hidden="true" />{t('periods.approveSelected', { count: selected.size })}
        </button>
        <button type="button" className={secondaryButton} disabled={busy || !view.ended || open.length === 0} onClick={() => approve(open.map((r) => r.employee.id))} data-testid="approve-all">
          {t('periods.approveAll', { count: open.length })}
        </button>
        {!view.ended && <span className="text-sm text-muted" data-testid="period-not-ended">{t('periods.notEndedHint')}</span>}
      </div>
      <div className="overflow-x-auto rounded-2xl border border-line bg-card">
        <table className="w-full min-w-[720px] text-sm" data-testid="period-table">
          <caption className="sr-only">{t('periods.title')}: {label}</caption>
          <thead className="border-b border-line text-left text-xs text-muted">
            <tr>
              <th className="w-10 px-3 py-2"><span className="sr-only">{t('periods.select')}</span></th>
              <th className="px-3 py-2">{t('periods.employee')}</th>
              <th className="px-3 py-2 text-right">{t('periods.worked')}</th>
              <th className="px-3 py-2 text-right">{t('periods.expected')}</th>
              <th className="px-3 py-2 text-right">{t('periods.overtime')}</th>
              <th className="px-3 py-2">{t('periods.exceptionsColumn')}</th>
              <th className="px-3 py-2">{t('periods.statusColumn')}</th>
              <th className="px-3 py-2"><span className="sr-only">{t('periods.actions')}</span></th>
            </tr>
          </thead>
          <tbody>
            {view.rows.map((r) => (
              <tr key={r.employee.id} className="border-b border-line align-top last:border-0" data-testid="period-row" data-employee={r.employee.id}>
                <td className="px-3 py-2">
                  {!r.locked && (
                    <input type="checkbox" checked={selected.has(r.employee.id)} onChange={() => toggle(r.employee.id)} aria-label={t('periods.selectOne', { name: r.employee.name })} data-testid="period-select" />
                  )}
                </td>
                <td className="px-3 py-2">
                  <span className="font-medium">{r.employee.name}</span>
                  <span className="block text-xs text-muted">{r.employee.departmentName}</span>
                </td>
                <td className="px-3 py-2 text-right tabular-nums">{formatDuration(r.totals.workedSeconds, lang)}</td>
                <td className="px-3 py-2 text-right tabular-nums">{formatDuration(r.totals.expectedSeconds, lang)}</td>
                <td className="px-3 py-2 text-right tabular-nums">{formatDuration(r.totals.overtimeSeconds, lang)}</td>
                <td className="px-3 py-2"><ExceptionChips e={r.exceptions} lang={lang} /></td>
                <td className="px-3 py-2">{status(r)}</td>
                <td className="px-3 py-2 text-right">
                  {r.locked && reopening !== r.employee.id && (
                    <button type="button" className={secondaryButton} disabled={busy} onClick={() => { setReopening(r.employee.id); setReason(''); setError(undefined); }} data-testid="period-reopen">
                      <RotateCcw size={16} aria-hidden="true" />{t('periods.reopen')}
                    </button>
                  )}
                  {reopening === r.employee.id && (
                    <form className="flex min-w-64 flex-col gap-2 text-left" noValidate onSubmit={(e) => { e.preventDefault(); void send('/periods/reopen', { date: view.period.from, employee: r.employee.id, reason }); }}>
                      <label htmlFor={`reason-${r.employee.id}`} className="text-xs font-medium">{t('periods.reopenReason')}</label>
                      <textarea id={`reason-${r.employee.id}`} rows={2} maxLength={1000} className={`${inputClass} py-2`} value={reason} onChange={(e) => setReason(e.target.value)}
                        aria-invalid={!!error?.fields['reason']} data-testid="period-reopen-reason" />
                      {error?.fields['reason'] && <span className="text-xs text-red-700 dark:text-red-400">{error.fields['reason']}</span>}
                      <div className="flex justify-end gap-2">
                        <button type="button" className={secondaryButton} onClick={() => setReopening(null)}>{t('form.cancel')}</button>
                        <button type="submit" className={primaryButton} disabled={busy} data-testid="period-reopen-confirm">{t('periods.reopenConfirm')}</button>
                      </div>
                    </form>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
