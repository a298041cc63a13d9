import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { firstRunSettings, settingsFrom } from '../../src/domain/settings/settings.ts';
import {
  CreateTerminalSchema,
  UpdateTerminalSchema,
  formatPairingCode,
  isTerminalCredential,
  normalizePairingCode,
  PAIRING_ALPHABET,
  pairingCodeFrom,
  pairingExpiry,
  punchMethod,
  terminalRefusal,
  terminalState,
} from '../../src/domain/terminals/terminal-rules.ts';

describe('terminal rules (decision 042)', () => {
  it('refuses faces from unpaired devices always, PIN and badge unless unpaired punches are allowed', () => {
    const none = { credential: 'none' as const, methods: [] };
    expect(terminalRefusal(none, 'face', true)).toBe('terminal.pairingRequired');
    expect(terminalRefusal(none, 'pin', true)).toBeNull();
    expect(terminalRefusal(none, 'badge', true)).toBeNull();
    expect(terminalRefusal(none, 'pin', false)).toBe('terminal.pairingRequired');
    expect(terminalRefusal(none, 'badge', false)).toBe('terminal.pairingRequired');
  });

  it('refuses unknown and revoked credentials whatever the setting, and methods a terminal was not given', () => {
    expect(terminalRefusal({ credential: 'unknown', methods: [] }, 'pin', true)).toBe('terminal.unknown');
    expect(terminalRefusal({ credential: 'revoked', methods: ['pin'] }, 'pin', true)).toBe('terminal.revoked');
    const pinOnly = { credential: 'valid' as const, methods: ['pin' as const] };
    expect(terminalRefusal(pinOnly, 'pin', false)).toBeNull();
    expect(terminalRefusal(pinOnly, 'face', false)).toBe('terminal.methodNotAllowed');
    expect(terminalRefusal(pinOnly, 'badge', true)).toBe('terminal.methodNotAllowed');
  });

  it('names the punch method in terminal terms (a card is a badge)', () => {
    expect(punchMethod({ kind: 'card', card: 'X' })).toBe('badge');
    expect(punchMethod({ kind: 'pin', pin: '123456' })).toBe('pin');
    expect(punchMethod({ kind: 'face', descriptors: [] })).toBe('face');
  });

  it('reads pairing codes as typed and refuses anything that cannot be one', () => {
    expect(normalizePairingCode('abcd-efgh')).toBe('ABCDEFGH');
    expect(normalizePairingCode(' 2345 6789 ')).toBe('23456789');
    expect(normalizePairingCode('ABCD-EFG')).toBeNull();
    expect(normalizePairingCode('ABCD-EFG0')).toBeNull(); // 0, O, 1, I and L are never used
    expect(normalizePairingCode('ABCD-EFGI')).toBeNull();
    expect(formatPairingCode('ABCDEFGH')).toBe('ABCD-EFGH');
    const code = pairingCodeFrom(Uint8Array.from([0, 30, 31, 255, 7, 8, 9, 10]));
    expect(code).toHaveLength(8);
    for (const c of code) expect(PAIRING_ALPHABET).toContain(c);
    expect(pairingExpiry('2027-03-01T08:00:00.000Z')).toBe('2027-03-01T08:15:00.000Z');
  });

  it('recognises a credential only in its exact shape', () => {
    expect(isTerminalCredential('A'.repeat(43))).toBe(true);
    expect(isTerminalCredential('A'.repeat(42))).toBe(false);
    expect(isTerminalCredential('A'.repeat(42) + '=')).toBe(false);
    expect(isTerminalCredential(null)).toBe(false);
  });

  it('validates terminal details: a name, at least one known method, in a fixed order', () => {
    expect(v.parse(CreateTerminalSchema, { name: ' Door ', methods: ['badge', 'face', 'badge'] })).toEqual({ name: 'Door', location: '', methods: ['face', 'badge'], doorCode: false });
    // The door QR code (decision 069): off unless asked for at creation; an edit without it leaves it alone.
    expect(v.parse(CreateTerminalSchema, { name: 'Door', methods: ['pin'], doorCode: true }).doorCode).toBe(true);
    expect(v.parse(UpdateTerminalSchema, { name: 'Door', methods: ['pin'] }).doorCode).toBeUndefined();
    expect(v.safeParse(UpdateTerminalSchema, { name: 'Door', methods: ['pin'], doorCode: 'yes' }).success).toBe(false);
    expect(v.safeParse(CreateTerminalSchema, { name: 'Door', methods: [] }).success).toBe(false);
    expect(v.safeParse(CreateTerminalSchema, { name: '', methods: ['pin'] }).success).toBe(false);
    expect(v.safeParse(CreateTerminalSchema, { name: 'Door', methods: ['iris'] }).success).toBe(false);
  });

  it('states: waiting, paired, revoked', () => {
    expect(terminalState({ pairedAt: null, revokedAt: null })).toBe('waiting');
    expect(terminalState({ pairedAt: 'x', revokedAt: null })).toBe('paired');
    expect(terminalState({ pairedAt: 'x', revokedAt: 'y' })).toBe('revoked');
  });

  it('new installs take punches only from paired terminals; installs older than terminals keep their kiosk', () => {
    expect(firstRunSettings('ES', 'Europe/Madrid').unpairedClock).toBe(false);
    expect(settingsFrom({ country: 'ES' }).unpairedClock).toBe(true);
  });
});
