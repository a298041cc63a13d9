import type { Kysely } from 'kysely';
import { decidePunch, type ClockAction, type PunchDecision } from '#domain/clock/clock-engine.ts';
import { DOUBLE_TAP_SECONDS, isDoubleTap } from '#domain/clock/double-tap.ts';
import { epochSeconds, isoOfSeconds } from '#domain/clock/shift-bounds.ts';
import type { Settings } from '#domain/settings/settings.ts';
import { localDateOf } from '#domain/time/zoned-time.ts';
import type { Language } from '#i18n/languages.ts';
import { loadPunchState, type PunchStateAhead } from '../../db/repositories/clock-state.ts';
import type { LatestClockPunch } from '../../db/repositories/punches.ts';
import type { Database } from '../../db/schema.ts';
import { periodLockRefusal } from '../../db/repositories/record-lock.ts';
import { breakRulesOnDate } from '../../db/repositories/break-rules-history.ts';

/** The punch repeats the employee's last clock punch (a double tap, double-tap.ts): answer with that one, write nothing. */
export type ClockPunchDecision = PunchDecision | { ok: false; repeatOf: LatestClockPunch };

/**
 * Where the state of a punch at instant `at` is read (clock-state.ts): the punch's local date and
 * the double-tap window up to it. A group commit reads it ahead with the batch's others.
 */
export function punchStateAhead(input: { employeeId: number; at: string; settings: Pick<Settings, 'timezone'> }): PunchStateAhead {
  return { employeeId: input.employeeId, today: localDateOf(input.at, input.settings.timezone), since: isoOfSeconds(epochSeconds(input.at) - DOUBLE_TAP_SECONDS), until: input.at };
}

/**
 * What the clock engine says of one punch of an employee at instant `at` (ISO UTC), under the
 * installation's clock rules: read in the caller's transaction, so the answer holds when the
 * caller writes it. Shared by live punches (commit-clock-punch.ts) and late ones (decision 046).
 * A repeat of the employee's last clock punch within DOUBLE_TAP_SECONDS is `repeatOf` that punch,
 * before the engine is asked. A punch whose day (the date its shift started) lies in an approved
 * period is refused (`periods.locked`, decision 051): live it is a 409, late it becomes a clock
 * conflict. The state and the latest punch are one read (one statement on PostgreSQL).
 */
export async function decideClockPunch(trx: Kysely<Database>, input: { employeeId: number; action: ClockAction; at: string; settings: Settings; lang?: Language }): Promise<ClockPunchDecision> {
  const { settings } = input;
  const atSeconds = epochSeconds(input.at);
  const { today: date, since, until } = punchStateAhead(input);
  const { state, latestPunch } = await loadPunchState(trx, input.employeeId, date, { since, until });
  if (latestPunch && isDoubleTap(latestPunch, input.action, atSeconds)) return { ok: false, repeatOf: latestPunch };
  // Lateness uses the grace in force on the punch's local date (effective-dated, decision 050).
  const { graceMinutes } = await breakRulesOnDate(trx, date);
  const decision = decidePunch({
    action: input.action,
    now: input.at,
    timeZone: settings.timezone,
    ...state,
    graceMinutes,
    breaksPerDay: settings.breaksPerDay,
    shiftWindowMinutes: settings.shiftWindowMinutes,
    acceptUnscheduledWork: settings.acceptUnscheduledWork,
    timeFormat: settings.timeFormat,
    ...(input.lang ? { lang: input.lang } : {}),
  });
  if (!decision.ok) return decision;
  const locked = await periodLockRefusal(trx, input.employeeId, decision.change.date);
  return locked ? { ok: false, code: locked.code, params: locked.params } : decision;
}
