import { useCallback, useEffect, useState } from 'react';
import type { ClockAction } from '#domain/clock/clock-engine.ts';
// Types only: the domain modules' values (valibot, the clock engine, the dictionaries) stay off the page.
import type { PersonalClockView, PunchWorkMode } from '#domain/clock/personal-clock.ts';
import type { OvertimeChoice, OvertimeQuestion } from '#domain/attendance/overtime-choice.ts';
import { formatDuration } from '#domain/format/intl-format.ts';
import { formatRecordTime } from '#domain/format/record-time.ts';
import type { Language } from '#i18n/languages.ts';
import { api } from '#lib/client/api.ts';
import { runApiAction } from '#lib/client/api-action.ts';
import { openPersonalQueue, type QueuedPunch } from '#lib/client/offline-queue.ts';
import { registerShellWorker } from '#lib/client/offline-shell.ts';
import { serverUnreachable, useKeptPunches, type SendKept } from './use-offline-queue.ts';

/**
 * The page's words, translated on the server (personalClockLabels): the island ships no
 * dictionary and no translator, which keeps the page under its 100 KB budget (decision 067).
 * Templates keep their `{{time}}`, `{{action}}`, `{{mode}}` placeholders.
 */
export interface PersonalClockLabels {
  status: Record<PersonalClockView['status'], string>;
  actions: Record<ClockAction, string>;
  workModes: Record<PunchWorkMode, string>;
  methods: Record<PersonalClockView['punches'][number]['method'], string>;
  since: string;
  workModeLegend: string;
  workModeFixed: string;
  todayTitle: string;
  noPunchesToday: string;
  recordedAt: string;
  offline: string;
  /** A punch kept on the device (decision 071), the count waiting (`{{n}}`), a kept punch's note in today's list. */
  savedOffline: string;
  offlinePending: string;
  notSentYet: string;
  somethingWentWrong: string;
  /** Proof of place (decision 068): the notice shown when it is on, the wait while the browser answers, and each punch's place. */
  placeNotice: string;
  askingPosition: string;
  places: Record<'inside' | 'outside' | 'unknown', string>;
  /** The overtime question after a check-out (decision 070); `question` keeps `{{overtime}}`, `chosen` keeps `{{choice}}`. */
  overtime: { question: string; choices: Record<OvertimeChoice, string>; hints: Record<OvertimeChoice, string>; unanswered: string; chosen: string };
}

/**
 * The browser's position, asked once at the moment of an on-site punch (decision 068), never
 * watched. Denied, unavailable or too slow: undefined, and the server decides (under `require`
 * it refuses with a message that says to allow location or punch at the terminal).
 */
function currentPosition(): Promise<{ lat: number; lng: number; accuracy: number } | undefined> {
  if (typeof navigator === 'undefined' || !navigator.geolocation) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      (p) => resolve({ lat: p.coords.latitude, lng: p.coords.longitude, accuracy: Math.min(Math.max(p.coords.accuracy, 0), 100_000) }),
      () => resolve(undefined),
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 0 },
    );
  });
}

/**
 * Where a punch kept offline leaves the worker, until the server answers with the real state: the
 * status and actions as the server would draw them (STATUS_ACTIONS, not imported: the domain
 * module's values stay off the page) and the punch in today's list, marked not sent yet.
 */
const AFTER: Record<ClockAction, { status: PersonalClockView['status']; actions: ClockAction[] }> = {
  'check-in': { status: 'working', actions: ['break-in', 'check-out'] },
  'break-out': { status: 'working', actions: ['break-in', 'check-out'] },
  'break-in': { status: 'onBreak', actions: ['break-out'] },
  'check-out': { status: 'out', actions: ['check-in'] },
};

const fill = (template: string, values: Record<string, string>) => template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
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
/**
 * A door QR code the page was opened with (decision 069): sent with every punch, which the server
 * then records on site at its terminal; `note` says which terminal, or why the code is refused.
 */
export interface PersonalClockDoor {
  code: string;
  note: string;
  ok: boolean;
}

/** The state after a kept punch, as the server would draw it (AFTER), the punch listed as not sent yet. */
function guess(s: PersonalClockView, action: ClockAction, workMode: PunchWorkMode, at: string, notSentYet: string): PersonalClockView {
  const openWorkMode = action === 'check-in' ? workMode : action === 'check-out' ? null : s.openWorkMode;
  return { ...s, ...AFTER[action], openWorkMode, punches: [...s.punches, { action, at, method: 'personal', workMode, where: notSentYet, place: null }] };
}

