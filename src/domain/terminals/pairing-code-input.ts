/**
 * How a person types a pairing code (decision 042): 8 characters of an alphabet without the
 * look-alikes 0/O/1/I/L, shown as `XXXX-XXXX`. Typing is forgiving — lower case, spaces and the
 * dash are accepted — and the look-alikes are not silently changed: the server says the code is
 * unknown, which is the truth.
 */
import { PAIRING_CODE_LENGTH } from './terminal-rules.ts';

/** The characters the person typed that can be part of a code, upper case, at most 8. */
export function pairingCodeChars(typed: string): string {
  return typed
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, PAIRING_CODE_LENGTH);
}

/** `ABCDEFGH` (or part of it) as `ABCD-EFGH`, the way the admin screen shows it. */
export function formatTypedPairingCode(typed: string): string {
  const chars = pairingCodeChars(typed);
  return chars.length > 4 ? `${chars.slice(0, 4)}-${chars.slice(4)}` : chars;
}

export function pairingCodeComplete(typed: string): boolean {
  return pairingCodeChars(typed).length === PAIRING_CODE_LENGTH;
}

/** The address a QR code opens on the device: the clock with the code filled in. */
export function pairingUrl(origin: string, code: string): string {
  return `${origin.replace(/\/+$/, '')}/clock?pair=${encodeURIComponent(formatTypedPairingCode(code))}`;
}
