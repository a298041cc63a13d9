import { describe, expect, it } from 'vitest';
import { lastSignOfLife, pairingPending, parseTerminalMethods, silentTerminals, terminalState, type TerminalLife } from '../../src/domain/terminals/terminal-status.ts';
import { formatPairingCode, pairingCodeChars, pairingCodeComplete, pairingUrl } from '../../src/domain/terminals/pairing-code-input.ts';

const NOW = Date.parse('2026-11-24T12:00:00.000Z');
const ago = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();
const terminal = (over: Partial<TerminalLife> = {}): TerminalLife => ({ pairedAt: ago(600), revokedAt: null, lastSeenAt: ago(1), pairingExpiresAt: null, ...over });

describe('terminal state (decision 042)', () => {
  it('is online when heard from within the limit, silent only strictly beyond it', () => {
    expect(terminalState(terminal(), NOW, 60)).toBe('online');
    expect(terminalState(terminal({ lastSeenAt: ago(60) }), NOW, 60)).toBe('online');
    expect(terminalState(terminal({ lastSeenAt: new Date(NOW - 60 * 60_000 - 1).toISOString() }), NOW, 60)).toBe('silent');
    expect(terminalState(terminal({ lastSeenAt: ago(61) }), NOW, 120)).toBe('online');
  });

  it('never watches a revoked terminal, nor one no device has paired yet', () => {
    expect(terminalState(terminal({ revokedAt: ago(5), lastSeenAt: ago(5000) }), NOW, 60)).toBe('revoked');
    expect(terminalState(terminal({ pairedAt: null, lastSeenAt: null }), NOW, 60)).toBe('unpaired');
    // A heartbeat without a pairing cannot happen; if the data says so, it is not "online".
    expect(terminalState(terminal({ pairedAt: null }), NOW, 60)).toBe('unpaired');
  });

  it('counts the pairing as the first sign of life (paired, never heard from since)', () => {
    expect(terminalState(terminal({ pairedAt: ago(30), lastSeenAt: null }), NOW, 60)).toBe('online');
    expect(terminalState(terminal({ pairedAt: ago(90), lastSeenAt: null }), NOW, 60)).toBe('silent');
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

  it('reads the stored methods, dropping unknown ones and garbage', () => {
    expect(parseTerminalMethods('["pin","face"]')).toEqual(['face', 'pin']);
    expect(parseTerminalMethods(['badge', 'x'])).toEqual(['badge']);
    expect(parseTerminalMethods('not json')).toEqual([]);
    expect(parseTerminalMethods(null)).toEqual([]);
  });
});

describe('pairing code input (decision 042)', () => {
  it('accepts lower case, spaces and the dash, shows XXXX-XXXX, stops at 8', () => {
    expect(formatPairingCode('abcd efgh')).toBe('ABCD-EFGH');
    expect(formatPairingCode('ABCD-EFGHJK')).toBe('ABCD-EFGH');
    expect(formatPairingCode('ab')).toBe('AB');
    expect(formatPairingCode('abcd')).toBe('ABCD');
    expect(formatPairingCode('abcde')).toBe('ABCD-E');
    expect(pairingCodeComplete('abcd-efg')).toBe(false);
    expect(pairingCodeComplete(' abcd-efgh ')).toBe(true);
    expect(pairingCodeChars('<script>')).toBe('SCRIPT');
  });

  it('builds the QR address of the clock with the code', () => {
    expect(pairingUrl('https://fichar.example.com/', 'abcdefgh')).toBe('https://fichar.example.com/clock?pair=ABCD-EFGH');
  });
});
