import type { MachineText } from '../ui/machine-text.ts';
import type { ClockAction } from '#domain/clock/clock-engine.ts';
import { CARD_PENDING_MS, IDLE_MS, PIN_MAX, PIN_MIN, REFUSAL_MS, RESULT_MS } from './kiosk-model.ts';

/**
 * The clock terminal's screen as a pure state machine: which step shows (home, camera, PIN pad,
 * sending, result) and the PIN typed so far. No React, no I/O, no clock: the island feeds it
 * events (a button, a key, a face found or not, the server's answer, a timer) and performs the
 * I/O the new state asks for (a `sending` step is a punch to send, a `face` step at `loading`
 * is a capture to start).
 */

/** How the person was identified. */
export type Via = 'face' | 'pin' | 'card';

/** A text on screen: an i18n key the island translates, or a message the server already worded. */
export type KioskText = MachineText;

/** Who the result card names. */
export interface Employee {
  name: string;
  image: string | null;
}

export type FaceHint = 'loading' | 'look' | 'move' | 'many' | 'sending';

export type Stage =
  | { kind: 'home'; card: string | null }
  | { kind: 'face'; action: ClockAction; hint: FaceHint }
  | { kind: 'pin'; action: ClockAction; notice: KioskText | null; error: KioskText | null }
  | { kind: 'sending'; action: ClockAction; via: Via; card?: string }
  | { kind: 'result'; ok: boolean; action: ClockAction; via: Via | null; message: KioskText; employee: Employee | null; time: string | null; until?: number; queued?: boolean };

export interface KioskState {
  stage: Stage;
  pin: string;
  /** Counts changes a person made; the idle timer starts again on each. */
  activity: number;
  /** Badges are read (setting rfidClock). */
  rfid: boolean;
}

/**
 * Whether a chosen action goes to the camera: `usable` (models ready; the capture waits for a
 * starting camera), `off` (no face recognition), or why not: `loading` (the models are still
 * loading: the PIN pad opens at once rather than make the person wait, decision 030),
 * `models-failed`, `camera-failed`.
 */
export type FaceAvailability = 'usable' | 'off' | 'loading' | 'models-failed' | 'camera-failed';

/** Why a face step ended without a face to send. */
export type FaceFailure = 'models-failed' | 'camera-unavailable' | 'none' | 'many' | 'still';

export type KioskEvent =
  | { type: 'choose'; action: ClockAction; face: FaceAvailability }
  | { type: 'face-progress'; hint: Exclude<FaceHint, 'loading'> }
  | { type: 'face-failed'; reason: FaceFailure }
  | { type: 'use-pin' }
  | { type: 'digit'; digit: string }
  | { type: 'delete' }
  /** A badge reader's burst typed into the PIN pad: put back the PIN from before it. */
  | { type: 'restore-pin'; pin: string }
  | { type: 'submit-pin' }
  | { type: 'badge'; card: string }
  /** The server recorded the punch `action` sent `via` (200). */
  | { type: 'punched'; action: ClockAction; via: Via; message: string; employee: Employee; time: string }
  /**
   * The server (or the network: status 0) refused it. `now` is the terminal's clock, for the
   * countdown after a 429; `retryAfter` in seconds; `firstName` names the employee on a 409.
   */
  | { type: 'refused'; action: ClockAction; via: Via; status: number; message: string; retryAfter?: unknown; firstName?: unknown; now: number }
  /** The server could not be reached and the paired terminal kept the punch to send later (decision 046). */
  | { type: 'queued'; action: ClockAction; via: Via }
  /** Escape, Cancel, a tap on the result, or the reset timer. */
  | { type: 'home' };

export function initialKioskState(rfid: boolean): KioskState {
  return { stage: { kind: 'home', card: null }, pin: '', activity: 0, rfid };
}

const FACE_FAILURE_NOTICE: Record<FaceFailure, string> = {
  'models-failed': 'kiosk.modelsFailed',
  'camera-unavailable': 'kiosk.cameraUnavailable',
  none: 'kiosk.noFaceFound',
  many: 'kiosk.oneFaceOnly',
  still: 'kiosk.livenessFailed',
};

const FACE_UNAVAILABLE_NOTICE: Record<Exclude<FaceAvailability, 'usable' | 'off'>, string> = {
  loading: 'kiosk.faceStillLoading',
  'models-failed': 'kiosk.modelsFailed',
  'camera-failed': 'kiosk.cameraUnavailable',
};

/** The PIN pad for `action`, empty, with a notice (why not the face) or an error (wrong PIN). */
function pinPad(state: KioskState, action: ClockAction, notice: KioskText | null, error: KioskText | null = null): KioskState {
  return { ...state, pin: '', stage: { kind: 'pin', action, notice, error }, activity: state.activity + 1 };
}

