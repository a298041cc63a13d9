/**
 * What an administrator reads about a clock terminal (issue 20, point 1; decision 042): its state
 * and whether it has gone silent. Pure: the caller passes the clock and the setting.
 *
 * A paired kiosk calls `GET /api/terminal` every 60 s (heartbeat) and every punch counts as a sign
 * of life, so a terminal not heard from for `terminalSilentMinutes` is switched off, unplugged or
 * off the network — the admin dashboard warns about it.
 */

export { TERMINAL_METHODS, type TerminalMethod } from './terminal-rules.ts';

/** What a terminal is, as far as these rules need. Instants are ISO strings. */
export interface TerminalLife {
  pairedAt: string | null;
  revokedAt: string | null;
  lastSeenAt: string | null;
  pairingExpiresAt: string | null;
}

/**
 * What the list and the dashboard say (finer than terminal-rules' `TerminalState`, which only
 * knows waiting/paired/revoked):
 * - `revoked`: its credential is refused; it is never watched again.
 * - `unpaired`: created, no device has used a pairing code yet: nothing to watch.
 * - `online`: paired and heard from within the silent limit.
 * - `silent`: paired and not heard from for longer than the limit (strictly longer).
 */
export type TerminalStatus = 'revoked' | 'unpaired' | 'online' | 'silent';

const ms = (at: string | null): number | null => {
  if (at === null) return null;
  const value = Date.parse(at);
  return Number.isNaN(value) ? null : value;
};

/** The last sign of life: the last heartbeat or punch, else the pairing itself. */
export function lastSignOfLife(terminal: TerminalLife): number | null {
  const seen = ms(terminal.lastSeenAt);
  const paired = ms(terminal.pairedAt);
  if (seen === null) return paired;
  return paired === null ? seen : Math.max(seen, paired);
}

export function terminalStatus(terminal: TerminalLife, nowMs: number, silentMinutes: number): TerminalStatus {
  if (terminal.revokedAt !== null) return 'revoked';
  const last = lastSignOfLife(terminal);
  if (terminal.pairedAt === null || last === null) return 'unpaired';
  return nowMs - last > silentMinutes * 60_000 ? 'silent' : 'online';
}

/** A pairing code waits to be used (a new terminal, or a new code for a paired one). */
export function pairingPending(terminal: TerminalLife, nowMs: number): boolean {
  const expires = ms(terminal.pairingExpiresAt);
  return terminal.revokedAt === null && expires !== null && expires > nowMs;
}

/** The terminals to warn about, longest silent first (the dashboard card). */
export function silentTerminals<T extends TerminalLife>(terminals: readonly T[], nowMs: number, silentMinutes: number): (T & { silentForMinutes: number })[] {
  return terminals
    .filter((t) => terminalStatus(t, nowMs, silentMinutes) === 'silent')
    .map((t) => ({ ...t, silentForMinutes: Math.floor((nowMs - lastSignOfLife(t)!) / 60_000) }))
    .sort((a, b) => b.silentForMinutes - a.silentForMinutes);
}
