import { describe, expect, it } from 'vitest';
import { faceAvailability, faceStatusKind, initialKioskState, kioskReducer, resetDelay, type KioskEvent, type KioskState, type Stage } from '../../src/components/islands/clock/kiosk-machine.ts';
import { CARD_PENDING_MS, IDLE_MS, PIN_MAX, REFUSAL_MS, RESULT_MS } from '../../src/components/islands/clock/kiosk-model.ts';

const run = (state: KioskState, ...events: KioskEvent[]) => events.reduce(kioskReducer, state);
const home = (rfid = true) => initialKioskState(rfid);
const at = (stage: Stage, pin = '', rfid = true): KioskState => ({ ...initialKioskState(rfid), stage, pin });
const digits = (pin: string): KioskEvent[] => [...pin].map((digit) => ({ type: 'digit', digit }));

describe('kiosk machine: choosing an action', () => {
  it('goes to the camera when face recognition is usable', () => {
    expect(run(home(), { type: 'choose', action: 'check-in', face: 'usable' }).stage).toEqual({ kind: 'face', action: 'check-in', hint: 'loading' });
  });
  it('goes to the PIN pad, without a notice when face recognition is off', () => {
    const next = run({ ...home(), pin: '12' }, { type: 'choose', action: 'break-in', face: 'off' });
    expect(next.stage).toEqual({ kind: 'pin', action: 'break-in', notice: null, error: null });
    expect(next.pin).toBe('');
  });
  it('says why the face cannot be used', () => {
    expect(run(home(), { type: 'choose', action: 'check-out', face: 'models-failed' }).stage).toMatchObject({ kind: 'pin', notice: { key: 'kiosk.modelsFailed' } });
    expect(run(home(), { type: 'choose', action: 'check-in', face: 'loading' }).stage).toMatchObject({ kind: 'pin', action: 'check-in', notice: { key: 'kiosk.faceStillLoading' } });
    expect(run(home(), { type: 'choose', action: 'check-out', face: 'camera-failed' }).stage).toMatchObject({ kind: 'pin', notice: { key: 'kiosk.cameraUnavailable' } });
  });
  it('sends a badge read before the action', () => {
    const next = run(home(), { type: 'badge', card: 'CARD-1' }, { type: 'choose', action: 'check-in', face: 'usable' });
    expect(next.stage).toEqual({ kind: 'sending', action: 'check-in', via: 'card', card: 'CARD-1' });
  });
  it('is ignored away from the start', () => {
    const pin = at({ kind: 'pin', action: 'check-in', notice: null, error: null });
    expect(run(pin, { type: 'choose', action: 'check-out', face: 'usable' })).toBe(pin);
  });
});

describe('kiosk machine: the face step', () => {
  const face = at({ kind: 'face', action: 'check-in', hint: 'loading' });
  it('follows the capture progress', () => {
    expect(run(face, { type: 'face-progress', hint: 'look' }).stage).toMatchObject({ kind: 'face', hint: 'look' });
    expect(run(face, { type: 'face-progress', hint: 'many' }).stage).toMatchObject({ hint: 'many' });
    expect(run(face, { type: 'face-progress', hint: 'move' }).stage).toMatchObject({ hint: 'move' });
  });
  it('opens the PIN pad with the reason when no face is found', () => {
    const reasons = { 'models-failed': 'kiosk.modelsFailed', 'camera-unavailable': 'kiosk.cameraUnavailable', none: 'kiosk.noFaceFound', many: 'kiosk.oneFaceOnly', still: 'kiosk.livenessFailed' } as const;
    for (const [reason, key] of Object.entries(reasons)) {
      expect(run(face, { type: 'face-failed', reason: reason as keyof typeof reasons }).stage).toEqual({ kind: 'pin', action: 'check-in', notice: { key }, error: null });
    }
  });
  it('"Use PIN" opens the PIN pad, but not while the face is being sent', () => {
    expect(run(face, { type: 'use-pin' }).stage).toEqual({ kind: 'pin', action: 'check-in', notice: null, error: null });
    const sending = run(face, { type: 'face-progress', hint: 'sending' });
    expect(run(sending, { type: 'use-pin' })).toBe(sending);
  });
  it('ignores late progress once the step is left', () => {
    const left = run(face, { type: 'home' });
    expect(run(left, { type: 'face-progress', hint: 'look' })).toBe(left);
    expect(run(left, { type: 'face-failed', reason: 'none' })).toBe(left);
  });
  it('shows a recognised face with its badge', () => {
    const next = run(
      face,
      { type: 'face-progress', hint: 'sending' },
      { type: 'punched', action: 'check-in', via: 'face', message: 'Recorded', employee: { name: 'Ana Ruiz', image: null }, time: '2026-01-05T08:00:00Z' },
    );
    expect(next.stage).toEqual({ kind: 'result', ok: true, action: 'check-in', via: 'face', message: { text: 'Recorded' }, employee: { name: 'Ana Ruiz', image: null }, time: '2026-01-05T08:00:00Z' });
  });
  it('an unrecognised face (401) or a locked face identification (429) opens the PIN pad with the server message', () => {
    for (const status of [401, 429]) {
      const next = run(face, { type: 'refused', action: 'check-in', via: 'face', status, message: 'Not recognised', retryAfter: 30, now: 0 });
      expect(next.stage).toEqual({ kind: 'pin', action: 'check-in', notice: { text: 'Not recognised' }, error: null });
      expect(next.pin).toBe('');
    }
  });
});

