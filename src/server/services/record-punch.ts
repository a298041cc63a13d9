import { decidePunch, type ClockAction } from '../../domain/clock/clock-engine.ts';
import type { PunchIdentity } from '../../domain/clock/clock-request.ts';
import { isoOfSeconds } from '../../domain/clock/shift-bounds.ts';
import { CLOCK_MESSAGES } from '../../domain/messages/spec-messages.ts';
import { localDateOf } from '../../domain/time/zoned-time.ts';
import type { Language } from '../../i18n/languages.ts';
import { translate } from '../../i18n/translate.ts';
import { nowMs } from '../clock/now.ts';
import type { Db } from '../db/connection.ts';
import { appendAudit } from '../db/repositories/audit-log.ts';
import { loadClockState } from '../db/repositories/clock-state.ts';
import { applyPunch, findRecentPunch } from '../db/repositories/punches.ts';
import { AppError } from '../http/app-error.ts';
import { getSettings } from './get-settings.ts';
import { identifyPunchEmployee } from './identify-punch-employee.ts';

/** The same employee and action again within this window is a double tap: recorded once. */
export const DOUBLE_TAP_MS = 10_000;

export interface PunchRequest {
  action: ClockAction;
  identity: PunchIdentity;
  /** Client address, for the identification rate limit. */
  address: string;
  terminal?: string | null;
  lang: Language;
}

/** The answer of `POST /api/clock` (DESIGN.md): `time` is the punch instant, ISO 8601 UTC. */
export interface PunchResult {
  message: string;
  employee: { _id: number; full_name: string; image: string | null };
  time: string;
}

/**
 * A clock punch: identifies the employee, then in ONE transaction reads their state, asks the
 * clock engine, and writes the attendance change, the raw punch and an audit entry — or nothing.
 * A repeat of the same action within DOUBLE_TAP_MS answers with the first punch's time. A refusal
 * is an AppError (409) whose code is the spec message and whose params fill it in.
 */
export async function recordPunch(db: Db, request: PunchRequest): Promise<PunchResult> {
  const settings = await getSettings(db);
  const employee = await identifyPunchEmployee(db, request.identity, request.address, settings);
  const nowSeconds = Math.floor(nowMs() / 1000);
  const now = isoOfSeconds(nowSeconds);
  const method = request.identity.kind;
  const terminal = request.terminal ?? null;

  const time = await db.transaction().execute(async (trx) => {
    const since = isoOfSeconds(nowSeconds - DOUBLE_TAP_MS / 1000);
    const repeat = await findRecentPunch(trx, employee.id, request.action, since, now);
    if (repeat) return repeat.at;

    const state = await loadClockState(trx, employee.id, localDateOf(now, settings.timezone));
    const decision = decidePunch({
      action: request.action,
      now,
      timeZone: settings.timezone,
      ...state,
      graceMinutes: settings.graceMinutes,
      breaksPerDay: settings.breaksPerDay,
      timeFormat: settings.timeFormat,
      lang: request.lang,
    });
    if (!decision.ok) throw new AppError(decision.code, 409, decision.params);

    const attendanceId = await applyPunch(trx, { employeeId: employee.id, timeZone: settings.timezone, change: decision.change, method, terminal });
    await appendAudit(trx, {
      userId: null,
      entity: 'attendance',
      entityId: attendanceId,
      action: `clock.${request.action}`,
      after: { employeeId: employee.id, method, terminal, ...decision.change },
      at: now,
    });
    return now;
  });

  return {
    message: translate(request.lang, CLOCK_MESSAGES.recordedSuccessfully),
    employee: { _id: employee.id, full_name: `${employee.firstName} ${employee.lastName}`, image: employee.image },
    time,
  };
}
