/**
 * What `/clock` shows for the device that opened it (decision 042), from what its credential
 * resolved to on the server:
 * - a revoked terminal's credential: always the pairing entry, saying it was revoked;
 * - `?pair=` in the address (the admin's QR code, or "Pair this terminal"): the pairing entry,
 *   with a way back when this device could punch without it;
 * - an unknown credential (the terminal was paired again on another device, a cookie of another
 *   install): the pairing entry — the server refuses every punch that carries it, even with
 *   `unpairedClock`, so a kiosk would only fail and reload;
 * - no credential and `unpairedClock` off: the pairing entry (pairing required);
 * - else the kiosk (paired, or unpaired PIN and badge allowed).
 */
export type ClockPageMode = { kind: 'kiosk' } | { kind: 'pairing'; reason: 'revoked' | 'required' | 'asked' };

export function clockPageMode(input: { credential: 'none' | 'valid' | 'unknown' | 'revoked'; unpairedClock: boolean; pairAsked: boolean }): ClockPageMode {
  if (input.credential === 'revoked') return { kind: 'pairing', reason: 'revoked' };
  if (input.credential === 'unknown') return { kind: 'pairing', reason: 'required' };
  const paired = input.credential === 'valid';
  if (input.pairAsked) return { kind: 'pairing', reason: paired || input.unpairedClock ? 'asked' : 'required' };
  if (!paired && !input.unpairedClock) return { kind: 'pairing', reason: 'required' };
  return { kind: 'kiosk' };
}

/**
 * What the kiosk offers on this device: only what the server will take from it (terminalRefusal).
 * No camera without a paired terminal that allows faces; no badge reader where badges are not allowed.
 */
export function kioskMethods(settings: { faceRecognition: boolean; rfidClock: boolean }, terminal: { methods: readonly string[] } | null): { face: boolean; badge: boolean } {
  return {
    face: settings.faceRecognition && terminal !== null && terminal.methods.includes('face'),
    badge: settings.rfidClock && (terminal === null || terminal.methods.includes('badge')),
  };
}

/**
 * A signed-in Employee account on a device that is not a paired terminal punches at its personal
 * clock, never at the kiosk (decision 067): at an unpaired kiosk its session could type any
 * colleague's PIN. `/clock` sends it to `/personal/clock`, and `POST /api/clock` refuses it (403).
 * Administrators keep the kiosk (they set terminals up), and a paired terminal stays a kiosk
 * whoever signed in on it.
 */
export function sendsToPersonalClock(accountType: string | undefined, credential: 'none' | 'valid' | 'unknown' | 'revoked'): boolean {
  return accountType === 'Employee' && credential !== 'valid';
}