function to(state: KioskState, stage: Stage, pin = state.pin): KioskState {
  return { ...state, stage, pin, activity: state.activity + 1 };
}

export function kioskReducer(state: KioskState, event: KioskEvent): KioskState {
  const { stage } = state;
  switch (event.type) {
    case 'choose': {
      if (stage.kind !== 'home') return state;
      // A badge read first: the action sends it.
      if (stage.card) return to(state, { kind: 'sending', action: event.action, via: 'card', card: stage.card });
      if (event.face === 'usable') return to(state, { kind: 'face', action: event.action, hint: 'loading' });
      const notice = event.face === 'off' ? null : { key: FACE_UNAVAILABLE_NOTICE[event.face] };
      return pinPad(state, event.action, notice);
    }
    case 'face-progress':
      if (stage.kind !== 'face') return state;
      return to(state, { kind: 'face', action: stage.action, hint: event.hint });
    case 'face-failed':
      if (stage.kind !== 'face') return state;
      return pinPad(state, stage.action, { key: FACE_FAILURE_NOTICE[event.reason] });
    case 'use-pin':
      if (stage.kind !== 'face' || stage.hint === 'sending') return state;
      return pinPad(state, stage.action, null);
    case 'digit':
      if (stage.kind !== 'pin' || !/^\d$/.test(event.digit) || state.pin.length >= PIN_MAX) return state;
      return to(state, stage, state.pin + event.digit);
    case 'delete':
      if (stage.kind !== 'pin') return state;
      return to(state, stage, state.pin.slice(0, -1));
    case 'restore-pin':
      if (stage.kind !== 'pin') return state;
      return to(state, stage, event.pin);
    case 'submit-pin':
      if (stage.kind !== 'pin' || state.pin.length < PIN_MIN) return state;
      return to(state, { kind: 'sending', action: stage.action, via: 'pin' });
    case 'badge':
      if (!state.rfid) return state;
      if (stage.kind === 'face' || stage.kind === 'pin') return to(state, { kind: 'sending', action: stage.action, via: 'card', card: event.card });
      if (stage.kind === 'home' || stage.kind === 'result') return to(state, { kind: 'home', card: event.card });
      return state;
    case 'punched':
      return to(state, { kind: 'result', ok: true, action: event.action, via: event.via, message: { text: event.message }, employee: event.employee, time: event.time }, '');
    case 'refused': {
      const { action, via } = event;
      const message: KioskText = event.status === 0 ? { key: 'kiosk.networkError' } : { text: event.message };
      // Not recognised (or face identification locked): the PIN is the way on.
      if (via === 'face' && (event.status === 401 || event.status === 429)) return pinPad(state, action, message);
      if (via === 'pin' && event.status === 401) return pinPad(state, action, null, message);
      if (event.status === 429) {
        // The terminal waits after failed identifications (decision 025): count the wait down.
        const seconds = Number(event.retryAfter);
        return to(state, { kind: 'result', ok: false, action, via: null, message, employee: null, time: null, until: event.now + (seconds > 0 ? seconds : 1) * 1000 }, '');
      }
      // A refusal (409) names the employee by first name only.
      const employee = typeof event.firstName === 'string' ? { name: event.firstName, image: null } : null;
      return to(state, { kind: 'result', ok: false, action, via: employee ? via : null, message, employee, time: null }, '');
    }
    case 'queued':
      return to(state, { kind: 'result', ok: true, action: event.action, via: event.via, message: { key: 'kiosk.savedOffline' }, employee: null, time: null, queued: true }, '');
    case 'home':
      return to(state, { kind: 'home', card: null }, '');
  }
}

/**
 * How long the screen stays before going back to the start (0: no timer): a result a few seconds
 * (a 429 until its wait ends), an idle PIN pad or camera step, a badge left waiting for an action.
 */
export function resetDelay(stage: Stage, now: number): number {
  switch (stage.kind) {
    case 'result':
      return stage.until ? Math.max(1, stage.until - now) : stage.ok ? RESULT_MS : REFUSAL_MS;
    case 'home':
      return stage.card ? CARD_PENDING_MS : 0;
    case 'sending':
      return 0;
    default:
      return IDLE_MS;
  }
}

/** The face status line under the actions. */
export function faceStatusKind(faceRecognition: boolean, engine: string, camera: string): 'off' | 'failed' | 'ready' | 'loading' {
  if (!faceRecognition) return 'off';
  if (engine === 'failed' || camera === 'failed') return 'failed';
  return engine === 'ready' && camera === 'on' ? 'ready' : 'loading';
}

/** What choosing an action meets: see `FaceAvailability`. */
export function faceAvailability(faceRecognition: boolean, engine: string, camera: string): FaceAvailability {
  if (!faceRecognition) return 'off';
  if (engine === 'failed') return 'models-failed';
  if (camera === 'failed') return 'camera-failed';
  return engine === 'loading' ? 'loading' : 'usable';
}
