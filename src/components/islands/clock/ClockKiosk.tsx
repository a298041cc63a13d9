import { Loader2 } from 'lucide-react';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import type { ClockAction } from '#domain/clock/clock-engine.ts';
import { FACE_MESSAGES } from '#domain/messages/spec-messages.ts';
import type { Language } from '#i18n/languages.ts';
import { translator } from '#i18n/translate.ts';
import { api, ApiError } from '#lib/client/api.ts';
import { earlyFaceChallenge, faceChallenge } from '#lib/client/clock-challenge.ts';
import { ActionButtons } from './ActionButtons.tsx';
import { CameraView } from './CameraView.tsx';
import { FaceStep } from './FaceStep.tsx';
import { initialKioskState, faceAvailability, faceStatusKind, kioskReducer, resetDelay, type KioskEvent, type KioskState, type Via } from './kiosk-machine.ts';
import { BadgeReader } from './kiosk-model.ts';
import { KioskHeader } from './KioskHeader.tsx';
import { KioskStatusLine } from './KioskStatusLine.tsx';
import { PinStep } from './PinStep.tsx';
import { ResultCard } from './ResultCard.tsx';
import { useFaceCamera } from './use-face-camera.ts';
import { OfflinePending } from './OfflinePending.tsx';
import { serverUnreachable, useOfflineQueue } from './use-offline-queue.ts';

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
  /** The paired terminal's id, or null: only a paired terminal keeps punches offline (decision 046). */
  terminalId?: number | null;
}

/**
 * The clock terminal (issue 7): the company's time, four big actions, then the face (camera), a
 * PIN on the keypad or a badge from a USB reader identifies the person, and the result shows for
 * a few seconds. The server decides who it is and whether the punch is allowed; this screen only
 * collects the identifier and shows the answer.
 *
 * The steps are the pure machine in kiosk-machine.ts; this island feeds it events and performs
 * the I/O its states ask for (a `sending` step sends the punch, a face step starts a capture).
 */
