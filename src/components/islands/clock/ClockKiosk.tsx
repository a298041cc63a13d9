import { Briefcase, Camera, CameraOff, CheckCircle2, Coffee, CreditCard, KeyRound, Loader2, LogIn, LogOut, ScanFace, XCircle } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { ClockAction } from '../../../domain/clock/clock-engine.ts';
import { waitMessage } from '../../../domain/clock/kiosk-attempts.ts';
import { formatDate, formatTime, localeOf } from '../../../domain/format/intl-format.ts';
import { CLOCK_MESSAGES, FACE_MESSAGES } from '../../../domain/messages/spec-messages.ts';
import type { Language } from '../../../i18n/languages.ts';
import { translator } from '../../../i18n/translate.ts';
import { api, ApiError } from '../../../lib/client/api.ts';
import type { FaceEngine } from '../../../lib/client/face/face-engine.ts';
import { secondaryButton } from '../ui/buttons.ts';
import { PinPad } from './PinPad.tsx';
import { actionLabel, BadgeReader, CARD_PENDING_MS, IDLE_MS, KIOSK_ACTIONS, PIN_MAX, PIN_MIN, REFUSAL_MS, RESULT_MS } from './kiosk-model.ts';

interface Props {
  lang: Language;
  timeZone: string;
  timeFormat: '1' | '2';
  faceRecognition: boolean;
  rfidClock: boolean;
  faceLiveness: boolean;
  punchPhoto: boolean;
  /** The server's clock at render (ms): the terminal shows the company's time even if its own clock is off. */
  serverNow: number;
}

/** A punch's answer names the employee (200: `full_name`, `image`); a refusal (409) only `first_name`. */
interface PunchedEmployee {
  full_name: string;
  image: string | null;
}

/** Who the result card names. */
interface Employee {
  name: string;
  image: string | null;
}

type Via = 'face' | 'pin' | 'card';

type Stage =
  | { kind: 'home'; card: string | null }
  | { kind: 'face'; action: ClockAction; hint: 'loading' | 'look' | 'move' | 'many' | 'sending' }
  | { kind: 'pin'; action: ClockAction; notice: string | null; error: string | null }
  | { kind: 'sending'; action: ClockAction; via: Via }
  | { kind: 'result'; ok: boolean; action: ClockAction; via: Via | null; message: string; employee: Employee | null; time: string | null; until?: number };

type EngineState = 'off' | 'loading' | 'ready' | 'failed';
type CameraState = 'off' | 'starting' | 'on' | 'failed';

const ICONS: Record<ClockAction, ReactNode> = {
  'check-in': <LogIn size={40} aria-hidden="true" />,
  'break-in': <Coffee size={40} aria-hidden="true" />,
  'break-out': <Briefcase size={40} aria-hidden="true" />,
  'check-out': <LogOut size={40} aria-hidden="true" />,
};

/**
 * The clock terminal (issue 7): the company's time, four big actions, then the face (camera), a
 * PIN on the keypad or a badge from a USB reader identifies the person, and the result shows for
 * a few seconds. The server decides who it is and whether the punch is allowed; this screen only
 * collects the identifier and shows the answer.
 */
