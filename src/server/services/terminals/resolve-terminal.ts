import { isTerminalCredential, type TerminalMethod, type TerminalOfPunch } from '#domain/terminals/terminal-rules.ts';
import { nowIso, nowMs } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { findTerminalByCredential, touchTerminal } from '../../db/repositories/terminals.ts';
import { parseTerminalMethods } from '../../db/stored-formats.ts';
import { AppError } from '../../http/app-error.ts';
import { secretHash } from './terminal-secrets.ts';

/** A paired, unrevoked terminal, as the clock sees it. */
export interface ClockTerminal {
  id: number;
  companyId: number | null;
  name: string;
  location: string;
  methods: TerminalMethod[];
  lastSeq: number;
  /** The kiosk shows the door QR code (decision 069). */
  doorCode: boolean;
}

/** What a request's credential resolves to: no credential, an active terminal, or a credential that names none (unknown or revoked). */
export type ResolvedTerminal = { kind: 'none' } | { kind: 'valid'; terminal: ClockTerminal } | { kind: 'unknown' } | { kind: 'revoked' };

/** At most one `last_seen_at` write per terminal in this time: a busy kiosk does not write on every punch. */
const TOUCH_EVERY_MS = 30_000;
const touchedAt = new Map<number, number>();

export function forgetTerminalTouch(id: number): void {
  touchedAt.delete(id);
}

/**
 * The terminal a credential (cookie `jornada_terminal` or header `X-Terminal-Token`) names, and
 * a note that it was seen now (at most every 30 s). A malformed or unknown credential is
 * `unknown`, a revoked terminal's `revoked`; both refuse every punch (the device must pair again).
 */
export async function resolveTerminal(db: Db, credential: string | null | undefined): Promise<ResolvedTerminal> {
  if (credential === null || credential === undefined || credential === '') return { kind: 'none' };
  if (!isTerminalCredential(credential)) return { kind: 'unknown' };
  const row = await findTerminalByCredential(db, secretHash(credential));
  if (!row) return { kind: 'unknown' };
  if (row.revokedAt !== null) return { kind: 'revoked' };
  const now = nowMs();
  if (now - (touchedAt.get(row.id) ?? 0) >= TOUCH_EVERY_MS) {
    touchedAt.set(row.id, now);
    await touchTerminal(db, row.id, nowIso());
  }
  return { kind: 'valid', terminal: { id: row.id, companyId: row.companyId, name: row.name, location: row.location, methods: parseTerminalMethods(row.methods), lastSeq: row.lastSeq, doorCode: row.doorCode === 1 } };
}

/** The active terminal a request's credential names, else 401 `terminal.revoked` or `terminal.unknown`. */
export async function requireTerminal(db: Db, credential: string | null | undefined): Promise<ClockTerminal> {
  const resolved = await resolveTerminal(db, credential);
  if (resolved.kind === 'valid') return resolved.terminal;
  throw new AppError(resolved.kind === 'revoked' ? 'terminal.revoked' : 'terminal.unknown', 401);
}

/** The resolved terminal in the clock rule's terms (terminal-rules.ts `terminalRefusal`). */
export function terminalOfPunch(resolved: ResolvedTerminal): TerminalOfPunch {
  if (resolved.kind === 'valid') return { credential: 'valid', methods: resolved.terminal.methods };
  return { credential: resolved.kind, methods: [] };
}
