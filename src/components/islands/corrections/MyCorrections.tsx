import { CORRECTION_KIND_KEYS, REQUEST_STATUS_KEYS } from '#domain/attendance/correction-rules.ts';
import { useEffect, useState } from 'react';
import { Check, Send, Undo2, X } from 'lucide-react';
import { AppToaster } from '../ui/AppToaster.tsx';
import { RequiredLegend, RequiredMark } from '../ui/required-fields.tsx';
import { dangerButton, inputClass, primaryButton, secondaryButton } from '../ui/buttons.ts';
import type { CorrectionAcceptanceDto, CorrectionRequestDto } from '#domain/api/records.ts';
import { formatDate, formatLocalDate, formatTime } from '#domain/format/intl-format.ts';
import type { Language } from '#i18n/languages.ts';
import { translator } from '#i18n/translate.ts';
import { api } from '#lib/client/api.ts';
import { showFlash } from '#lib/client/flash.ts';
import { alertClass, proposedTimes, StatusPill } from './corrections-ui.tsx';
import { useApiAction } from '#lib/client/use-api-action.ts';

/** A recorded day's times as the form starts from them (local HH:mm, empty when none). */
export interface DayTimes {
  timeIn: string;
  timeOut: string;
  breakIn: string;
  breakOut: string;
}

interface Props {
  lang: Language;
  timeFormat: '1' | '2';
  /** Today's work date (the date input's maximum). */
  today: string;
  /** The date to start the form on (from `?correct=`), or empty. */
  initialDate: string;
  /** The recorded days of the month shown, by date. */
  days: Record<string, DayTimes>;
  requests: CorrectionRequestDto[];
  awaiting: CorrectionAcceptanceDto[];
}

type Fields = 'date' | 'timeIn' | 'timeOut' | 'breakIn' | 'breakOut' | 'reason';
const TIME_FIELDS = [
  ['timeIn', 'corrections.timeIn'],
  ['timeOut', 'corrections.timeOut'],
  ['breakIn', 'corrections.breakIn'],
  ['breakOut', 'corrections.breakOut'],
] as const;
const REQUIRED = new Set<Fields>(['date', 'timeIn', 'reason']);

/**
 * The worker's side of two-sided corrections in the personal area (decision 034): request a
 * correction of an own day (missing check-out, wrong time, missing day) with a reason, follow and
 * withdraw own requests, and accept or reject administrators' corrections of own days.
 */
