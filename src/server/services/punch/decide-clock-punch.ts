import type { Kysely } from 'kysely';
import { decidePunch, type ClockAction, type PunchDecision } from '#domain/clock/clock-engine.ts';
import type { Settings } from '#domain/settings/settings.ts';
import { localDateOf } from '#domain/time/zoned-time.ts';
import type { Language } from '#i18n/languages.ts';
import { loadClockState } from '../../db/repositories/clock-state.ts';
import type { Database } from '../../db/schema.ts';
import { periodLockRefusal } from '../../db/repositories/record-lock.ts';
import { breakRulesOnDate } from '../../db/repositories/break-rules-history.ts';

/**
 * What the clock engine says of one punch of an employee at instant `at` (ISO UTC), under the
 * installation's clock rules: read in the caller's transaction, so the answer holds when the
 * caller writes it. Shared by live punches (record-punch.ts) and late ones (decision 046).
 * A punch whose day (the date its shift started) lies in an approved period is refused
 * (`periods.locked`, decision 051): live it is a 409, late it becomes a clock conflict.
 */
export async function decideClockPunch(trx: Kysely<Database>, input: { employeeId: number; action: ClockAction; at: string; settings: Settings; lang?: Language }): Promise<PunchDecision> {
  const { settings } = input;
  const date = localDateOf(input.at, settings.timezone);
  const state = await loadClockState(trx, input.employeeId, date);
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