describe('kiosk machine: the PIN pad', () => {
  const pad = at({ kind: 'pin', action: 'break-out', notice: null, error: null });
  it('takes digits up to the maximum, deletes, and ignores anything else', () => {
    expect(run(pad, ...digits('1234')).pin).toBe('1234');
    expect(run(pad, ...digits('12345678901234')).pin).toHaveLength(PIN_MAX);
    expect(run(pad, ...digits('123'), { type: 'delete' }).pin).toBe('12');
    expect(run(pad, { type: 'digit', digit: 'a' })).toBe(pad);
  });
  it('puts back the PIN typed before a badge burst', () => {
    expect(run(pad, ...digits('12'), { type: 'restore-pin', pin: '1' }).pin).toBe('1');
  });
  it('sends only a PIN long enough', () => {
    expect(run(pad, ...digits('12345'), { type: 'submit-pin' }).stage.kind).toBe('pin');
    const next = run(pad, ...digits('123456'), { type: 'submit-pin' });
    expect(next.stage).toEqual({ kind: 'sending', action: 'break-out', via: 'pin' });
    expect(next.pin).toBe('123456');
  });
  it('a wrong PIN (401) shows the error on an empty pad', () => {
    const next = run(pad, ...digits('123456'), { type: 'submit-pin' }, { type: 'refused', action: 'break-out', via: 'pin', status: 401, message: 'Wrong PIN', now: 0 });
    expect(next.stage).toEqual({ kind: 'pin', action: 'break-out', notice: null, error: { text: 'Wrong PIN' } });
    expect(next.pin).toBe('');
  });
  it('a recorded punch (200) shows the employee and clears the PIN', () => {
    const next = run(pad, ...digits('123456'), { type: 'submit-pin' }, { type: 'punched', action: 'break-out', via: 'pin', message: 'OK', employee: { name: 'Ana', image: '/p.jpg' }, time: 't' });
    expect(next.stage).toMatchObject({ kind: 'result', ok: true, via: 'pin', employee: { name: 'Ana', image: '/p.jpg' } });
    expect(next.pin).toBe('');
  });
  it('a refusal (409) names the employee by first name', () => {
    const next = run(pad, { type: 'refused', action: 'break-out', via: 'pin', status: 409, message: 'Not on a break', firstName: 'Ana', now: 0 });
    expect(next.stage).toEqual({ kind: 'result', ok: false, action: 'break-out', via: 'pin', message: { text: 'Not on a break' }, employee: { name: 'Ana', image: null }, time: null });
  });
  it('a refusal without a name does not say how it was identified', () => {
    expect(run(pad, { type: 'refused', action: 'break-out', via: 'pin', status: 400, message: 'Bad', now: 0 }).stage).toMatchObject({ kind: 'result', ok: false, via: null, employee: null });
  });
  it('a wait (429) counts down from the Retry-After seconds (at least one)', () => {
    expect(run(pad, { type: 'refused', action: 'break-out', via: 'pin', status: 429, message: 'Wait', retryAfter: 12, now: 1_000 }).stage).toEqual({
      kind: 'result',
      ok: false,
      action: 'break-out',
      via: null,
      message: { text: 'Wait' },
      employee: null,
      time: null,
      until: 13_000,
    });
    expect(run(pad, { type: 'refused', action: 'break-out', via: 'card', status: 429, message: 'Wait', retryAfter: 'x', now: 1_000 }).stage).toMatchObject({ until: 2_000 });
  });
  it('a network failure (status 0) says so', () => {
    expect(run(pad, { type: 'refused', action: 'break-out', via: 'pin', status: 0, message: 'TypeError', now: 0 }).stage).toMatchObject({ kind: 'result', ok: false, message: { key: 'kiosk.networkError' } });
  });
});