export default function PersonalClock(props: { lang: Language; timeFormat: string; initial: PersonalClockView; labels: PersonalClockLabels; door?: PersonalClockDoor | null; userId: number }) {
  const l = props.labels;
  const door = props.door ?? null;
  const [state, setState] = useState(props.initial);
  const [chosenMode, setWorkMode] = useState<PunchWorkMode>(props.initial.openWorkMode ?? 'on-site');
  // At the door the punch is on site whatever was chosen; the server forces it too.
  const workMode: PunchWorkMode = door ? 'on-site' : chosenMode;
  const [outcome, setOutcome] = useState<{ kind: 'ok' | 'warn' | 'error' | 'kept'; text: string } | null>(null);
  const { userId, lang } = props;
  const open = useCallback(() => openPersonalQueue(userId), [userId]);
  const send = useCallback<SendKept>(
    async (queue, punches, sentAt) => {
      const body = { device: await queue.device(), sentAt, punches: punches.map(({ seq, at, action, workMode }) => ({ seq, at, action, workMode: workMode! })) }; // the personal queue always keeps the work mode
      const answer = await api('POST /api/personal/clock/offline', { body, lang, redirectOnExpiry: false });
      if (answer.results.length > 0) setState(answer.state);
      return answer;
    },
    [lang],
  );
  // A page loaded with punches still waiting (offline, from the worker's copy) shows them as kept.
  const showWaiting = useCallback((waiting: QueuedPunch[]) => setState((s) => waiting.reduce((next, p) => guess(next, p.action, p.workMode ?? 'on-site', p.at, l.notSentYet), s)), [l.notSentYet]);
  const kept = useKeptPunches(open, send, showWaiting);
  useEffect(registerShellWorker, []);
  const [running, setRunning] = useState<ClockAction | null>(null);
  // Decision 070: a check-out after overtime asks "paid or rest" where the company lets the worker choose.
  const [question, setQuestion] = useState<OvertimeQuestion | null>(props.initial.overtimeQuestion ?? null);
  const [choosing, setChoosing] = useState<OvertimeChoice | null>(null);
  const time = (iso: string) => formatRecordTime(iso, state.timeZone, props.lang, props.timeFormat);
  const since = state.status === 'out' ? undefined : [...state.punches].reverse().find((p) => (state.status === 'onBreak' ? p.action === 'break-in' : p.action === 'check-in' || p.action === 'break-out'));

  /** Keeps the punch on the device (the network is down, or earlier punches still wait): true once stored. */
  async function keep(action: ClockAction): Promise<boolean> {
    if (!(await kept.keep({ action, workMode }))) return false;
    const now = new Date().toISOString();
    setState((s) => guess(s, action, workMode, now, l.notSentYet));
    setOutcome({ kind: 'kept', text: l.savedOffline });
    return true;
  }

  async function punch(action: ClockAction) {
    setOutcome(null);
    // Punches reach the server in the order they were made: behind any that still wait.
    if (await kept.stillWaiting()) {
      if (await keep(action)) return;
    }
    // The action helper's own sequence (api-action.ts), with this page's effects: the outcome is a
    // line on the page, never a toast (no toaster shipped), and nothing navigates.
    const fail = (text: string) => setOutcome({ kind: 'error', text });
    // Proof of place (decision 068): only an on-site punch, only when the company turned it on, only now.
    let location: Awaited<ReturnType<typeof currentPosition>>;
    if (state.proofOfPlace !== 'off' && workMode === 'on-site') {
      setRunning(action);
      setOutcome({ kind: 'ok', text: l.askingPosition });
      location = await currentPosition();
      setOutcome(null);
    }
    await runApiAction(
      () => api('POST /api/personal/clock', { body: { action, workMode, ...(door ? { doorCode: door.code } : {}), ...(location ? { location } : {}) }, lang: props.lang }),
      {
        key: action,
        then: (answer) => {
          setState(answer.state);
          setQuestion(answer.state.overtimeQuestion ?? null);
          const recorded = fill(l.recordedAt, { action: l.actions[action], time: time(answer.time) });
          setOutcome(answer.placeWarning ? { kind: 'warn', text: answer.placeWarning } : { kind: 'ok', text: recorded });
        },
        onError: (message, failure) => {
          if (failure.status !== null && serverUnreachable(failure.status)) {
            void keep(action).then((stored) => stored || fail(l.offline));
            return;
          }
          fail(message);
        },
      },
      { setRunning, toastSuccess: () => {}, toastError: fail, flash: () => {}, navigate: () => {}, fallback: l.somethingWentWrong },
    );
  }

  async function choose(compensation: OvertimeChoice) {
    if (!question) return;
    const fail = (text: string) => setOutcome({ kind: 'error', text });
    await runApiAction(
      () => api('POST /api/personal/overtime-choice', { body: { date: question.date, compensation }, lang: props.lang }),
      {
        key: compensation,
        then: (answer) => {
          setQuestion(null);
          setOutcome({ kind: 'ok', text: fill(l.overtime.chosen, { choice: l.overtime.choices[answer.compensation] }) });
        },
        onError: (message, failure) => fail(failure.status === 0 ? l.offline : message),
      },
      { setRunning: setChoosing, toastSuccess: () => {}, toastError: fail, flash: () => {}, navigate: () => {}, fallback: l.somethingWentWrong },
    );
  }

  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-5">
      <section className="rounded-2xl border border-line bg-card p-5 text-center" aria-labelledby="pc-status">
        <p className="text-sm text-muted">
          {state.employee.firstName} {state.employee.lastName}
        </p>
        <p id="pc-status" className="mt-3">
          <span className={`inline-flex rounded-full px-4 py-1.5 text-lg font-semibold ${STATUS_TONE[state.status]}`} data-testid="personal-status">
            {l.status[state.status]}
          </span>
        </p>
        {since && <p className="mt-2 text-sm tabular-nums text-muted">{fill(l.since, { time: time(since.at) })}</p>}
      </section>

      <fieldset className="rounded-2xl border border-line bg-card p-4">
        <legend className="px-1 text-sm font-medium">{l.workModeLegend}</legend>
        <div className="grid grid-cols-2 gap-2">
          {(Object.keys(l.workModes) as PunchWorkMode[]).map((mode) => (
            <label
              key={mode}
              className={`flex min-h-12 cursor-pointer items-center justify-center rounded-xl border-2 px-3 text-base font-medium has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 ${
                workMode === mode ? 'border-primary bg-primary-subtle text-accent' : 'border-field text-ink'
              }`}
            >
              <input type="radio" name="work-mode" value={mode} className="sr-only" checked={workMode === mode} disabled={door !== null} onChange={() => setWorkMode(mode)} data-testid={`work-mode-${mode}`} />
              {l.workModes[mode]}
            </label>
          ))}
        </div>
        {door && (
          <p className={`mt-2 text-sm font-medium ${door.ok ? 'text-emerald-800 dark:text-emerald-300' : 'text-rose-700 dark:text-rose-300'}`} role={door.ok ? undefined : 'alert'} data-testid="door-note">
            {door.note}
          </p>
        )}
        {state.openWorkMode && <p className="mt-2 text-xs text-muted">{fill(l.workModeFixed, { mode: l.workModes[state.openWorkMode].toLowerCase() })}</p>}
        {state.proofOfPlace !== 'off' && (
          <p className="mt-2 text-xs text-muted" data-testid="place-notice">
            {l.placeNotice}
          </p>
        )}
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
            {l.actions[action]}
          </button>
        ))}
      </div>

      {question && (
        <section className="rounded-2xl border-2 border-primary bg-card p-5" aria-labelledby="pc-overtime" data-testid="overtime-question">
          <h2 id="pc-overtime" className="text-center text-lg font-semibold">
            {fill(l.overtime.question, { overtime: formatDuration(question.overtimeSeconds, props.lang) })}
          </h2>
          <div className="mt-4 flex flex-col gap-3">
            {(['paid', 'rest'] as const).map((choice) => (
              <button
                key={choice}
                type="button"
                className="flex min-h-20 flex-col items-center justify-center rounded-2xl bg-primary px-4 text-xl font-semibold text-neutral shadow-sm hover:bg-primary-deep disabled:opacity-60"
                disabled={choosing !== null}
                aria-busy={choosing === choice}
                onClick={() => void choose(choice)}
                data-testid={`overtime-${choice}`}
              >
                {l.overtime.choices[choice]}
                <span className="text-sm font-normal">{l.overtime.hints[choice]}</span>
              </button>
            ))}
          </div>
          <p className="mt-3 text-center text-xs text-muted">{l.overtime.unanswered}</p>
        </section>
      )}

      <p
        role="status"
        aria-live="polite"
        className={`min-h-6 text-center text-sm font-medium ${outcome?.kind === 'error' ? 'text-rose-700 dark:text-rose-300' : outcome?.kind === 'warn' || outcome?.kind === 'kept' ? 'text-amber-800 dark:text-amber-300' : 'text-emerald-800 dark:text-emerald-300'}`}
        data-testid="personal-outcome"
        data-kind={outcome?.kind}
      >
        {outcome?.text}
      </p>
      {kept.pending > 0 && (
        <p className="-mt-3 text-center text-sm font-medium text-amber-800 dark:text-amber-300" data-testid="personal-offline-pending">
          {fill(l.offlinePending, { n: String(kept.pending) })}
        </p>
      )}

      <section className="rounded-2xl border border-line bg-card" aria-labelledby="pc-today">
        <h2 id="pc-today" className="border-b border-line px-5 py-3 text-base font-semibold">
          {l.todayTitle}
        </h2>
        {state.punches.length === 0 ? (
          <p className="px-5 py-4 text-sm text-muted">{l.noPunchesToday}</p>
        ) : (
          <ol className="divide-y divide-line" data-testid="personal-punches">
            {state.punches.map((p) => (
              <li key={`${p.at}-${p.action}`} className="flex items-baseline justify-between gap-3 px-5 py-3 text-sm">
                <span className="min-w-0">
                  <span className="font-medium">{l.actions[p.action]}</span>
                  <span className="block truncate text-xs text-muted">{[l.methods[p.method], p.workMode ? l.workModes[p.workMode] : null, p.place ? l.places[p.place] : null, p.where].filter(Boolean).join(' · ')}</span>
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
