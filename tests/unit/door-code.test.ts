import { describe, expect, it } from 'vitest';
import { DOOR_CODE_STEP_SECONDS, doorCodeAge, doorCodePath, doorCodeStep, parseDoorCode } from '../../src/domain/terminals/door-code.ts';
import { checkDoorCode, signDoorCode } from '../../src/server/services/terminals/door-code.ts';

/** The door QR code (decision 069): signed over (terminal, 30 s step), accepted for 60 s, bound to its terminal. */
const KEY = Buffer.alloc(32, 7);
const OTHER_KEY = Buffer.alloc(32, 8);
const T0 = 1_795_000_020; // a step boundary: 1_795_000_020 / 30 = 59_833_334

describe('door code steps and age', () => {
  it('changes every 30 s', () => {
    expect(T0 % DOOR_CODE_STEP_SECONDS).toBe(0);
    expect(doorCodeStep(T0)).toBe(doorCodeStep(T0 + 29));
    expect(doorCodeStep(T0 + 30)).toBe(doorCodeStep(T0) + 1);
    expect(signDoorCode(KEY, 3, T0).code).toBe(signDoorCode(KEY, 3, T0 + 29.9).code);
    expect(signDoorCode(KEY, 3, T0).code).not.toBe(signDoorCode(KEY, 3, T0 + 30).code);
  });

  it('is fresh from the moment it is shown until 60 s later, expired from then, never from the future', () => {
    const step = doorCodeStep(T0);
    expect(doorCodeAge(step, T0)).toBe('fresh');
    expect(doorCodeAge(step, T0 + 59.999)).toBe('fresh');
    expect(doorCodeAge(step, T0 + 60)).toBe('expired');
    expect(doorCodeAge(step, T0 - 0.001)).toBe('future');
  });

  it('answers until when the server accepts it, and the URL the QR code carries', () => {
    const { code, expiresAt } = signDoorCode(KEY, 3, T0 + 10);
    expect(expiresAt).toBe(new Date((T0 + 60) * 1000).toISOString());
    expect(doorCodePath(code)).toBe(`/personal/clock?door=${code}`);
    expect(parseDoorCode(code)).toMatchObject({ terminalId: 3, step: doorCodeStep(T0) });
  });
});

describe('door code verification', () => {
  it('accepts its own code for 60 s, the same worker may use it again (it is the door)', () => {
    const { code } = signDoorCode(KEY, 3, T0 + 29);
    expect(checkDoorCode(KEY, code, T0 + 29)).toEqual({ ok: true, terminalId: 3, step: doorCodeStep(T0) });
    expect(checkDoorCode(KEY, code, T0 + 59)).toMatchObject({ ok: true });
    expect(checkDoorCode(KEY, code, T0 + 59)).toMatchObject({ ok: true });
  });

  it('refuses a code older than 60 s as expired', () => {
    const { code } = signDoorCode(KEY, 3, T0);
    expect(checkDoorCode(KEY, code, T0 + 60)).toEqual({ ok: false, reason: 'expired' });
    expect(checkDoorCode(KEY, code, T0 + 3600)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses a code moved to another terminal or another step (the signature binds both)', () => {
    const { code } = signDoorCode(KEY, 3, T0);
    const parts = parseDoorCode(code)!;
    expect(checkDoorCode(KEY, `4.${parts.step}.${parts.mac}`, T0)).toEqual({ ok: false, reason: 'invalid' });
    expect(checkDoorCode(KEY, `3.${parts.step + 1}.${parts.mac}`, T0 + 30)).toEqual({ ok: false, reason: 'invalid' });
    // A later step, genuinely signed, cannot have been shown yet.
    expect(checkDoorCode(KEY, signDoorCode(KEY, 3, T0 + 30).code, T0)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses forged codes: another key, an altered signature (even its last character), malformed text', () => {
    const { code } = signDoorCode(KEY, 3, T0);
    expect(checkDoorCode(OTHER_KEY, code, T0)).toEqual({ ok: false, reason: 'invalid' });
    const last = code.at(-1)!;
    const altered = code.slice(0, -1) + (last === 'A' ? 'B' : 'A');
    expect(checkDoorCode(KEY, altered, T0)).toEqual({ ok: false, reason: 'invalid' });
    for (const bad of ['', 'abc', '3', `3.${doorCodeStep(T0)}`, `${code}x`, ` ${code}`, `0.${doorCodeStep(T0)}.${parseDoorCode(code)!.mac}`, '3.1.' + 'A'.repeat(22)]) {
      expect(checkDoorCode(KEY, bad, T0), bad).toEqual({ ok: false, reason: 'invalid' });
    }
  });
});
