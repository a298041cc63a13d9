import type { ClockAction, PunchDecision } from '#domain/clock/clock-engine.ts';
import type { PunchWorkMode } from '#domain/clock/personal-clock.ts';
import type { GeoPosition, PunchPlace } from '#domain/clock/proof-of-place.ts';
import { isoOfSeconds } from '#domain/clock/shift-bounds.ts';
import type { Settings } from '#domain/settings/settings.ts';
import type { Language } from '#i18n/languages.ts';
import type { Db } from '../../db/connection.ts';
import { punchWriterLanes } from '../../db/engine.ts';
import { GroupCommit } from '../../db/group-commit.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { applyPunch } from '../../db/repositories/punches.ts';
import { readPunchStatesAhead, type PunchStateAhead } from '../../db/repositories/clock-state.ts';
import type { PunchTable } from '../../db/schema.ts';
import type { ClockTerminal } from '../terminals/resolve-terminal.ts';
import { emitEmployeeWebhookEvent } from '../webhooks/emit-webhook-event.ts';
import { decideClockPunch, punchStateAhead } from './decide-clock-punch.ts';

/** Punches arriving together share one transaction and one fsync (group-commit.ts): kiosk and personal alike; on PostgreSQL in several lanes. */
const punchWriter = new GroupCommit<PunchStateAhead>(punchWriterLanes(), readPunchStatesAhead);

/** One live punch of an identified employee, from a kiosk (record-punch.ts) or their own session (record-personal-punch.ts). */
export interface ClockPunchInput {
  employeeId: number;
  action: ClockAction;
  /** The punch instant, whole seconds since the epoch. */
  nowSeconds: number;
  settings: Settings;
  lang: Language;
  method: PunchTable['method'];
  /** The paired terminal that sent it; null for an unpaired browser or a personal punch. */
  terminal: ClockTerminal | null;
  /** The client address, kept in the audit of a refusal. */
  address: string;
  /** The account that punched (a personal punch), in the audit; null at a kiosk (nobody is signed in). */
  userId: number | null;
  /** A personal punch's work mode and device summary (decision 067). */
  workMode?: PunchWorkMode;
  device?: string;
  /** A personal on-site punch's proof of place (decision 068); the position is kept apart, never in the audit. */
  place?: { place: PunchPlace; workplaceId: number | null; position: GeoPosition | null };
}

export type ClockPunchOutcome = { refused: Extract<PunchDecision, { ok: false }> } | { refused?: undefined; time: string; punchId: number | null; attendanceId: number | null; hooks: number };

/**
 * The one way a live punch is written (decision 067: the kiosk and the personal clock both come
 * here). In ONE transaction (shared with the punches that arrive together; in its own savepoint)
 * it reads the employee's state, asks the clock engine and the period lock (decideClockPunch),
 * and writes the attendance change, the raw punch (chained, decision 033), an audit entry and the
 * `punch.recorded` webhooks (decision 058). A repeat of the employee's last punch (same action,
 * within DOUBLE_TAP_SECONDS: double-tap.ts) answers with that punch's time and writes nothing. A
 * refusal writes only an audit entry (`clock.refused`) and is returned, not thrown.
 */
export function commitClockPunch(db: Db, input: ClockPunchInput): Promise<ClockPunchOutcome> {
  const { employeeId, action, nowSeconds, settings, method, terminal } = input;
  const now = isoOfSeconds(nowSeconds);
  const personal = input.workMode !== undefined ? { workMode: input.workMode, device: input.device ?? null, ...(input.place ? { place: input.place.place, workplaceId: input.place.workplaceId } : {}) } : {};
  return punchWriter.run(
    db,
    employeeId,
    async (trx) => {
      const decision = await decideClockPunch(trx, { employeeId, action, at: now, settings, lang: input.lang });
      if ('repeatOf' in decision) return { time: decision.repeatOf.at, punchId: null, attendanceId: decision.repeatOf.attendanceId, hooks: 0 };
      if (!decision.ok) {
        await appendAudit(trx, {
          userId: input.userId,
          entity: 'employee',
          entityId: employeeId,
          action: 'clock.refused',
          after: { action, method, terminal: terminal?.name ?? null, terminalId: terminal?.id ?? null, ...personal, address: input.address, code: decision.code },
          at: now,
        });
        return { refused: decision };
      }

      const { attendanceId, punchId } = await applyPunch(trx, {
        employeeId,
        timeZone: settings.timezone,
        change: decision.change,
        method,
        terminal: terminal?.name ?? null,
        terminalId: terminal?.id ?? null,
        ...personal,
        position: input.place?.position ?? null,
      });
      await appendAudit(trx, {
        userId: input.userId,
        entity: 'attendance',
        entityId: attendanceId,
        action: `clock.${action}`,
        after: { employeeId, method, terminal: terminal?.name ?? null, terminalId: terminal?.id ?? null, ...personal, ...decision.change },
        at: now,
      });
      // In the punch's transaction (decision 058): a webhook hears of exactly the punches recorded.
      const hooks = await emitEmployeeWebhookEvent(trx, employeeId, {
        event: 'punch.recorded',
        occurredAt: now,
        data: {
          punchId,
          attendanceId,
          employeeId,
          action,
          at: now,
          method,
          terminalId: terminal?.id ?? null,
          offline: false,
          ...(input.workMode !== undefined ? { workMode: input.workMode } : {}),
        },
      });
      return { time: now, punchId, attendanceId, hooks };
    },
    punchStateAhead({ employeeId, at: now, settings }),
  );
}
