import { DOOR_CODE_MESSAGES, DOOR_CODE_STEP_SECONDS, doorCodePath } from '#domain/terminals/door-code.ts';
import type { Db } from '../../db/connection.ts';
import { findPersonalClockEmployee } from '../../db/repositories/personal-clock.ts';
import { findTerminal } from '../../db/repositories/terminals.ts';
import { parseTerminalMethods } from '../../db/stored-formats.ts';
import { AppError } from '../../http/app-error.ts';
import { checkDoorCode, doorCodeKey, signDoorCode } from './door-code.ts';
import type { ClockTerminal } from './resolve-terminal.ts';

/** What `GET /api/clock/door-code` answers a paired kiosk (decision 069). */
export interface DoorCodeAnswer {
  code: string;
  /** `/personal/clock?door=<code>`: the kiosk prefixes its own origin. */
  path: string;
  /** When the server stops accepting this code (ISO). */
  expiresAt: string;
  /** Seconds until the next code is issued: when the kiosk should ask again. */
  refreshIn: number;
}

/** The current door code of a paired terminal; 403 `doorCode.off` when its administrator has not turned it on. */
export function currentDoorCode(terminal: ClockTerminal, nowSeconds: number): DoorCodeAnswer {
  if (!terminal.doorCode) throw new AppError(DOOR_CODE_MESSAGES.off, 403);
  const { code, expiresAt } = signDoorCode(doorCodeKey(), terminal.id, nowSeconds);
  return { code, path: doorCodePath(code), expiresAt, refreshIn: DOOR_CODE_STEP_SECONDS - (Math.floor(nowSeconds) % DOOR_CODE_STEP_SECONDS) };
}

const refuse = (key: string) => new AppError(key, 422, {}, { doorCode: key });

/**
 * The terminal a door code sent with a personal punch proves the worker stood at, or a 422 on the
 * field `doorCode` with the reason: forged or malformed (`doorCode.invalid`), older than 60 s
 * (`doorCode.expired`), a terminal that is revoked, was never paired or no longer shows the code
 * (`doorCode.terminalUnavailable`), or a terminal of another company than the employee's
 * (`doorCode.otherCompany`: a terminal identifies only its company's employees, decision 042).
 */
export async function doorTerminal(db: Db, code: string, nowSeconds: number, employeeCompanyId: number | null): Promise<ClockTerminal> {
  const check = checkDoorCode(doorCodeKey(), code, nowSeconds);
  if (!check.ok) throw refuse(check.reason === 'expired' ? DOOR_CODE_MESSAGES.expired : DOOR_CODE_MESSAGES.invalid);
  const row = await findTerminal(db, check.terminalId);
  if (!row || row.revokedAt !== null || row.pairedAt === null || row.doorCode !== 1) throw refuse(DOOR_CODE_MESSAGES.terminalUnavailable);
  if (row.companyId !== null && row.companyId !== employeeCompanyId) throw refuse(DOOR_CODE_MESSAGES.otherCompany);
  return { id: row.id, companyId: row.companyId, name: row.name, location: row.location, methods: parseTerminalMethods(row.methods), lastSeq: row.lastSeq, doorCode: true };
}

/**
 * What `/personal/clock?door=<code>` says before the punch: the terminal's name, or why the code
 * is refused (an i18n key), checked as the punch will check it. The punch checks again: a code
 * valid now may be older than 60 s when the worker taps.
 */
export async function doorCodeNotice(db: Db, code: string, nowSeconds: number, employeeId: number): Promise<{ terminal: string; error: null } | { terminal: null; error: string }> {
  const employee = await findPersonalClockEmployee(db, employeeId);
  try {
    const terminal = await doorTerminal(db, code, nowSeconds, employee?.companyId ?? null);
    return { terminal: terminal.name, error: null };
  } catch (error) {
    if (error instanceof AppError) return { terminal: null, error: error.code };
    throw error;
  }
}
