import { describe, expect, it } from 'vitest';
import { lastSignOfLife, pairingPending, silentTerminals, terminalStatus, type TerminalLife } from '../../src/domain/terminals/terminal-status.ts';
import { formatTypedPairingCode, pairingCodeChars, pairingCodeComplete, pairingUrl } from '../../src/domain/terminals/pairing-code-input.ts';
import { clockPageMode, kioskMethods } from '../../src/domain/terminals/clock-page-mode.ts';

const NOW = Date.parse('2026-11-24T12:00:00.000Z');
const ago = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();
const terminal = (over: Partial<TerminalLife> = {}): TerminalLife => ({ pairedAt: ago(600), revokedAt: null, lastSeenAt: ago(1), pairingExpiresAt: null, ...over });

describe('terminal state (decision 042)', () => {
  it('is online when heard from within the limit, silent only strictly beyond it', () => {
    expect(terminalStatus(terminal(), NOW, 60)).toBe('online');
    expect(terminalStatus(terminal({ lastSeenAt: ago(60) }), NOW, 60)).toBe('online');
    expect(terminalStatus(terminal({ lastSeenAt: new Date(NOW - 60 * 60_000 - 1).toISOString() }), NOW, 60)).toBe('silent');
    expect(terminalStatus(terminal({ lastSeenAt: ago(61) }), NOW, 120)).toBe('online');
  });

  it('never watches a revoked terminal, nor one no device has paired yet', () => {
    expect(terminalStatus(terminal({ revokedAt: ago(5), lastSeenAt: ago(5000) }), NOW, 60)).toBe('revoked');
    expect(terminalStatus(terminal({ pairedAt: null, lastSeenAt: null }), NOW, 60)).toBe('unpaired');
    // A heartbeat without a pairing cannot happen; if the data says so, it is not "online".
    expect(terminalStatus(terminal({ pairedAt: null }), NOW, 60)).toBe('unpaired');
  });

  it('counts the pairing as the first sign of life (paired, never heard from since)', () => {
    expect(terminalStatus(terminal({ pairedAt: ago(30), lastSeenAt: null }), NOW, 60)).toBe('online');
    expect(terminalStatus(terminal({ pairedAt: ago(90), lastSeenAt: null }), NOW, 60)).toBe('silent');
    // Re-paired with a new code after a long silence: the new pairing is newer than the last heartbeat.
    expect(lastSignOfLife(terminal({ pairedAt: ago(2), lastSeenAt: ago(500) }))).toBe(NOW - 2 * 60_000);
  });

  it('lists silent terminals longest silent first, with the minutes', () => {
    const list = [
      { name: 'A', ...terminal({ lastSeenAt: ago(70) }) },
      { name: 'B', ...terminal() },
      { name: 'C', ...terminal({ lastSeenAt: ago(300) }) },
      { name: 'D', ...terminal({ lastSeenAt: ago(900), revokedAt: ago(800) }) },
      { name: 'E', ...terminal({ pairedAt: null, lastSeenAt: null }) },
    ];
    expect(silentTerminals(list, NOW, 60).map((t) => [t.name, t.silentForMinutes])).toEqual([
      ['C', 300],
      ['A', 70],
    ]);
    expect(silentTerminals(list, NOW, 600)).toEqual([]);
  });

  it('says a pairing code waits only before it expires and never for a revoked terminal', () => {
    expect(pairingPending(terminal({ pairingExpiresAt: ago(-10) }), NOW)).toBe(true);
    expect(pairingPending(terminal({ pairingExpiresAt: ago(1) }), NOW)).toBe(false);
    expect(pairingPending(terminal({ pairingExpiresAt: null }), NOW)).toBe(false);
    expect(pairingPending(terminal({ pairingExpiresAt: ago(-10), revokedAt: ago(1) }), NOW)).toBe(false);
  });
});

describe('pairing code input (decision 042)', () => {
  it('accepts lower case, spaces and the dash, shows XXXX-XXXX, stops at 8', () => {
    expect(formatTypedPairingCode('abcd efgh')).toBe('ABCD-EFGH');
    expect(formatTypedPairingCode('ABCD-EFGHJK')).toBe('ABCD-EFGH');
    expect(formatTypedPairingCode('ab')).toBe('AB');
    expect(formatTypedPairingCode('abcd')).toBe('ABCD');
    expect(formatTypedPairingCode('abcde')).toBe('ABCD-E');
    expect(pairingCodeComplete('abcd-efg')).toBe(false);
    expect(pairingCodeComplete(' abcd-efgh ')).toBe(true);
    expect(pairingCodeChars('<script>')).toBe('SCRIPT');
  });

  it('builds the QR address of the clock with the code', () => {
    expect(pairingUrl('https://fichar.example.com/', 'abcdefgh')).toBe('https://fichar.example.com/clock?pair=ABCD-EFGH');
  });
});

describe('what /clock shows (decision 042)', () => {
  it('shows the pairing entry to a revoked terminal whatever the settings', () => {
    expect(clockPageMode({ credential: 'revoked', unpairedClock: true, pairAsked: false })).toEqual({ kind: 'pairing', reason: 'revoked' });
    expect(clockPageMode({ credential: 'revoked', unpairedClock: false, pairAsked: true })).toEqual({ kind: 'pairing', reason: 'revoked' });
  });

  it('requires pairing without a valid credential unless unpaired punches are allowed', () => {
    expect(clockPageMode({ credential: 'none', unpairedClock: false, pairAsked: false })).toEqual({ kind: 'pairing', reason: 'required' });
    expect(clockPageMode({ credential: 'unknown', unpairedClock: false, pairAsked: false })).toEqual({ kind: 'pairing', reason: 'required' });
    expect(clockPageMode({ credential: 'none', unpairedClock: true, pairAsked: false })).toEqual({ kind: 'kiosk' });
    // A credential the server no longer knows is refused on every punch, unpaired punches or not.
    expect(clockPageMode({ credential: 'unknown', unpairedClock: true, pairAsked: false })).toEqual({ kind: 'pairing', reason: 'required' });
    expect(clockPageMode({ credential: 'unknown', unpairedClock: true, pairAsked: true })).toEqual({ kind: 'pairing', reason: 'required' });
    expect(clockPageMode({ credential: 'valid', unpairedClock: false, pairAsked: false })).toEqual({ kind: 'kiosk' });
  });

  it('opens the pairing entry when asked (?pair=), with a way back only when the clock works without it', () => {
    expect(clockPageMode({ credential: 'none', unpairedClock: false, pairAsked: true })).toEqual({ kind: 'pairing', reason: 'required' });
    expect(clockPageMode({ credential: 'none', unpairedClock: true, pairAsked: true })).toEqual({ kind: 'pairing', reason: 'asked' });
    expect(clockPageMode({ credential: 'valid', unpairedClock: false, pairAsked: true })).toEqual({ kind: 'pairing', reason: 'asked' });
  });
});

describe('kioskMethods', () => {
  it('offers the camera only to a paired terminal that allows faces, the badge reader wherever badges are allowed', () => {
    const on = { faceRecognition: true, rfidClock: true };
    expect(kioskMethods(on, null)).toEqual({ face: false, badge: true });
    expect(kioskMethods(on, { methods: ['pin'] })).toEqual({ face: false, badge: false });
    expect(kioskMethods(on, { methods: ['face', 'badge'] })).toEqual({ face: true, badge: true });
    expect(kioskMethods({ faceRecognition: false, rfidClock: false }, { methods: ['face', 'badge'] })).toEqual({ face: false, badge: false });
  });
});
