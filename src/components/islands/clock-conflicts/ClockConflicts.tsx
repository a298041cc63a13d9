import { Check, ClipboardCheck, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { CONFLICT_REASON_KEYS, CONFLICT_STATUS_KEYS, type ClockConflictDto } from '#domain/clock/late-punch-conflict.ts';
import { formatDate, formatTime } from '#domain/format/intl-format.ts';
import { localTimeOf } from '#domain/time/zoned-time.ts';
import type { Language } from '#i18n/languages.ts';
import { translator } from '#i18n/translate.ts';
import { api } from '#lib/client/api.ts';
import { showFlash } from '#lib/client/flash.ts';
import { actionLabel } from '../clock/kiosk-model.ts';
import { AppToaster } from '../ui/AppToaster.tsx';
import { dangerButton, inputClass, primaryButton } from '../ui/buttons.ts';
import { EmptyState } from '../ui/EmptyState.tsx';
import { useApiAction } from '#lib/client/use-api-action.ts';

interface Props {
  lang: Language;
  timeZone: string;
  timeFormat: '1' | '2';
  closed: boolean;
  conflicts: ClockConflictDto[];
}

interface Draft {
  note: string;
  record: boolean;
  date: string;
  timeIn: string;
  timeOut: string;
}

const STATUS_CLASS: Record<ClockConflictDto['status'], string> = {
  open: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  resolved: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200',
  dismissed: 'bg-gray-200 text-gray-800 dark:bg-gray-800 dark:text-gray-200',
};
const alertClass = 'rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200';

/**
 * Late punches a terminal kept offline that the server could not record (decision 046): who, what,
 * when (company time and the terminal's own clock), why, and a reason with Resolve (optionally
 * recording the day through the manual path, prefilled from the punch) or Dismiss. Closed items
 * show who closed them and why.
 */
export default function ClockConflicts({ lang, timeZone, timeFormat, closed, conflicts }: Props) {
  const t = translator(lang);
  const [drafts, setDrafts] = useState<Record<number, Draft>>({});
  const { run, running: busy } = useApiAction<number>(lang);
  const [error, setError] = useState<{ id: number; message: string; fields: Record<string, string> }>();
  useEffect(() => showFlash(), []);
  const when = (instant: string) => `${formatDate(instant, lang, timeZone)} ${formatTime(instant, lang, timeZone, timeFormat)}`;

  const draftOf = (c: ClockConflictDto): Draft =>
    drafts[c._id] ?? {
      note: '',
      record: false,
      date: c.date ?? '',
      timeIn: c.at && c.action === 'check-in' ? localTimeOf(c.at, timeZone) : '',
      timeOut: c.at && c.action === 'check-out' ? localTimeOf(c.at, timeZone) : '',
    };
  const edit = (c: ClockConflictDto, change: Partial<Draft>) => setDrafts({ ...drafts, [c._id]: { ...draftOf(c), ...change } });

  async function close(c: ClockConflictDto, how: 'resolve' | 'dismiss') {
    const draft = draftOf(c);
    setError(undefined);
    const attendance = how === 'resolve' && draft.record && c.employee ? { employee: c.employee._id, date: draft.date, timeIn: draft.timeIn, ...(draft.timeOut ? { timeOut: draft.timeOut } : {}) } : undefined;
    await run(
      () =>
        how === 'resolve'
          ? api('POST /api/clock-conflicts/{id}/resolve', { params: [c._id], body: { note: draft.note, ...(attendance ? { attendance } : {}) }, lang })
          : api('POST /api/clock-conflicts/{id}/dismiss', { params: [c._id], body: { note: draft.note }, lang }),
      {
        key: c._id,
        success: 'flash',
        then: 'reload',
        onError: (message, failure) => setError({ id: c._id, message, fields: failure.fields }),
      },
    );
  }

  if (conflicts.length === 0) {
    return (
      <>
        <AppToaster />
        <div className="rounded-2xl border border-line bg-card">
          <EmptyState icon={ClipboardCheck} title={t(closed ? 'clockConflicts.noneClosed' : 'clockConflicts.none')} />
        </div>
      </>
    );
  }
  return (
    <>
      <AppToaster />
      <ul className="flex flex-col gap-4" data-testid="clock-conflicts">
        {conflicts.map((c) => {
          const draft = draftOf(c);
          const mine = error?.id === c._id ? error : undefined;
          return (
            <li key={c._id} className="rounded-2xl border border-line bg-card p-5" data-testid="clock-conflict" data-id={c._id} data-reason={c.reason}>
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <h2 className="text-base font-semibold">{c.employee?.name ?? (c.reason === 'sequenceGap' ? t(CONFLICT_REASON_KEYS.sequenceGap) : t('clockConflicts.unknownEmployee'))}</h2>
                {c.action && <span className="text-sm">{t(actionLabel(c.action))}</span>}
                <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_CLASS[c.status]}`} data-testid="conflict-status">
                  {t(CONFLICT_STATUS_KEYS[c.status])}
                </span>
                <span className="ms-auto text-sm text-muted">
                  {t(c.terminal.personal ? 'clockConflicts.personalDevice' : 'clockConflicts.terminal')}: {c.terminal.name} ·{' '}
                  {c.seqTo === null ? t('clockConflicts.sequence', { seq: c.seq }) : t('clockConflicts.sequenceRange', { from: c.seq, to: c.seqTo })}
                </span>
              </div>
              <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-2">
                {c.at && (
                  <div>
                    <dt className="text-xs text-muted">{t('clockConflicts.punchedAt')}</dt>
                    <dd className="tabular-nums" data-testid="conflict-time">
                      {when(c.at)}
                      {c.deviceAt && Math.abs(Date.parse(c.deviceAt) - Date.parse(c.at)) >= 60_000 && <span className="block text-xs text-muted">{t('clockConflicts.deviceTime', { time: when(c.deviceAt) })}</span>}
                    </dd>
                  </div>
                )}
                <div>
                  <dt className="text-xs text-muted">{t('clockConflicts.received')}</dt>
                  <dd className="tabular-nums">{when(c.createdAt)}</dd>
                </div>
                <div className="sm:col-span-2">
                  <dt className="text-xs text-muted">{t('clockConflicts.why')}</dt>
                  <dd data-testid="conflict-reason">
                    {t(CONFLICT_REASON_KEYS[c.reason])}
                    {c.refusal && <> · “{c.refusal}”</>}
                  </dd>
                </div>
                {c.resolution && (
                  <div className="sm:col-span-2">
                    <dd>
                      {t('clockConflicts.closedBy', { status: t(CONFLICT_STATUS_KEYS[c.status]), name: c.resolution.by ?? '—', when: c.resolution.at ? when(c.resolution.at) : '' })}
                      {c.resolution.note && <> · “{c.resolution.note}”</>}
                      {c.resolution.attendance !== null && (
                        <>
                          {' '}
                          ·{' '}
                          <a className="text-accent hover:underline" href={`/attendance-edit/${c.resolution.attendance}`}>
                            {t('clockConflicts.openAttendance')}
                          </a>
                        </>
                      )}
                    </dd>
                  </div>
                )}
              </dl>
              {c.status === 'open' && (
                <form className="mt-4 flex flex-col gap-2" noValidate onSubmit={(e) => e.preventDefault()}>
                  {mine && (
                    <p role="alert" className={alertClass}>
                      {mine.message}
                    </p>
                  )}
                  <label htmlFor={`note-${c._id}`} className="text-sm font-medium">
                    {t('clockConflicts.note')}
                  </label>
                  <textarea
                    id={`note-${c._id}`}
                    rows={2}
                    maxLength={1000}
                    className={`${inputClass} py-2`}
                    value={draft.note}
                    onChange={(e) => edit(c, { note: e.target.value })}
                    aria-invalid={!!mine?.fields['note']}
                    aria-describedby={`note-${c._id}-hint`}
                    data-testid="conflict-note"
                  />
                  <span id={`note-${c._id}-hint`} className={`text-xs ${mine?.fields['note'] ? 'text-red-700 dark:text-red-400' : 'text-muted'}`}>
                    {mine?.fields['note'] ?? t('clockConflicts.noteHint')}
                  </span>
                  {c.employee && c.at && (
                    <fieldset className="mt-1 flex flex-col gap-2">
                      <label className="inline-flex items-center gap-2 text-sm font-medium">
                        <input type="checkbox" checked={draft.record} onChange={(e) => edit(c, { record: e.target.checked })} data-testid="conflict-record-day" />
                        {t('clockConflicts.recordDay')}
                      </label>
                      {draft.record && (
                        <>
                          <p className="text-xs text-muted">{t('clockConflicts.recordDayHint')}</p>
                          <div className="grid gap-2 sm:grid-cols-3">
                            {(['date', 'timeIn', 'timeOut'] as const).map((field) => (
                              <label key={field} className="flex flex-col gap-1 text-sm">
                                <span>{t(field === 'date' ? 'clockConflicts.date' : field === 'timeIn' ? 'clockConflicts.timeIn' : 'clockConflicts.timeOut')}</span>
                                <input
                                  type={field === 'date' ? 'date' : 'time'}
                                  className={inputClass}
                                  value={draft[field]}
                                  onChange={(e) => edit(c, { [field]: e.target.value })}
                                  aria-invalid={!!mine?.fields[field]}
                                  data-testid={`conflict-${field}`}
                                />
                                {mine?.fields[field] && <span className="text-xs text-red-700 dark:text-red-400">{mine.fields[field]}</span>}
                              </label>
                            ))}
                          </div>
                        </>
                      )}
                    </fieldset>
                  )}
                  <div className="flex flex-wrap justify-end gap-2">
                    <button type="button" className={dangerButton} disabled={busy !== null} onClick={() => void close(c, 'dismiss')} data-testid="conflict-dismiss">
                      <X size={16} aria-hidden="true" />
                      {busy === c._id ? t('common.loading') : t('clockConflicts.dismiss')}
                    </button>
                    <button type="button" className={primaryButton} disabled={busy !== null} onClick={() => void close(c, 'resolve')} data-testid="conflict-resolve">
                      <Check size={16} aria-hidden="true" />
                      {busy === c._id ? t('common.loading') : t('clockConflicts.resolve')}
                    </button>
                  </div>
                </form>
              )}
            </li>
          );
        })}
      </ul>
    </>
  );
}
