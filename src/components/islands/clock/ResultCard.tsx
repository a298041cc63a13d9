import { CheckCircle2, CloudOff, ScanFace, XCircle } from 'lucide-react';
import { formatTime } from '#domain/format/intl-format.ts';
import { CLOCK_MESSAGES, FACE_MESSAGES } from '#domain/messages/spec-messages.ts';
import type { Language } from '#i18n/languages.ts';
import type { Stage } from './kiosk-machine.ts';
import { actionLabel } from './kiosk-model.ts';
import { showText, type Translate } from '../ui/machine-text.ts';
import { WaitCountdown } from './WaitCountdown.tsx';

/** The punch's answer: who, what and when, or why not (with the wait after a 429). A tap dismisses it. */
export function ResultCard(props: { t: Translate; result: Extract<Stage, { kind: 'result' }>; lang: Language; timeZone: string; timeFormat: '1' | '2'; onDismiss: () => void }) {
  const { t, result } = props;
  return (
    <button
      type="button"
      onClick={props.onDismiss}
      className={`mx-auto flex w-full max-w-xl flex-col items-center gap-4 rounded-3xl border-2 bg-card p-8 text-center shadow-sm ${result.queued ? 'border-amber-500' : result.ok ? 'border-emerald-600' : 'border-red-600'}`}
      data-testid="clock-result"
      data-ok={result.ok ? 'yes' : 'no'}
      data-queued={result.queued ? 'yes' : undefined}
    >
      {result.via === 'face' && (
        <span className="inline-flex items-center gap-2 rounded-full bg-primary-subtle px-4 py-1 font-semibold text-accent" data-testid="face-recognized">
          <ScanFace size={18} aria-hidden="true" />
          {t(FACE_MESSAGES.faceRecognized)}
        </span>
      )}
      {result.employee && (
        <>
          {result.employee.image ? (
            <img src={result.employee.image} alt={t('kiosk.photoOf', { name: result.employee.name })} className="h-24 w-24 rounded-full object-cover" data-testid="result-photo" />
          ) : (
            <span className="grid h-24 w-24 place-items-center rounded-full bg-primary-subtle text-3xl font-bold text-accent" aria-hidden="true">
              {result.employee.name
                .split(/\s+/)
                .slice(0, 2)
                .map((w) => w[0])
                .join('')}
            </span>
          )}
          <span className="text-3xl font-bold" data-testid="result-name">
            {result.employee.name}
          </span>
        </>
      )}
      <span className="text-xl text-muted" data-testid="result-action">
        {result.time ? t('kiosk.actionAt', { action: t(actionLabel(result.action)), time: formatTime(result.time, props.lang, props.timeZone, props.timeFormat) }) : t(actionLabel(result.action))}
      </span>
      <span
        className={`text-center text-2xl font-semibold text-balance ${result.queued ? 'text-amber-800 dark:text-amber-300' : result.ok ? 'text-emerald-700 dark:text-emerald-400' : 'text-red-700 dark:text-red-400'}`}
        data-testid="result-message"
      >
        {result.queued ? (
          <CloudOff size={28} className="me-2 inline-block align-[-0.25em]" aria-hidden="true" />
        ) : result.ok ? (
          <CheckCircle2 size={28} className="me-2 inline-block align-[-0.25em]" aria-hidden="true" />
        ) : (
          <XCircle size={28} className="me-2 inline-block align-[-0.25em]" aria-hidden="true" />
        )}
        {result.until ? <WaitCountdown t={t} until={result.until} /> : showText(t, result.message) || t(CLOCK_MESSAGES.recordedSuccessfully)}
      </span>
      <span className="text-sm text-muted">{t('kiosk.tapToContinue')}</span>
    </button>
  );
}