export default function ClockKiosk(props: Props) {
  const { lang, timeZone, timeFormat } = props;
  const t = translator(lang);
  const [now, setNow] = useState(props.serverNow);
  const [state, dispatchState] = useReducer(kioskReducer, props.rfidClock, initialKioskState);
  // The key handler and the async steps read the state between renders: a mirror kept in step
  // by running the same pure reducer on every event.
  const stateRef = useRef<KioskState>(state);
  const dispatch = useCallback((event: KioskEvent) => {
    stateRef.current = kioskReducer(stateRef.current, event);
    dispatchState(event);
    return stateRef.current;
  }, []);
  const offline = useOfflineQueue(props.terminalId ?? null, lang);
  // Every face punch carries its frame: the server computes the descriptor it matches (issue 34.4).
  const face = useFaceCamera(props.faceRecognition, { liveness: props.faceLiveness, snapshot: true });
  const cardInputRef = useRef<HTMLInputElement>(null);
  const readerRef = useRef(new BadgeReader());
  const pinBeforeBurst = useRef('');
  const { stage, pin } = state;

  // The company's time, from the server's clock (the terminal's own may be wrong).
  useEffect(() => {
    const offset = props.serverNow - Date.now();
    const tick = () => setNow(Date.now() + offset);
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [props.serverNow]);

  const { abort: abortCapture, capture } = face;
  const goHome = useCallback(() => {
    abortCapture();
    dispatch({ type: 'home' });
  }, [abortCapture, dispatch]);

  /**
   * Sends the punch and feeds the answer to the machine (which opens the PIN pad on a face's 401).
   * A paired terminal keeps a PIN or badge punch the server cannot take (no answer, 502-504), or
   * one made while earlier kept punches still wait, and sends it later (decision 046).
   */
  const send = useCallback(
    async (action: ClockAction, via: Via, body: Record<string, unknown>, challengeOf: (lang: Language) => Promise<string> = faceChallenge) => {
      const keepable = offline.enabled && via !== 'face';
      const keep = async () => keepable && (await offline.keep({ action, ...(via === 'pin' ? { pin: String(body['pin']) } : { card: String(body['card']) }) }));
      if (keepable && (await offline.stillWaiting()) && (await keep())) {
        dispatch({ type: 'queued', action, via });
        return;
      }
      try {
        // A face punch carries a fresh single-use challenge of this terminal (decision 043).
        const challenge = via === 'face' ? { challenge: await challengeOf(lang) } : {};
        const answer = await api('POST /api/clock', { body: { action, ...body, ...challenge }, lang, redirectOnExpiry: false });
        dispatch({ type: 'punched', action, via, message: answer.message, employee: { name: answer.employee.full_name, image: answer.employee.image }, time: answer.time });
      } catch (error) {
        // Not useApiAction (issue 35): a refused punch is an event of the kiosk's state machine
        // (its status, code, retryAfter and employee in the body), and a punch the server cannot
        // take goes to the offline queue; there is no busy flag, field error or toast to share.
        const e = error instanceof ApiError ? error : new ApiError(String(error), 0);
        if (serverUnreachable(e.status) && (await keep())) {
          dispatch({ type: 'queued', action, via });
          return;
        }
        // The terminal was revoked meanwhile (decision 042): the page shows the revoked screen.
        // A refused pairing (the credential is gone): the page then shows the pairing entry (decision 079).
        if (e.code === 'terminal.unknown' || e.code === 'terminal.revoked' || e.code === 'terminal.pairingRequired') return window.location.reload();
        const refused = e.body['employee'] as { first_name?: unknown } | undefined;
        dispatch({ type: 'refused', action, via, status: e.status, message: e.message, retryAfter: e.body['retryAfter'], firstName: refused?.first_name, now: Date.now() });
      }
    },
    [dispatch, lang, offline],
  );

  /** Performs what the machine's new state asks for: a punch to send or a face to capture. */
  const perform = useCallback(
    async (next: KioskState) => {
      const s = next.stage;
      if (s.kind === 'sending') {
        if (s.via === 'card') void send(s.action, 'card', { card: s.card });
        else if (s.via === 'pin') void send(s.action, 'pin', { pin: next.pin });
        return;
      }
      if (s.kind === 'face' && s.hint === 'loading') {
        // The punch's nonce is asked for while the camera looks (decision 045).
        const challenge = earlyFaceChallenge(lang);
        const result = await capture((p) => dispatch({ type: 'face-progress', hint: p === 'looking' ? 'look' : p }));
        if (result.kind === 'cancelled') return;
        if (result.kind === 'failed') {
          dispatch({ type: 'face-failed', reason: result.reason });
          return;
        }
        dispatch({ type: 'face-progress', hint: 'sending' });
        await send(s.action, 'face', { descriptor: result.descriptors, ...(result.snapshot ? { photo: result.snapshot } : {}) }, challenge);
      }
    },
    [capture, dispatch, lang, send],
  );

  /** Feeds an event; when it moves the screen into a step with I/O, starts that I/O. */
  const act = useCallback(
    (event: KioskEvent) => {
      const before = stateRef.current;
      const next = dispatch(event);
      if (next.stage !== before.stage) void perform(next);
    },
    [dispatch, perform],
  );

  const faceStatusNow = faceStatusKind(props.faceRecognition, face.engine, face.camera);
  const choose = useCallback((action: ClockAction) => act({ type: 'choose', action, face: faceAvailability(props.faceRecognition, face.engine, face.camera) }), [act, face.camera, face.engine, props.faceRecognition]);
  const submitPin = useCallback(() => act({ type: 'submit-pin' }), [act]);
  const badge = useCallback(
    (card: string) => {
      const current = stateRef.current.stage;
      if (props.rfidClock && (current.kind === 'face' || current.kind === 'pin')) abortCapture();
      act({ type: 'badge', card });
    },
    [abortCapture, act, props.rfidClock],
  );

  // Keyboard: digits, Backspace and Enter work the PIN pad; Escape goes back; a badge reader's
  // run of keys ending in Enter is a badge wherever the screen is (BadgeReader, decision 048).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const current = stateRef.current.stage;
      // When the key was pressed (decision 048): a busy page handles keys late and in bunches.
      const at = event.timeStamp || performance.now();
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
      // A focused key of the PIN pad (or any button) is pressed with Space or Enter like any
      // button: it types its digit, not a submit (issue 37.16, WCAG 2.1.1). A badge reader's
      // run still ends in Enter and is read as a badge.
      const onButton = event.target instanceof HTMLButtonElement;
      if (onButton && event.key === ' ') return;
      if (onButton && event.key === 'Enter') {
        const card = props.rfidClock ? readerRef.current.enter(at, current.kind === 'pin') : null;
        if (card) {
          event.preventDefault();
          if (current.kind === 'pin') dispatch({ type: 'restore-pin', pin: pinBeforeBurst.current });
          badge(card);
        }
        readerRef.current.reset();
        return;
      }
      if (event.key.length === 1) {
        const burst = readerRef.current.key(event.key, at);
        if (current.kind === 'pin') {
          if (burst === 1) pinBeforeBurst.current = stateRef.current.pin;
          dispatch({ type: 'digit', digit: event.key });
          event.preventDefault();
        } else if (props.rfidClock && event.target === cardInputRef.current) {
          event.preventDefault();
        }
        return;
      }
      if (event.key === 'Backspace' && current.kind === 'pin') {
        event.preventDefault();
        readerRef.current.reset();
        dispatch({ type: 'delete' });
        return;
      }
      if (event.key === 'Enter') {
        const card = props.rfidClock ? readerRef.current.enter(at, current.kind === 'pin') : null;
        if (card) {
          event.preventDefault();
          if (current.kind === 'pin') dispatch({ type: 'restore-pin', pin: pinBeforeBurst.current });
          badge(card);
        } else if (current.kind === 'pin') {
          event.preventDefault();
          submitPin();
        }
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [badge, dispatch, goHome, props.rfidClock, submitPin]);

  // Each new step takes the focus (its `data-stage-focus` element, else the step's area), so it
  // never falls to the page when the buttons of the step before disappear (WCAG 2.4.3).
  const stepRef = useRef<HTMLElement>(null);
  const shownStep = useRef(stage.kind);
  useEffect(() => {
    if (shownStep.current === stage.kind) return;
    shownStep.current = stage.kind;
    const area = stepRef.current;
    (area?.querySelector<HTMLElement>('[data-stage-focus]') ?? area)?.focus({ preventScroll: true });
  }, [stage.kind]);

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
    const ms = resetDelay(stage, Date.now());
    if (ms === 0) return;
    const timer = setTimeout(goHome, ms);
    return () => clearTimeout(timer);
  }, [stage, state.activity, goHome]);

  const faceStatus =
    faceStatusNow === 'off'
      ? null
      : face.engine === 'failed'
        ? t('kiosk.modelsFailed')
        : face.camera === 'failed'
          ? t('kiosk.cameraUnavailable')
          : faceStatusNow === 'ready'
            ? t('kiosk.faceReady')
            : t(FACE_MESSAGES.loadingModels);

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6" data-testid="clock-kiosk" data-stage={stage.kind} data-face={faceStatusNow}>
      {props.rfidClock && <input ref={cardInputRef} className="pointer-events-none absolute h-px w-px opacity-0" inputMode="none" autoComplete="off" readOnly tabIndex={-1} aria-hidden="true" data-testid="card-input" />}
      <KioskHeader now={now} lang={lang} timeZone={timeZone} timeFormat={timeFormat} />
      <OfflinePending t={t} count={offline.pending} />

      <CameraView videoRef={face.videoRef} visible={stage.kind === 'face'} label={t('kiosk.cameraPreview')} />

      <section ref={stepRef} tabIndex={-1} aria-live="polite" className="flex flex-col gap-6 focus:outline-none">
        {stage.kind === 'home' && (
          <>
            <p className="text-center text-xl font-medium focus:outline-none" tabIndex={-1} data-stage-focus data-testid="kiosk-prompt">
              {stage.card ? t('kiosk.badgeRead') : t('kiosk.chooseAction')}
            </p>
            <ActionButtons t={t} highlighted={stage.card !== null} onChoose={choose} />
            <KioskStatusLine t={t} lang={lang} faceStatus={faceStatus} faceStatusKind={faceStatusNow} progress={face.engine === 'ready' ? 100 : face.progress} rfid={props.rfidClock} />
          </>
        )}

        {stage.kind === 'face' && (
          <FaceStep
            t={t}
            action={stage.action}
            hint={stage.hint}
            liveness={props.faceLiveness}
            onUsePin={() => {
              abortCapture();
              dispatch({ type: 'use-pin' });
            }}
            onCancel={goHome}
          />
        )}

        {stage.kind === 'pin' && (
          <PinStep
            t={t}
            action={stage.action}
            notice={stage.notice}
            error={stage.error}
            pin={pin}
            onDigit={(digit) => dispatch({ type: 'digit', digit })}
            onDelete={() => dispatch({ type: 'delete' })}
            onSubmit={submitPin}
            onCancel={goHome}
          />
        )}

        {stage.kind === 'sending' && (
          <p className="flex items-center justify-center gap-3 py-16 text-2xl font-semibold" data-testid="kiosk-sending">
            <Loader2 size={32} className="animate-spin" aria-hidden="true" />
            {t('kiosk.recording')}
          </p>
        )}

        {stage.kind === 'result' && <ResultCard t={t} result={stage} lang={lang} timeZone={timeZone} timeFormat={timeFormat} onDismiss={goHome} />}
      </section>
    </div>
  );
}
