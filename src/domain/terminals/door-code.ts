/**
 * The door QR code (issue 36 point 6, decision 069): a paired kiosk shows a code that changes every
 * 30 s; a worker scans it with the phone's camera, which opens `/personal/clock?door=<code>`, and
 * the punch sent with it counts as on site at that terminal. The code is
 * `<terminal id>.<time step>.<signature>`; the signature (HMAC-SHA256 under a key of the instance,
 * `src/server/services/terminals/door-code.ts`) binds the terminal and the step. Pure rules here.
 */

/** A new code every 30 s. */
export const DOOR_CODE_STEP_SECONDS = 30;
/** A code is refused once it is older than 60 s: its own step and the next one. */
export const DOOR_CODE_MAX_AGE_SECONDS = 60;
/** The signature's bytes kept in the code (128 bits, base64url: 22 characters). */
export const DOOR_CODE_MAC_BYTES = 16;

/** i18n keys of a refused door code (namespace `doorCode`). */
export const DOOR_CODE_MESSAGES = {
  invalid: 'doorCode.invalid',
  expired: 'doorCode.expired',
  terminalUnavailable: 'doorCode.terminalUnavailable',
  otherCompany: 'doorCode.otherCompany',
  off: 'doorCode.off',
} as const;

/** The time step an instant (Unix seconds) falls in. */
export function doorCodeStep(nowSeconds: number): number {
  return Math.floor(nowSeconds / DOOR_CODE_STEP_SECONDS);
}

/** When a step's code is shown first and when it stops being accepted (Unix seconds). */
export function doorCodeWindow(step: number): { from: number; until: number } {
  const from = step * DOOR_CODE_STEP_SECONDS;
  return { from, until: from + DOOR_CODE_MAX_AGE_SECONDS };
}

/** What is signed: the terminal and the step, and what the signature is for. */
export function doorCodeMessage(terminalId: number, step: number): string {
  return `jornada door code|${terminalId}|${step}`;
}

export interface DoorCodeParts {
  terminalId: number;
  step: number;
  mac: string;
}

const CODE = /^([1-9]\d{0,9})\.(\d{1,12})\.([A-Za-z0-9_-]{22})$/;

/** The parts of a code, or null when it is not one (malformed, cut, too long). */
export function parseDoorCode(code: string): DoorCodeParts | null {
  const match = CODE.exec(code);
  if (!match) return null;
  return { terminalId: Number(match[1]), step: Number(match[2]), mac: match[3]! };
}

export function formatDoorCode(parts: DoorCodeParts): string {
  return `${parts.terminalId}.${parts.step}.${parts.mac}`;
}

/**
 * Whether a step is still accepted at `nowSeconds`: from the moment it is shown until 60 s later
 * (`until` excluded). A step in the future was not issued by this server's clock: refused as
 * invalid, not as expired.
 */
export function doorCodeAge(step: number, nowSeconds: number): 'fresh' | 'expired' | 'future' {
  const { from, until } = doorCodeWindow(step);
  if (nowSeconds < from) return 'future';
  return nowSeconds < until ? 'fresh' : 'expired';
}

/** The path the QR code carries (the kiosk makes it absolute with its own origin). */
export function doorCodePath(code: string): string {
  return `/personal/clock?door=${encodeURIComponent(code)}`;
}
