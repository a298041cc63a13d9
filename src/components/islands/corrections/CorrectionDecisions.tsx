import { CORRECTION_KIND_KEYS, REQUEST_STATUS_KEYS } from '#domain/attendance/correction-rules.ts';
import { useEffect, useState } from 'react';
import { Check, X } from 'lucide-react';
import { AppToaster } from '../ui/AppToaster.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import { dangerButton, inputClass, primaryButton } from '../ui/buttons.ts';
import type { CorrectionRequestDto } from '#domain/api/records.ts';
import { formatDate, formatLocalDate, formatTime } from '#domain/format/intl-format.ts';
import type { Language } from '#i18n/languages.ts';
import { translator } from '#i18n/translate.ts';
import { api } from '#lib/client/api.ts';
import { showFlash } from '#lib/client/flash.ts';
import { ClipboardCheck } from 'lucide-react';
import { alertClass, proposedTimes, StatusPill } from './corrections-ui.tsx';
import { useApiAction } from '#lib/client/use-api-action.ts';

interface Props {
  lang: Language;
  timeFormat: '1' | '2';
  requests: CorrectionRequestDto[];
}

/**
 * The administrators' side of workers' correction requests (decision 034): each request with
 * the day as recorded now and as proposed, the worker's reason, and a comment with approve or
 * decline (declining needs the comment). Decided requests show their decision.
 */
export default function CorrectionDecisions({ lang, timeFormat, requests }: Props) {
  const t = translator(lang);
  const [comments, setComments] = useState<Record<number, string>>({});
  const { run, running: busy } = useApiAction<number>(lang);
  const [error, setError] = useState<{ id: number; message: string; comment?: string }>();
  // The message of the decision just made (the page reloads after it).
  useEffect(() => showFlash(), []);
  const time = (instant: string | null, zone: string) => (instant ? formatTime(instant, lang, zone, timeFormat) : '…');

  async function decide(r: CorrectionRequestDto, action: 'approve' | 'decline') {
    setError(undefined);
    await run(() => api(action === 'approve' ? 'POST /api/attendance-corrections/{id}/approve' : 'POST /api/attendance-corrections/{id}/decline', { params: [r._id], body: { comment: comments[r._id] ?? '' }, lang }), {
      key: r._id,
      success: 'flash',
      then: 'reload',
      onError: (message, failure) => setError({ id: r._id, message, comment: failure.fields['comment'] }),
    });
  }

  if (requests.length === 0) {
    return (
      <>
        <AppToaster />
        <div className="rounded-2xl border border-line bg-card">
          <EmptyState icon={ClipboardCheck} title={t('corrections.noPending')} />
        </div>
      </>
    );
  }
  return (
    <>
      <AppToaster />
      <ul className="flex flex-col gap-4" data-testid="correction-requests">
        {requests.map((r) => (
          <li key={r._id} className="rounded-2xl border border-line bg-card p-5" data-testid="correction-request-card" data-id={r._id}>
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <h2 className="text-base font-semibold">{r.employeeName}</h2>
              <span className="text-sm">{formatLocalDate(r.date, lang, 'long')}</span>
              <span className="text-sm text-muted">{t(CORRECTION_KIND_KEYS[r.kind])}</span>
              <StatusPill status={r.status} label={t(REQUEST_STATUS_KEYS[r.status])} />
              {r.attendance !== null && (
                <a className="ms-auto text-sm text-accent hover:underline" href={`/attendance-edit/${r.attendance}`}>
                  #{r._id}
                </a>
              )}
            </div>
            <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-2">
              <div>
                <dt className="text-xs text-muted">{t('corrections.current')}</dt>
                <dd dir="ltr" className="tabular-nums" data-testid="current-times">
                  {r.current
                    ? `${time(r.current.timeIn, r.timezone)}–${time(r.current.timeOut, r.timezone)}${r.current.breakIn ? ` (${time(r.current.breakIn, r.timezone)}–${time(r.current.breakOut, r.timezone)})` : ''}`
                    : t('corrections.noDay')}
                </dd>
              </div>
              <div>
                <dt className="text-xs text-muted">{t('corrections.proposed')}</dt>
                <dd dir="ltr" className="font-medium tabular-nums" data-testid="proposed-times">
                  {proposedTimes(r)}
                </dd>
              </div>
              <div className="sm:col-span-2">
                <dt className="text-xs text-muted">{t('corrections.reason')}</dt>
                <dd>
                  “{r.reason}”{' '}
                  <span className="text-muted">
                    · {formatDate(r.createdAt, lang, r.timezone)} {formatTime(r.createdAt, lang, r.timezone, timeFormat)}
                  </span>
                </dd>
              </div>
              {r.status !== 'pending' && r.decidedAt && (
                <div className="sm:col-span-2">
                  <dt className="text-xs text-muted">{t('corrections.decision')}</dt>
                  <dd>
                    {t('corrections.decidedBy', {
                      status: t(REQUEST_STATUS_KEYS[r.status]),
                      name: r.deciderName ?? r.employeeName,
                      when: `${formatDate(r.decidedAt, lang, r.timezone)} ${formatTime(r.decidedAt, lang, r.timezone, timeFormat)}`,
                    })}
                    {r.comment && <> · “{r.comment}”</>}
                  </dd>
                </div>
              )}
            </dl>
            {r.status === 'pending' && (
              <form className="mt-4 flex flex-col gap-2" noValidate onSubmit={(e) => e.preventDefault()}>
                {error?.id === r._id && (
                  <p role="alert" className={alertClass}>
                    {error.message}
                  </p>
                )}
                <label htmlFor={`comment-${r._id}`} className="text-sm font-medium">
                  {t('corrections.comment')}
                </label>
                <textarea
                  id={`comment-${r._id}`}
                  rows={2}
                  maxLength={1000}
                  className={`${inputClass} py-2`}
                  value={comments[r._id] ?? ''}
                  onChange={(e) => setComments({ ...comments, [r._id]: e.target.value })}
                  aria-invalid={!!(error?.id === r._id && error.comment)}
                  aria-describedby={`comment-${r._id}-hint`}
                  data-testid="decision-comment"
                />
                <span id={`comment-${r._id}-hint`} className={`text-xs ${error?.id === r._id && error.comment ? 'text-red-700 dark:text-red-400' : 'text-muted'}`}>
                  {(error?.id === r._id && error.comment) || t('corrections.commentHint')}
                </span>
                <div className="flex flex-wrap justify-end gap-2">
                  <button type="button" className={dangerButton} disabled={busy !== null} onClick={() => void decide(r, 'decline')} data-testid="decline-request">
                    <X size={16} aria-hidden="true" />
                    {busy === r._id ? t('common.loading') : t('corrections.decline')}
                  </button>
                  <button type="button" className={primaryButton} disabled={busy !== null} onClick={() => void decide(r, 'approve')} data-testid="approve-request">
                    <Check size={16} aria-hidden="true" />
                    {busy === r._id ? t('common.loading') : t('corrections.approve')}
                  </button>
                </div>
              </form>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