describe('kiosk machine: badges', () => {
  it('a badge on the camera step or the PIN pad is sent for that action', () => {
    expect(run(at({ kind: 'face', action: 'check-in', hint: 'look' }), { type: 'badge', card: 'C1' }).stage).toEqual({ kind: 'sending', action: 'check-in', via: 'card', card: 'C1' });
    expect(run(at({ kind: 'pin', action: 'check-out', notice: null, error: null }), { type: 'badge', card: 'C2' }).stage).toEqual({ kind: 'sending', action: 'check-out', via: 'card', card: 'C2' });
  });
  it('a badge on a result waits for an action', () => {
    const result = at({ kind: 'result', ok: true, action: 'check-in', via: 'pin', message: { text: '' }, employee: null, time: null });
    expect(run(result, { type: 'badge', card: 'C3' }).stage).toEqual({ kind: 'home', card: 'C3' });
  });
  it('is ignored while sending, and without the badge setting', () => {
    const sending = at({ kind: 'sending', action: 'check-in', via: 'pin' });
    expect(run(sending, { type: 'badge', card: 'C4' })).toBe(sending);
    const off = home(false);
    expect(run(off, { type: 'badge', card: 'C5' })).toBe(off);
  });
});

describe('kiosk machine: back to the start', () => {
  it('"home" clears the step, the pending badge and the PIN', () => {
    const next = run(at({ kind: 'pin', action: 'check-in', notice: null, error: null }, '123'), { type: 'home' });
    expect(next.stage).toEqual({ kind: 'home', card: null });
    expect(next.pin).toBe('');
  });
  it('every change counts as activity (the idle timer starts again)', () => {
    const pad = at({ kind: 'pin', action: 'check-in', notice: null, error: null });
    expect(run(pad, ...digits('12')).activity).toBe(pad.activity + 2);
  });
  it('reset timers: results, refusals, waits, idle steps, a badge waiting', () => {
    const result = (ok: boolean, until?: number): Stage => ({ kind: 'result', ok, action: 'check-in', via: null, message: { text: '' }, employee: null, time: null, ...(until ? { until } : {}) });
    expect(resetDelay(result(true), 0)).toBe(RESULT_MS);
    expect(resetDelay(result(false), 0)).toBe(REFUSAL_MS);
    expect(resetDelay(result(false, 10_000), 4_000)).toBe(6_000);
    expect(resetDelay(result(false, 10_000), 20_000)).toBe(1);
    expect(resetDelay({ kind: 'pin', action: 'check-in', notice: null, error: null }, 0)).toBe(IDLE_MS);
    expect(resetDelay({ kind: 'face', action: 'check-in', hint: 'look' }, 0)).toBe(IDLE_MS);
    expect(resetDelay({ kind: 'home', card: 'C' }, 0)).toBe(CARD_PENDING_MS);
    expect(resetDelay({ kind: 'home', card: null }, 0)).toBe(0);
    expect(resetDelay({ kind: 'sending', action: 'check-in', via: 'pin' }, 0)).toBe(0);
  });
});

describe('kiosk machine: face availability', () => {
  it('names what choosing an action meets and the status line', () => {
    expect(faceAvailability(false, 'off', 'off')).toBe('off');
    expect(faceAvailability(true, 'failed', 'on')).toBe('models-failed');
    expect(faceAvailability(true, 'ready', 'failed')).toBe('camera-failed');
    // Models still loading (decision 030): the PIN pad opens at once; a starting camera is waited for.
    expect(faceAvailability(true, 'loading', 'starting')).toBe('loading');
    expect(faceAvailability(true, 'loading', 'on')).toBe('loading');
    expect(faceAvailability(true, 'ready', 'starting')).toBe('usable');
    expect(faceStatusKind(false, 'off', 'off')).toBe('off');
    expect(faceStatusKind(true, 'ready', 'failed')).toBe('failed');
    expect(faceStatusKind(true, 'ready', 'on')).toBe('ready');
    expect(faceStatusKind(true, 'ready', 'starting')).toBe('loading');
  });
});
