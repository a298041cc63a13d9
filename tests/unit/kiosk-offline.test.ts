import { describe, expect, it } from 'vitest';
import { initialKioskState, kioskReducer } from '../../src/components/islands/clock/kiosk-machine.ts';
import { serverUnreachable } from '../../src/components/islands/clock/use-offline-queue.ts';

describe('kiosk offline (decision 046)', () => {
  it('keeps a punch only when the server cannot be reached: no answer or a proxy 502-504', () => {
    for (const status of [0, 502, 503, 504]) expect(serverUnreachable(status)).toBe(true);
    // A real answer is never queued: a wrong PIN, a refusal, a wait, bad input, a server error.
    for (const status of [400, 401, 403, 409, 422, 429, 500]) expect(serverUnreachable(status)).toBe(false);
  });

  it('shows "saved, will be sent" as a kept result, then goes home', () => {
    let state = kioskReducer(initialKioskState(false), { type: 'choose', action: 'check-in', face: 'off' });
    for (const digit of '100001') state = kioskReducer(state, { type: 'digit', digit });
    state = kioskReducer(state, { type: 'submit-pin' });
    expect(state.stage.kind).toBe('sending');
    state = kioskReducer(state, { type: 'queued', action: 'check-in', via: 'pin' });
    expect(state.stage).toMatchObject({ kind: 'result', ok: true, queued: true, message: { key: 'kiosk.savedOffline' }, employee: null });
    expect(state.pin).toBe('');
    expect(kioskReducer(state, { type: 'home' }).stage.kind).toBe('home');
  });
});
