import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { DOOR_CODE_MAC_BYTES, doorCodeAge, doorCodeMessage, doorCodeStep, doorCodeWindow, formatDoorCode, parseDoorCode } from '#domain/terminals/door-code.ts';
import { instanceConfig } from '../../config/instance-config.ts';

/**
 * The door code's key: derived with HKDF from the instance PIN pepper (config.json), as the secret
 * box derives its keys (`src/server/mail/secret-box.ts`), with a purpose of its own. The pepper
 * never leaves the server, so nobody else can sign a code; a restore keeps it (decision 039).
 */
export function doorCodeKey(): Buffer {
  return Buffer.from(hkdfSync('sha256', instanceConfig().pinPepper, 'jornada door code v1', 'door-code', 32));
}

function mac(key: Buffer, terminalId: number, step: number): Buffer {
  return createHmac('sha256', key).update(doorCodeMessage(terminalId, step)).digest().subarray(0, DOOR_CODE_MAC_BYTES);
}

/** The code of a terminal at an instant, and until when it is accepted (ISO). */
export function signDoorCode(key: Buffer, terminalId: number, nowSeconds: number): { code: string; step: number; expiresAt: string } {
  const step = doorCodeStep(nowSeconds);
  const code = formatDoorCode({ terminalId, step, mac: mac(key, terminalId, step).toString('base64url') });
  return { code, step, expiresAt: new Date(doorCodeWindow(step).until * 1000).toISOString() };
}

export type DoorCodeCheck = { ok: true; terminalId: number; step: number } | { ok: false; reason: 'invalid' | 'expired' };

/**
 * Whether a code was signed by this instance for the terminal it names, and is at most 60 s old.
 * The signature is checked first (a forged or altered code is `invalid` whatever its step); a
 * genuine code from a step in the future cannot exist, so it is `invalid` too. The terminal's
 * state (revoked, door code off) is the caller's to check.
 */
export function checkDoorCode(key: Buffer, code: string, nowSeconds: number): DoorCodeCheck {
  const parts = parseDoorCode(code);
  if (!parts) return { ok: false, reason: 'invalid' };
  // Compared as text: base64url ignores the last character's spare bits, and a code has one spelling.
  const given = Buffer.from(parts.mac, 'utf8');
  const expected = Buffer.from(mac(key, parts.terminalId, parts.step).toString('base64url'), 'utf8');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'invalid' };
  const age = doorCodeAge(parts.step, nowSeconds);
  if (age === 'future') return { ok: false, reason: 'invalid' };
  if (age === 'expired') return { ok: false, reason: 'expired' };
  return { ok: true, terminalId: parts.terminalId, step: parts.step };
}
