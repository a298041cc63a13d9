import { useState } from 'react';
import type { ClockAction } from '#domain/clock/clock-engine.ts';
import { WORK_MODES, type PersonalClockView, type PersonalPunchAnswer, type PunchWorkMode } from '#domain/clock/personal-clock.ts';
import { PUNCH_ACTION_LABELS, PUNCH_METHOD_LABELS } from '#domain/clock/punch-labels.ts';
import { WORK_MODE_LABELS } from '#domain/attendance/day-marks.ts';
import { formatRecordTime } from '#domain/format/record-time.ts';
import type { Language } from '#i18n/languages.ts';
import { translator } from '#i18n/translate.ts';
import { api } from '#lib/client/api.ts';
import { useApiAction } from '#lib/client/use-api-action.ts';

const STATUS_LABELS = { out: 'personalClock.status.out', working: 'personalClock.status.working', onBreak: 'personalClock.status.onBreak' } as const;
const STATUS_TONE = {
  out: 'bg-gray-200 text-gray-800 dark:bg-gray-800 dark:text-gray-200',
  working: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200',
  onBreak: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
} as const;
/** The main action of a state is the filled button; the others are outlined. */
const ACTION_TONE: Record<ClockAction, string> = {
  'check-in': 'bg-primary text-neutral hover:bg-primary-deep',
  'break-in': 'border-2 border-field bg-card text-ink hover:border-primary hover:text-accent',
  'break-out': 'bg-primary text-neutral hover:bg-primary-deep',
  'check-out': 'bg-rose-700 text-white hover:bg-rose-800',
};

/**
 * The personal clock (decision 067): the signed-in worker's own state, a big button per action
 * their state offers, the work mode (on site or remote) and today's punches. It names nobody:
 * `POST /api/personal/clock` punches for the session's own employee. The answer's state replaces
 * the one drawn on the server, so the page never reloads.
 */
export default function PersonalClock(props: { lang: Language; timeFormat: string; initial: PersonalClockView }) {
  const t = translator(props.lang);
  const [state, setState] = useState(props.initial);
  const [workMode, setWorkMode] = useState<PunchWorkMode>(props.initial.openWorkMode ?? 'on-site');
  const [outcome, setOutcome] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const { run, running } = useApiAction<ClockAction>(props.lang);
  const time = (iso: string) => formatRecordTime(iso, state.timeZone, props.lang, props.timeFormat);
  const since = state.status === 'out' ? undefined : [...state.punches].reverse().find((p) => (state.status === 'onBreak' ? p.action === 'break-in' : p.action === 'check-in' || p.action === 'break-out'));

  async function punch(action: ClockAction) {
    setOutcome(null);
    await run(() => api<PersonalPunchAnswer>('/personal/clock', { method: 'POST', body: { action, workMode }, lang: props.lang }), {
      key: action,
      then: (answer) => {
        setState(answer.state);
        setOutcome({ kind: 'ok', text: t('personalClock.recordedAt', { action: t(PUNCH_ACTION_LABELS[action]), time: time(answer.time) }) });
      },
      onError: (message, failure) => setOutcome({ kind: 'error', text: failure.status === 0 ? t('personalClock.offline') : message }),
    });
  }

  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-5">
      <section className="rounded-2xl border border-line bg-card p-5 text-center" aria-labelledby="pc-status">
        <p className="text-sm text-muted">
          {state.employee.firstName} {state.employee.lastName}
        </p>
        <p id="pc-status" className="mt-3">
          <span className={`inline-flex rounded-full px-4 py-1.5 text-lg font-semibold ${STATUS_TONE[state.status]}`} data-testid="personal-status">
            {t(STATUS_LABELS[state.status])}
          </span>
        </p>
        {since && <p className="mt-2 text-sm tabular-nums text-muted">{t('personalClock.since', { time: time(since.at) })}</p>}
      </section>

      <fieldset className="rounded-2xl border border-line bg-card p-4">
        <legend className="px-1 text-sm font-medium">{t('personalClock.workModeLegend')}</legend>
        <div className="grid grid-cols-2 gap-2">
          {WORK_MODES.map((mode) => (
            <label
              key={mode}
              className={`flex min-h-12 cursor-pointer items-center justify-center rounded-xl border-2 px-3 text-base font-medium has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 ${
                workMode === mode ? 'border-primary bg-primary-subtle text-accent' : 'border-field text-ink'
              }`}
            >
              <input type="radio" name="work-mode" value={mode} className="sr-only" checked={workMode === mode} onChange={() => setWorkMode(mode)} data-testid={`work-mode-${mode}`} />
              {t(WORK_MODE_LABELS[mode])}
            </label>
          ))}
        </div>
        {state.openWorkMode && <p className="mt-2 text-xs text-muted">{t('personalClock.workModeFixed', { mode: t(WORK_MODE_LABELS[state.openWorkMode]).toLowerCase() })}</p>}
      </fieldset>

      <div className="flex flex-col gap-3">
        {state.actions.map((action) => (
          <button
            key={action}
            type="button"
            className={`min-h-20 rounded-2xl px-6 text-xl font-semibold shadow-sm disabled:opacity-60 ${ACTION_TONE[action]}`}
            disabled={running !== null}
            aria-busy={running === action}
            onClick={() => void punch(action)}
            data-testid={`punch-${action}`}
          >
            {t(PUNCH_ACTION_LABELS[action])}
          </button>
        ))}
      </div>

      <p
        role="status"
        aria-live="polite"
        className={`min-h-6 text-center text-sm font-medium ${outcome?.kind === 'error' ? 'text-rose-700 dark:text-rose-300' : 'text-emerald-800 dark:text-emerald-300'}`}
        data-testid="personal-outcome"
      >
        {outcome?.text}
      </p>

      <section className="rounded-2xl border border-line bg-card" aria-labelledby="pc-today">
        <h2 id="pc-today" className="border-b border-line px-5 py-3 text-base font-semibold">
          {t('personalClock.todayTitle')}
        </h2>
        {state.punches.length === 0 ? (
          <p className="px-5 py-4 text-sm text-muted">{t('personalClock.noPunchesToday')}</p>
        ) : (
          <ol className="divide-y divide-line" data-testid="personal-punches">
            {state.punches.map((p) => (
              <li key={`${p.at}-${p.action}`} className="flex items-baseline justify-between gap-3 px-5 py-3 text-sm">
                <span className="min-w-0">
                  <span className="font-medium">{t(PUNCH_ACTION_LABELS[p.action])}</span>
                  <span className="block truncate text-xs text-muted">{[t(PUNCH_METHOD_LABELS[p.method]), p.workMode ? t(WORK_MODE_LABELS[p.workMode]) : null, p.where].filter(Boolean).join(' · ')}</span>
                </span>
                <span className="shrink-0 font-semibold tabular-nums">{time(p.at)}</span>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
