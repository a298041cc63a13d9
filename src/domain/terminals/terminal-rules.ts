import * as v from 'valibot';
import type { PunchIdentity } from '../clock/clock-request.ts';

/**
 * Clock terminals as devices the business controls (issue 20, decision 042). Pure rules: what a
 * terminal is allowed to do, what a pairing code looks like, and whether a punch may come from
 * the device that sent it.
 */

/** How a terminal may identify people. */
export const TERMINAL_METHODS = ['face', 'pin', 'badge'] as const;
export type TerminalMethod = (typeof TERMINAL_METHODS)[number];

/** 32 random bytes as base64url (43 characters): the credential a paired device keeps. */
export const TERMINAL_CREDENTIAL_BYTES = 32;
const CREDENTIAL_RE = /^[A-Za-z0-9_-]{43}$/;
/** The cookie a paired browser keeps the credential in (HttpOnly, SameSite=Strict). */
export const TERMINAL_COOKIE = 'jornada_terminal';
/** The header any other client sends it in. */
export const TERMINAL_HEADER = 'x-terminal-token';
/** Ten years: a terminal stays paired until an admin revokes it. */
export const TERMINAL_COOKIE_SECONDS = 10 * 365 * 86_400;

/** Pairing codes: 8 characters without 0/O/1/I/L, shown as XXXX-XXXX, valid 15 minutes, single use. */
export const PAIRING_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const PAIRING_CODE_LENGTH = 8;
export const PAIRING_CODE_MINUTES = 15;

/** Minutes without a heartbeat before the dashboard calls a paired terminal silent (setting `terminalSilentMinutes`). */
export const DEFAULT_TERMINAL_SILENT_MINUTES = 60;
export const TERMINAL_SILENT_RANGE = { min: 5, max: 10_080 } as const;

export const TERMINAL_NAME_MAX = 60;
export const TERMINAL_LOCATION_MAX = 120;

/** True when a string could be a credential (checked before any hashing or look-up). */
export function isTerminalCredential(value: string | null | undefined): value is string {
  return !!value && CREDENTIAL_RE.test(value);
}

/** A typed code as stored: upper case, without spaces or dashes; null when it cannot be a code. */
export function normalizePairingCode(input: string): string | null {
  const code = input.toUpperCase().replace(/[\s-]/g, '');
  if (code.length !== PAIRING_CODE_LENGTH) return null;
  for (const c of code) if (!PAIRING_ALPHABET.includes(c)) return null;
  return code;
}

/** The code as shown: XXXX-XXXX. */
export function formatPairingCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/** A code made from random bytes (one byte per character; the modulo bias of 256 % 31 is harmless for a 15-minute single-use code behind a rate limit). */
export function pairingCodeFrom(bytes: Uint8Array): string {
  let code = '';
  for (let i = 0; i < PAIRING_CODE_LENGTH; i++) code += PAIRING_ALPHABET[bytes[i]! % PAIRING_ALPHABET.length];
  return code;
}

export function pairingExpiry(from: string): string {
  return new Date(Date.parse(from) + PAIRING_CODE_MINUTES * 60_000).toISOString();
}

/** The method a punch identifies by, in terminal terms (a card is a badge). */
export function punchMethod(identity: PunchIdentity): TerminalMethod {
  return identity.kind === 'card' ? 'badge' : identity.kind;
}

/** What the clock knows of the device that sent a punch. */
export interface TerminalOfPunch {
  /** No credential was sent, a valid one, one that names no terminal, or a revoked terminal's. */
  credential: 'none' | 'valid' | 'unknown' | 'revoked';
  methods: readonly TerminalMethod[];
}

/**
 * Whether a punch may come from this device, as an error code or null:
 * - a credential that names no terminal (malformed, replaced by a new pairing): `terminal.unknown`;
 *   a revoked terminal's: `terminal.revoked` (the device shows it must be paired again);
 * - face punches need a paired terminal; PIN and badge punches from an unpaired browser only
 *   with the `unpairedClock` setting: `terminal.pairingRequired`;
 * - a paired terminal uses only the methods it was given: `terminal.methodNotAllowed`.
 */
export function terminalRefusal(terminal: TerminalOfPunch, method: TerminalMethod, unpairedClock: boolean): string | null {
  if (terminal.credential === 'unknown') return 'terminal.unknown';
  if (terminal.credential === 'revoked') return 'terminal.revoked';
  if (terminal.credential === 'none') return method === 'face' || !unpairedClock ? 'terminal.pairingRequired' : null;
  return terminal.methods.includes(method) ? null : 'terminal.methodNotAllowed';
}

const MethodsSchema = v.pipe(
  v.array(v.picklist(TERMINAL_METHODS, 'terminals.methodsRequired'), 'terminals.methodsRequired'),
  v.minLength(1, 'terminals.methodsRequired'),
  v.transform((list) => TERMINAL_METHODS.filter((m) => list.includes(m))),
);

const TerminalFields = {
  name: v.pipe(v.string('validation.required'), v.trim(), v.nonEmpty('validation.required'), v.maxLength(TERMINAL_NAME_MAX, 'validation.tooLong')),
  location: v.optional(v.pipe(v.string('validation.invalidInput'), v.trim(), v.maxLength(TERMINAL_LOCATION_MAX, 'validation.tooLong')), ''),
  methods: MethodsSchema,
};

/**
 * `doorCode`: the kiosk shows the door QR code (decision 069). Off unless asked for at creation;
 * an edit without it leaves it as it is.
 */
export const CreateTerminalSchema = v.object({ ...TerminalFields, doorCode: v.optional(v.boolean('validation.invalidInput'), false) }, 'validation.required');
export type TerminalInput = v.InferOutput<typeof CreateTerminalSchema>;
export const UpdateTerminalSchema = v.object({ ...TerminalFields, doorCode: v.optional(v.boolean('validation.invalidInput')) }, 'validation.required');
export type TerminalUpdate = v.InferOutput<typeof UpdateTerminalSchema>;

/**
 * `device: true` asks for the credential in the answer's body, for clients that are not browsers
 * (they send it back as X-Terminal-Token). A browser kiosk never asks: its credential lives only in
 * the HttpOnly cookie, out of reach of any script on the page.
 */
export const PairTerminalSchema = v.object(
  {
    code: v.pipe(v.string('terminals.codeInvalid'), v.maxLength(32, 'terminals.codeInvalid')),
    device: v.optional(v.boolean('validation.invalidInput'), false),
  },
  'terminals.codeInvalid',
);

/** The state an admin sees. */
export type TerminalState = 'waiting' | 'paired' | 'revoked';

export function terminalState(t: { pairedAt: string | null; revokedAt: string | null }): TerminalState {
  if (t.revokedAt !== null) return 'revoked';
  return t.pairedAt !== null ? 'paired' : 'waiting';
}

/** Methods as stored (a JSON array); anything else reads as none. */
export function methodsFrom(stored: unknown): TerminalMethod[] {
  return Array.isArray(stored) ? TERMINAL_METHODS.filter((m) => stored.includes(m)) : [];
}