export default function ClockKiosk(props: Props) {
  const { lang, timeZone, timeFormat } = props;
  const t = translator(lang);
  const [now, setNow] = useState(props.serverNow);
  const [stage, setStageState] = useState<Stage>({ kind: 'home', card: null });
  const [pin, setPinState] = useState('');
  const [engine, setEngine] = useState<EngineState>(props.faceRecognition ? 'loading' : 'off');
  const [camera, setCamera] = useState<CameraState>(props.faceRecognition ? 'starting' : 'off');
  const stageRef = useRef(stage);
  const pinRef = useRef(pin);
  const faceapiRef = useRef<FaceEngine | null>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const cardInputRef = useRef<HTMLInputElement>(null);
  const captureRef = useRef<AbortController | null>(null);
  const readerRef = useRef(new BadgeReader());
  const pinBeforeBurst = useRef('');
  const [activity, setActivity] = useState(0);
  const cameraStateRef = useRef(camera);
  cameraStateRef.current = camera;

  const setStage = useCallback((next: Stage) => {
    stageRef.current = next;
    setStageState(next);
    setActivity((n) => n + 1);
  }, []);
  const setPin = useCallback((next: string) => {
    pinRef.current = next;
    setPinState(next);
    setActivity((n) => n + 1);
  }, []);

  // The company's time, from the server's clock (the terminal's own may be wrong).
  useEffect(() => {
    const offset = props.serverNow - Date.now();
    const tick = () => setNow(Date.now() + offset);
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [props.serverNow]);

  // Face recognition: models (only on this page and the employee form) and the camera, at once,
  // so a punch does not wait for them. "Loading Models" shows until both are ready.
  useEffect(() => {
    if (!props.faceRecognition) return;
    let stream: MediaStream | null = null;
    let cancelled = false;
    void (async () => {
      const [{ loadFaceEngine }, { startCamera, warmUpFaceEngine }] = await Promise.all([import('../../../lib/client/face/face-engine.ts'), import('../../../lib/client/face/kiosk-capture.ts')]);
      const video = videoRef.current;
      if (!video || cancelled) return;
      const cam = typeof navigator.mediaDevices?.getUserMedia === 'function'
        ? startCamera(video).then(
            (s) => {
              stream = s;
              if (cancelled) s.getTracks().forEach((track) => track.stop());
              else setCamera('on');
            },
            () => setCamera('failed'),
          )
        : Promise.resolve(setCamera('failed'));
      const models = loadFaceEngine().then(
        async (faceapi) => {
          await warmUpFaceEngine(faceapi).catch(() => {});
          faceapiRef.current = faceapi;
          if (!cancelled) setEngine('ready');
        },
        () => setEngine('failed'),
      );
      await Promise.all([cam, models]);
    })();
    return () => {
      cancelled = true;
      captureRef.current?.abort();
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [props.faceRecognition]);

  /** The wait left, as the server words it (it re-renders every second with the clock). */
  const waitText = (until: number) => {
    const { code, params } = waitMessage(Math.max(1, until - Date.now()));
    return t(code, params);
  };

  const faceUsable = props.faceRecognition && engine !== 'failed' && camera !== 'failed';

  const goHome = useCallback(() => {
    captureRef.current?.abort();
    captureRef.current = null;
    setPin('');
    setStage({ kind: 'home', card: null });
  }, [setPin, setStage]);

  /** Sends the punch and shows the answer; 401 for a face opens the PIN pad. */
  const send = useCallback(
    async (action: ClockAction, via: Via, body: Record<string, unknown>) => {
      if (via !== 'face') setStage({ kind: 'sending', action, via });
      try {
        const answer = await api<{ message: string; employee: PunchedEmployee; time: string }>('/clock', { method: 'POST', body: { action, ...body }, lang, redirectOnExpiry: false });
        setPin('');
        setStage({ kind: 'result', ok: true, action, via, message: answer.message, employee: { name: answer.employee.full_name, image: answer.employee.image }, time: answer.time });
      } catch (error) {
        const e = error instanceof ApiError ? error : new ApiError(String(error), 0);
        const message = e.status === 0 ? t('kiosk.networkError') : e.message;
        if (via === 'face' && (e.status === 401 || e.status === 429)) {
          // Not recognized (or face identification locked): the PIN is the way on.
          setPin('');
          setStage({ kind: 'pin', action, notice: message, error: null });
          return;
        }
        if (via === 'pin' && e.status === 401) {
          setPin('');
          setStage({ kind: 'pin', action, notice: null, error: message });
          return;
        }
        if (e.status === 429) {
          // The terminal waits after failed identifications (decision 025): count the wait down.
          const seconds = Number(e.body['retryAfter']);
          setPin('');
          setStage({ kind: 'result', ok: false, action, via: null, message, employee: null, time: null, until: Date.now() + (seconds > 0 ? seconds : 1) * 1000 });
          return;
        }
        const refused = e.body['employee'] as { first_name?: unknown } | undefined;
        const employee = typeof refused?.first_name === 'string' ? { name: refused.first_name, image: null } : null;
        setPin('');
        setStage({ kind: 'result', ok: false, action, via: employee ? via : null, message, employee, time: null });
      }
    },
    [lang, setPin, setStage, t],
  );

  const startFace = useCallback(
    async (action: ClockAction) => {
      captureRef.current?.abort();
      const controller = new AbortController();
      captureRef.current = controller;
      setStage({ kind: 'face', action, hint: 'loading' });
      const { loadFaceEngine } = await import('../../../lib/client/face/face-engine.ts');
      const { captureFace } = await import('../../../lib/client/face/kiosk-capture.ts');
      let faceapi: FaceEngine;
      try {
        faceapi = faceapiRef.current ?? (await loadFaceEngine());
      } catch {
        if (!controller.signal.aborted) setStage({ kind: 'pin', action, notice: t('kiosk.modelsFailed'), error: null });
        return;
      }
      const video = videoRef.current;
      while (!controller.signal.aborted && video && (video.readyState < 2 || video.videoWidth === 0)) {
        if (cameraStateRef.current === 'failed') break;
        await new Promise((r) => setTimeout(r, 100));
      }
      if (controller.signal.aborted) return;
      if (!video || cameraStateRef.current === 'failed' || video.videoWidth === 0) {
        setStage({ kind: 'pin', action, notice: t('kiosk.cameraUnavailable'), error: null });
        return;
      }
      setStage({ kind: 'face', action, hint: 'look' });
      const result = await captureFace(faceapi, video, {
        liveness: props.faceLiveness,
        snapshot: props.punchPhoto,
        signal: controller.signal,
        onProgress: (p) => {
          if (!controller.signal.aborted) setStage({ kind: 'face', action, hint: p === 'looking' ? 'look' : p });
        },
      });
      if (controller.signal.aborted || result.kind === 'cancelled') return;
      captureRef.current = null;
      if (result.kind === 'failed') {
        const notice = result.reason === 'still' ? t('kiosk.livenessFailed') : result.reason === 'many' ? t('kiosk.oneFaceOnly') : t('kiosk.noFaceFound');
        setStage({ kind: 'pin', action, notice, error: null });
        return;
      }
      setStage({ kind: 'face', action, hint: 'sending' });
      await send(action, 'face', { descriptor: result.descriptors, ...(result.snapshot ? { photo: result.snapshot } : {}) });
    },
    [props.faceLiveness, props.punchPhoto, send, setStage, t],
  );
  const choose = useCallback(
    (action: ClockAction) => {
      const current = stageRef.current;
      if (current.kind === 'home' && current.card) {
        void send(action, 'card', { card: current.card });
        return;
      }
      if (faceUsable) void startFace(action);
      else {
        const notice = !props.faceRecognition ? null : engine === 'failed' ? t('kiosk.modelsFailed') : t('kiosk.cameraUnavailable');
        setPin('');
        setStage({ kind: 'pin', action, notice, error: null });
      }
    },
    [engine, faceUsable, props.faceRecognition, send, setPin, setStage, startFace, t],
  );

  const submitPin = useCallback(() => {
    const current = stageRef.current;
    const value = pinRef.current;
    if (current.kind !== 'pin' || value.length < PIN_MIN) return;
    void send(current.action, 'pin', { pin: value });
  }, [send]);

  const badge = useCallback(
    (card: string) => {
      if (!props.rfidClock) return;
      const current = stageRef.current;
      if (current.kind === 'face' || current.kind === 'pin') {
        captureRef.current?.abort();
        captureRef.current = null;
        void send(current.action, 'card', { card });
      } else if (current.kind === 'home' || current.kind === 'result') {
        setStage({ kind: 'home', card });
      }
    },
    [props.rfidClock, send, setStage],
  );

  // Keyboard: digits, Backspace and Enter work the PIN pad; Escape goes back; a badge reader's
  // burst ending in Enter is a badge wherever the screen is.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const current = stageRef.current;
      const at = performance.now();
      if (event.key === 'Escape') {
        if (current.kind !== 'home' || current.card) goHome();
        return;
      }
      if (current.kind === 'result') {
        // Any key dismisses a result; a reader's keys start the next badge.
        if (event.key.length === 1) readerRef.current.key(event.key, at);
        if (event.key === 'Enter') {
          event.preventDefault();
          const card = readerRef.current.enter(at, false);
          if (card) badge(card);
          else goHome();
        }
        return;
      }
      if (event.key.length === 1) {
        const burst = readerRef.current.key(event.key, at);
        if (current.kind === 'pin') {
          if (burst === 1) pinBeforeBurst.current = pinRef.current;
          if (/^\d$/.test(event.key) && pinRef.current.length < PIN_MAX) setPin(pinRef.current + event.key);
          event.preventDefault();
        } else if (props.rfidClock && event.target === cardInputRef.current) {
          event.preventDefault();
        }
        return;
      }
      if (event.key === 'Backspace' && current.kind === 'pin') {
        event.preventDefault();
        readerRef.current.reset();
        setPin(pinRef.current.slice(0, -1));
        return;
      }
      if (event.key === 'Enter') {
        const card = props.rfidClock ? readerRef.current.enter(at, current.kind === 'pin') : null;
        if (card) {
          event.preventDefault();
          if (current.kind === 'pin') setPin(pinBeforeBurst.current);
          badge(card);
        } else if (current.kind === 'pin') {
          event.preventDefault();
          submitPin();
        }
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [badge, goHome, props.rfidClock, setPin, submitPin]);

  // The badge input keeps the focus (inputmode none: no on-screen keyboard on tablets).
  useEffect(() => {
    if (!props.rfidClock) return;
    const focus = () => {
      const active = document.activeElement;
      if (!active || active === document.body) cardInputRef.current?.focus({ preventScroll: true });
    };
    focus();
    const timer = setInterval(focus, 1000);
    return () => clearInterval(timer);
  }, [props.rfidClock, stage]);

  // Back to the start: after a result, an idle PIN pad or camera step, or a badge left waiting.
  useEffect(() => {
    const ms =
      stage.kind === 'result' ? (stage.until ? Math.max(1, stage.until - Date.now()) : stage.ok ? RESULT_MS : REFUSAL_MS) : stage.kind === 'home' ? (stage.card ? CARD_PENDING_MS : 0) : stage.kind === 'sending' ? 0 : IDLE_MS;
    if (ms === 0) return;
    const timer = setTimeout(goHome, ms);
    return () => clearTimeout(timer);
  }, [stage, activity, goHome]);

  // Hours and minutes large, then the seconds, then AM/PM (12-hour format) after them.
  const timeParts = new Intl.DateTimeFormat(localeOf(lang), { hour: timeFormat === '2' ? 'numeric' : '2-digit', minute: '2-digit', hour12: timeFormat === '2', timeZone }).formatToParts(new Date(now));
  const time = timeParts.filter((p) => p.type !== 'dayPeriod').map((p) => p.value).join('').trim();
  const dayPeriod = timeParts.find((p) => p.type === 'dayPeriod')?.value;
  const seconds = String(new Date(now).getUTCSeconds()).padStart(2, '0');
  const date = formatDate(new Date(now), lang, timeZone, 'long');
  const faceStatus =
    !props.faceRecognition ? null : engine === 'failed' ? t('kiosk.modelsFailed') : camera === 'failed' ? t('kiosk.cameraUnavailable') : engine === 'ready' && camera === 'on' ? t('kiosk.faceReady') : t(FACE_MESSAGES.loadingModels);
  const faceStatusKind = !props.faceRecognition ? 'off' : engine === 'failed' || camera === 'failed' ? 'failed' : engine === 'ready' && camera === 'on' ? 'ready' : 'loading';
  const showVideo = stage.kind === 'face';

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6" data-testid="clock-kiosk" data-stage={stage.kind} data-face={faceStatusKind}>
      {props.rfidClock && (
        <input
          ref={cardInputRef}
          className="pointer-events-none absolute h-px w-px opacity-0"
          inputMode="none"
          autoComplete="off"
          readOnly
          tabIndex={-1}
          aria-hidden="true"
          data-testid="card-input"
        />
      )}
      <header className="text-center" aria-live="off">
        <p className="text-6xl font-bold tracking-tight tabular-nums sm:text-8xl" data-testid="clock-time">
          <time dateTime={new Date(now).toISOString()}>
            {time}
            <span className="ms-1 align-top text-2xl font-semibold text-muted sm:text-4xl">{seconds}</span>
            {dayPeriod && <span className="ms-2 text-2xl font-semibold text-muted sm:text-4xl">{dayPeriod}</span>}
          </time>
        </p>
        <p className="mt-2 text-lg text-muted first-letter:uppercase sm:text-2xl" data-testid="clock-date">
          {date}
        </p>
      </header>

      <div className={`relative mx-auto w-full max-w-md overflow-hidden rounded-3xl border border-line bg-black ${showVideo ? '' : 'hidden'}`}>
        <video ref={videoRef} className="aspect-[4/3] w-full -scale-x-100 object-cover" muted playsInline aria-label={t('kiosk.cameraPreview')} data-testid="camera-video" />
        <div className="pointer-events-none absolute inset-[18%_28%] rounded-[50%] border-4 border-white/70" aria-hidden="true" />
      </div>

      <section aria-live="polite" className="flex flex-col gap-6">
        {stage.kind === 'home' && (
          <>
            <p className="text-center text-xl font-medium" data-testid="kiosk-prompt">
              {stage.card ? t('kiosk.badgeRead') : t('kiosk.chooseAction')}
            </p>
            <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
              {KIOSK_ACTIONS.map(({ action, label, tone }) => (
                <button
                  key={action}
                  type="button"
                  onClick={() => choose(action)}
                  className={`flex min-h-32 flex-col items-center justify-center gap-3 rounded-3xl px-3 py-5 text-xl font-semibold shadow-sm transition active:scale-[0.98] sm:min-h-40 sm:text-2xl md:min-h-52 md:text-3xl ${tone} ${stage.card ? 'ring-4 ring-primary ring-offset-2 ring-offset-page' : ''}`}
                  data-testid={`clock-action-${action}`}
                >
                  {ICONS[action]}
                  <span className="text-center leading-tight">{t(label)}</span>
                </button>
              ))}
            </div>
            <div className="flex flex-wrap items-center justify-center gap-x-6 gap-y-2 text-sm text-muted">
              {faceStatus && (
                <span className="inline-flex items-center gap-2" data-testid="face-status" data-kind={faceStatusKind}>
                  {faceStatusKind === 'loading' ? <Loader2 size={16} className="animate-spin" aria-hidden="true" /> : faceStatusKind === 'ready' ? <ScanFace size={16} aria-hidden="true" /> : <CameraOff size={16} aria-hidden="true" />}
                  {faceStatus}
                </span>
              )}
              {props.rfidClock && (
                <span className="inline-flex items-center gap-2">
                  <CreditCard size={16} aria-hidden="true" />
                  {t('kiosk.scanBadge')}
                </span>
              )}
            </div>
          </>
        )}

        {stage.kind === 'face' && (
          <div className="flex flex-col items-center gap-4 text-center" data-testid="face-step" data-hint={stage.hint}>
            <p className="text-lg font-semibold text-muted">{t(actionLabel(stage.action))}</p>
            <p className="inline-flex items-center gap-3 text-2xl font-semibold" data-testid="face-hint">
              {stage.hint === 'loading' || stage.hint === 'sending' ? <Loader2 size={28} className="animate-spin" aria-hidden="true" /> : <Camera size={28} aria-hidden="true" />}
              {stage.hint === 'loading'
                ? t(FACE_MESSAGES.loadingModels)
                : stage.hint === 'move'
                  ? t('kiosk.moveSlightly')
                  : stage.hint === 'many'
                    ? t('kiosk.oneFaceOnly')
                    : stage.hint === 'sending'
                      ? t('kiosk.recognizing')
                      : t('kiosk.lookAtCamera')}
            </p>
            <div className="flex gap-3">
              <button
                type="button"
                className={`${secondaryButton} h-14 px-6 text-base`}
                onClick={() => {
                  captureRef.current?.abort();
                  setPin('');
                  setStage({ kind: 'pin', action: stage.action, notice: null, error: null });
                }}
                disabled={stage.hint === 'sending'}
                data-testid="use-pin"
              >
                <KeyRound size={20} aria-hidden="true" />
                {t('kiosk.usePin')}
              </button>
              <button type="button" className={`${secondaryButton} h-14 px-6 text-base`} onClick={goHome} data-testid="kiosk-cancel">
                {t('kiosk.cancel')}
              </button>
            </div>
          </div>
        )}

        {stage.kind === 'pin' && (
          <div className="flex flex-col gap-4">
            <p className="text-center text-lg font-semibold text-muted">{t(actionLabel(stage.action))}</p>
            {stage.notice && (
              <p className="mx-auto max-w-md rounded-2xl bg-amber-100 px-4 py-3 text-center font-medium text-amber-950 dark:bg-amber-950 dark:text-amber-100" role="alert" data-testid="pin-notice">
                {stage.notice}
              </p>
            )}
            {stage.error && (
              <p className="mx-auto max-w-md rounded-2xl bg-red-100 px-4 py-3 text-center font-medium text-red-900 dark:bg-red-950 dark:text-red-100" role="alert" data-testid="pin-error">
                {stage.error}
              </p>
            )}
            <PinPad
              pin={pin}
              busy={false}
              labels={{ enterPin: t('kiosk.enterPin'), hint: t('kiosk.pinHint'), entered: t('kiosk.pinEntered', { count: pin.length }), del: t('kiosk.delete'), ok: t('kiosk.ok') }}
              onDigit={(d) => pinRef.current.length < PIN_MAX && setPin(pinRef.current + d)}
              onDelete={() => setPin(pinRef.current.slice(0, -1))}
              onSubmit={submitPin}
            />
            <button type="button" className={`${secondaryButton} mx-auto h-12 px-6`} onClick={goHome} data-testid="kiosk-cancel">
              {t('kiosk.cancel')}
            </button>
          </div>
        )}

        {stage.kind === 'sending' && (
          <p className="flex items-center justify-center gap-3 py-16 text-2xl font-semibold" data-testid="kiosk-sending">
            <Loader2 size={32} className="animate-spin" aria-hidden="true" />
            {t('kiosk.recording')}
          </p>
        )}

        {stage.kind === 'result' && (
          <button
            type="button"
            onClick={goHome}
            className={`mx-auto flex w-full max-w-xl flex-col items-center gap-4 rounded-3xl border-2 bg-card p-8 text-center shadow-sm ${stage.ok ? 'border-emerald-600' : 'border-red-600'}`}
            data-testid="clock-result"
            data-ok={stage.ok ? 'yes' : 'no'}
          >
            {stage.via === 'face' && (
              <span className="inline-flex items-center gap-2 rounded-full bg-primary-subtle px-4 py-1 font-semibold text-accent" data-testid="face-recognized">
                <ScanFace size={18} aria-hidden="true" />
                {t(FACE_MESSAGES.faceRecognized)}
              </span>
            )}
            {stage.employee && (
              <>
                {stage.employee.image ? (
                  <img src={stage.employee.image} alt={t('kiosk.photoOf', { name: stage.employee.name })} className="h-24 w-24 rounded-full object-cover" data-testid="result-photo" />
                ) : (
                  <span className="grid h-24 w-24 place-items-center rounded-full bg-primary-subtle text-3xl font-bold text-accent" aria-hidden="true">
                    {stage.employee.name
                      .split(/\s+/)
                      .slice(0, 2)
                      .map((w) => w[0])
                      .join('')}
                  </span>
                )}
                <span className="text-3xl font-bold" data-testid="result-name">
                  {stage.employee.name}
                </span>
              </>
            )}
            <span className="text-xl text-muted" data-testid="result-action">
              {stage.time ? t('kiosk.actionAt', { action: t(actionLabel(stage.action)), time: formatTime(stage.time, lang, timeZone, timeFormat) }) : t(actionLabel(stage.action))}
            </span>
            <span className={`text-center text-2xl font-semibold text-balance ${stage.ok ? 'text-emerald-700 dark:text-emerald-400' : 'text-red-700 dark:text-red-400'}`} data-testid="result-message">
              {stage.ok ? <CheckCircle2 size={28} className="me-2 inline-block align-[-0.25em]" aria-hidden="true" /> : <XCircle size={28} className="me-2 inline-block align-[-0.25em]" aria-hidden="true" />}
              {stage.until ? waitText(stage.until) : stage.message || t(CLOCK_MESSAGES.recordedSuccessfully)}
            </span>
            <span className="text-sm text-muted">{t('kiosk.tapToContinue')}</span>
          </button>
        )}
      </section>
    </div>
  );
}