export default function MyCorrections({ lang, timeFormat, today, initialDate, days, requests, awaiting }: Props) {
  const t = translator(lang);
  const blank = (date: string) => {
    const d = days[date];
    return { date, timeIn: d?.timeIn ?? '', timeOut: d?.timeOut ?? '', breakIn: d?.breakIn ?? '', breakOut: d?.breakOut ?? '', reason: '' };
  };
  // The message of the request or answer just sent (the page reloads after it).
  useEffect(() => showFlash(), []);
  const [values, setValues] = useState(blank(initialDate));
  const [open, setOpen] = useState(initialDate !== '');
  const { run: act, busy } = useApiAction(lang);
  const [error, setError] = useState<{ message: string; fields: Record<string, string> }>();
  const when = (instant: string, zone: string) => `${formatDate(instant, lang, zone)} ${formatTime(instant, lang, zone, timeFormat)}`;

  async function run(work: () => Promise<{ message: string }>) {
    setError(undefined);
    await act(work, { success: 'flash', then: 'reload', onError: (message, failure) => setError({ message, fields: failure.fields }) });
  }

  const submit = () => {
    // The server finds the recorded day of that date (the employee is the session's own).
    return run(() => api('POST /api/attendance-corrections', { body: values, lang }));
  };

  const field = (name: Fields, label: string, control: React.ReactNode) => (
    <div className="flex flex-col gap-1">
      <label htmlFor={`corr-${name}`} className="text-sm font-medium">
        {label}
        <RequiredMark required={REQUIRED.has(name)} />
      </label>
      {control}
      {error?.fields[name] && (
        <span id={`corr-${name}-error`} className="text-xs text-red-700 dark:text-red-400">
          {error.fields[name]}
        </span>
      )}
    </div>
  );
  const aria = (name: Fields) => ({ 'aria-invalid': !!error?.fields[name], 'aria-required': REQUIRED.has(name), 'aria-describedby': error?.fields[name] ? `corr-${name}-error` : undefined });

  return (
    <>
      <AppToaster />
      {awaiting.length > 0 && <Awaiting lang={lang} awaiting={awaiting} when={when} />}
      <section className="mb-6 rounded-2xl border border-line bg-card p-5 print:hidden" aria-labelledby="corr-title" id="correction-request" data-testid="correction-request">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h2 id="corr-title" className="text-lg font-semibold">
              {t('corrections.requestTitle')}
            </h2>
            <p className="mt-1 text-sm text-muted">{t('corrections.requestHint')}</p>
          </div>
          {!open && (
            <button type="button" className={secondaryButton} onClick={() => setOpen(true)} data-testid="open-correction">
              {t('corrections.requestButton')}
            </button>
          )}
        </div>
        {open && (
          <form
            className="mt-4 flex flex-col gap-4"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void submit();
            }}
            data-testid="correction-form"
          >
            <RequiredLegend text={t('firstSteps.requiredLegend')} />
            {error && (
              <p role="alert" className={alertClass}>
                {error.message}
              </p>
            )}
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
              {field(
                'date',
                t('corrections.date'),
                <input id="corr-date" type="date" max={today} className={inputClass} value={values.date} onChange={(e) => setValues({ ...blank(e.target.value), reason: values.reason })} {...aria('date')} />,
              )}
              {TIME_FIELDS.map(([name, label]) => (
                <div key={name}>
                  {field(name, t(label), <input id={`corr-${name}`} type="time" className={inputClass} value={values[name]} onChange={(e) => setValues({ ...values, [name]: e.target.value })} {...aria(name)} />)}
                </div>
              ))}
            </div>
            {field(
              'reason',
              t('corrections.reason'),
              <textarea id="corr-reason" rows={3} maxLength={500} className={`${inputClass} py-2`} value={values.reason} onChange={(e) => setValues({ ...values, reason: e.target.value })} {...aria('reason')} />,
            )}
            <p className="-mt-2 text-xs text-muted">{t('corrections.reasonHint')}</p>
            <div className="flex flex-wrap justify-end gap-2">
              <button
                type="button"
                className={secondaryButton}
                onClick={() => {
                  setOpen(false);
                  setError(undefined);
                }}
                disabled={busy}
              >
                {t('form.cancel')}
              </button>
              <button type="submit" className={primaryButton} disabled={busy} data-testid="send-correction">
                <Send size={16} aria-hidden="true" />
                {busy ? t('common.loading') : t('corrections.send')}
              </button>
            </div>
          </form>
        )}
        <h3 className="mt-6 text-sm font-semibold">{t('corrections.myRequests')}</h3>
        {requests.length === 0 ? (
          <p className="mt-2 text-sm text-muted" data-testid="no-requests">
            {t('corrections.noRequests')}
          </p>
        ) : (
          <ul className="mt-2 flex flex-col divide-y divide-line text-sm" data-testid="my-requests">
            {requests.map((r) => (
              <li key={r._id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2" data-testid="my-request" data-date={r.date}>
                <span className="font-medium">{formatLocalDate(r.date, lang)}</span>
                <span className="text-muted">{t(CORRECTION_KIND_KEYS[r.kind])}</span>
                <span dir="ltr" className="tabular-nums">
                  {proposedTimes(r)}
                </span>
                <StatusPill status={r.status} label={t(REQUEST_STATUS_KEYS[r.status])} />
                <span className="min-w-0 flex-1 basis-full text-muted sm:basis-auto">
                  “{r.reason}”
                  {r.comment && (
                    <>
                      {' '}
                      · {r.deciderName}: “{r.comment}”
                    </>
                  )}
                </span>
                {r.status === 'pending' && (
                  <button
                    type="button"
                    className={secondaryButton}
                    disabled={busy}
                    data-testid="withdraw-request"
                    onClick={() => void run(() => api('POST /api/attendance-corrections/{id}/withdraw', { params: [r._id], lang }))}
                  >
                    <Undo2 size={16} aria-hidden="true" />
                    {t('corrections.withdraw')}
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

/** Administrators' corrections of the worker's days waiting for an answer. */
function Awaiting({ lang, awaiting, when }: { lang: Language; awaiting: CorrectionAcceptanceDto[]; when: (instant: string, zone: string) => string }) {
  const t = translator(lang);
  const [comments, setComments] = useState<Record<string, string>>({});
  const { run, busy } = useApiAction(lang);
  const [error, setError] = useState<{ key: string; message: string; comment?: string }>();

  async function answer(a: CorrectionAcceptanceDto, verdict: 'accepted' | 'rejected') {
    const key = `${a.attendance}-${a.revision}`;
    setError(undefined);
    const body = { revision: a.revision, answer: verdict, comment: comments[key] ?? '' };
    await run(() => api('POST /api/attendances/{id}/acceptance', { params: [a.attendance], body, lang }), {
      success: 'flash',
      then: 'reload',
      onError: (message, failure) => setError({ key, message, comment: failure.fields['comment'] }),
    });
  }

  return (
    <section className="mb-6 rounded-2xl border border-amber-300 bg-card p-5 dark:border-amber-800 print:hidden" aria-labelledby="awaiting-title" data-testid="awaiting-answers">
      <h2 id="awaiting-title" className="text-lg font-semibold">
        {t('corrections.awaitingTitle')}
      </h2>
      <ul className="mt-3 flex flex-col gap-4">
        {awaiting.map((a) => {
          const key = `${a.attendance}-${a.revision}`;
          return (
            <li key={key} className="flex flex-col gap-2" data-testid="awaiting-answer" data-date={a.date}>
              <p className="text-sm">
                <span className="font-medium">{t('corrections.revisionOf', { n: a.revision, date: formatLocalDate(a.date, lang, 'long') })}</span>
                <span className="text-muted"> · {t('corrections.awaitingHint', { due: when(a.dueAt, a.timezone) })}</span>
              </p>
              {error?.key === key && (
                <p role="alert" className={alertClass}>
                  {error.message}
                </p>
              )}
              <label htmlFor={`answer-${key}`} className="text-sm font-medium">
                {t('corrections.yourComment')}
              </label>
              <textarea
                id={`answer-${key}`}
                rows={2}
                maxLength={1000}
                className={`${inputClass} py-2`}
                value={comments[key] ?? ''}
                onChange={(e) => setComments({ ...comments, [key]: e.target.value })}
                aria-invalid={!!(error?.key === key && error.comment)}
                aria-describedby={`answer-${key}-hint`}
              />
              <span id={`answer-${key}-hint`} className={`text-xs ${error?.key === key && error.comment ? 'text-red-700 dark:text-red-400' : 'text-muted'}`}>
                {(error?.key === key && error.comment) || t('corrections.rejectHint')}
              </span>
              <div className="flex flex-wrap justify-end gap-2">
                <button type="button" className={dangerButton} disabled={busy} onClick={() => void answer(a, 'rejected')} data-testid="reject-correction">
                  <X size={16} aria-hidden="true" />
                  {t('corrections.reject')}
                </button>
                <button type="button" className={primaryButton} disabled={busy} onClick={() => void answer(a, 'accepted')} data-testid="accept-correction">
                  <Check size={16} aria-hidden="true" />
                  {t('corrections.accept')}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
