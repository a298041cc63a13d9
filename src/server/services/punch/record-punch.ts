import type { ClockAction } from '#domain/clock/clock-engine.ts';
import { decideClockPunch } from './decide-clock-punch.ts';
import type { PunchIdentity } from '#domain/clock/clock-request.ts';
import { isoOfSeconds } from '#domain/clock/shift-bounds.ts';
import { CLOCK_MESSAGES } from '#domain/messages/spec-messages.ts';
import type { Language } from '#i18n/languages.ts';
import { translate } from '#i18n/translate.ts';
import { nowMs } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { GroupCommit } from '../../db/group-commit.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { applyPunch, findLatestClockPunch } from '../../db/repositories/punches.ts';
import { DOUBLE_TAP_SECONDS, isDoubleTap } from '#domain/clock/double-tap.ts';
import { AppError } from '../../http/app-error.ts';
import { employeeThumbnail } from '../employees/employee-thumbnail.ts';
import { getSettings } from '../get-settings.ts';
import { identifyPunchEmployee, type PunchEmployee } from './identify-punch-employee.ts';
import { checkPunchSnapshot } from './check-punch-snapshot.ts';
import { preparePunchPhoto, savePunchPhoto } from './punch-photos.ts';
import type { ClockTerminal } from '../terminals/resolve-terminal.ts';
import { log } from '../../log.ts';
import { wakeOutbox } from '../../outbox/outbox-sender.ts';
import { emitEmployeeWebhookEvent } from '../webhooks/emit-webhook-event.ts';

/** Punches arriving together share one transaction and one fsync (group-commit.ts). */
const punchWriter = new GroupCommit();

export interface PunchRequest {
  action: ClockAction;
  identity: PunchIdentity;
  /** Client address, kept in the audit of a refusal (and the attempt limits' key without a terminal). */
  address: string;
  /** The paired terminal that sent the punch (decision 042), or null for an unpaired browser. */
  terminal?: ClockTerminal | null;
  lang: Language;
  /** A snapshot (data URL) sent with a face punch; kept only when the `punchPhoto` setting is on. */
  photo?: string | undefined;
}

/**
 * The employee in a clock answer. `image` is a small JPEG data URL of their current photo (or
 * null): the terminal is signed out and must never be handed the photo endpoint.
 */
export interface PunchedEmployee {
  _id: number;
  full_name: string;
  image: string | null;
}

/** The answer of `POST /api/clock` (docs/architecture.md): `time` is the punch instant, ISO 8601 UTC. */
export interface PunchResult {
  message: string;
  employee: PunchedEmployee;
  time: string;
}

/**
 * Who a refused punch (409) names: only the first name, so the person at the terminal sees that
 * the refusal is about them. Nothing was written, so the answer carries no id, full name or
 * photo: a wrong guess that hits a real PIN learns as little as possible (decision 025).
 */
export interface RefusedEmployee {
  first_name: string;
}

/** The clock engine refused the punch of an identified employee (409); the refusal is audited. */
export class PunchRefusal extends AppError {
  constructor(
    code: string,
    params: Record<string, unknown>,
    readonly employee: RefusedEmployee,
  ) {
    super(code, 409, params);
  }
}

async function punchedEmployee(employee: PunchEmployee): Promise<PunchedEmployee> {
  return { _id: employee.id, full_name: `${employee.firstName} ${employee.lastName}`, image: await employeeThumbnail(employee.id, employee.image) };
}

/**
 * A clock punch: identifies the employee (the terminal's limits first, kiosk-attempts.ts), then
 * in ONE transaction (shared with the punches that arrive together, group-commit.ts; in its own
 * savepoint) reads their state, asks the clock engine, and writes the attendance change, the raw
 * punch and an audit entry. A repeat of the employee's last punch (same action, within
 * DOUBLE_TAP_SECONDS: double-tap.ts) answers with that punch's time. A refusal writes only an audit entry (`clock.refused`: a PIN that hits a
 * real employee leaves a trace even when nothing is punched) and is a PunchRefusal (409) whose
 * code is the spec message and whose params fill it in. A face punch's snapshot is decoded only
 * once the face is identified, checked before anything is written (422) and stored after the
 * commit; losing it never loses the punch.
 */
export async function recordPunch(db: Db, request: PunchRequest): Promise<PunchResult> {
  const settings = await getSettings(db);
  const method = request.identity.kind;
  const terminal = request.terminal ?? null;
  // A paired terminal's limits are its own, whatever address it calls from (decision 042).
  const attemptKey = terminal ? `terminal:${terminal.id}` : request.address;
  const employee = await identifyPunchEmployee(db, request.identity, attemptKey, settings, terminal?.companyId ?? null, terminal === null, terminal?.id ?? null);
  const keepPhoto = method === 'face' && settings.faceRecognition && settings.punchPhoto && request.photo !== undefined;
  const photo = keepPhoto ? await preparePunchPhoto(request.photo!) : null;
  // Exactly one face in a snapshot that is kept (decision 043); 422 before anything is written.
  if (photo) await checkPunchSnapshot(photo);
  // Before the transaction, which holds the database's write lock while it runs.
  const answered = await punchedEmployee(employee);
  const nowSeconds = Math.floor(nowMs() / 1000);
  const now = isoOfSeconds(nowSeconds);

  const outcome = await punchWriter.run(db, async (trx) => {
    const last = await findLatestClockPunch(trx, employee.id, isoOfSeconds(nowSeconds - DOUBLE_TAP_SECONDS), now);
    if (last && isDoubleTap(last, request.action, nowSeconds)) return { time: last.at, punchId: null };

    const decision = await decideClockPunch(trx, { employeeId: employee.id, action: request.action, at: now, settings, lang: request.lang });
    if (!decision.ok) {
      await appendAudit(trx, {
        userId: null,
        entity: 'employee',
        entityId: employee.id,
        action: 'clock.refused',
        after: { action: request.action, method, terminal: terminal?.name ?? null, terminalId: terminal?.id ?? null, address: request.address, code: decision.code },
        at: now,
      });
      return { refused: decision };
    }

    const { attendanceId, punchId } = await applyPunch(trx, { employeeId: employee.id, timeZone: settings.timezone, change: decision.change, method, terminal: terminal?.name ?? null, terminalId: terminal?.id ?? null });
    await appendAudit(trx, {
      userId: null,
      entity: 'attendance',
      entityId: attendanceId,
      action: `clock.${request.action}`,
      after: { employeeId: employee.id, method, terminal: terminal?.name ?? null, terminalId: terminal?.id ?? null, ...decision.change },
      at: now,
    });
    // In the punch's transaction (decision 058): a webhook hears of exactly the punches recorded.
    const hooks = await emitEmployeeWebhookEvent(trx, employee.id, {
      event: 'punch.recorded',
      occurredAt: now,
      data: { punchId, attendanceId, employeeId: employee.id, action: request.action, at: now, method, terminalId: terminal?.id ?? null, offline: false },
    });
    return { time: now, punchId, hooks };
  });

  if (outcome.refused) throw new PunchRefusal(outcome.refused.code, outcome.refused.params, { first_name: employee.firstName });
  if (outcome.hooks) wakeOutbox();
  if (photo && outcome.punchId !== null) {
    await savePunchPhoto(db, { punchId: outcome.punchId, employeeId: employee.id, bytes: photo }).catch((error: unknown) => {
      log.error({ err: error }, 'The punch was recorded but its photo could not be kept');
    });
  }
  return {
    message: translate(request.lang, CLOCK_MESSAGES.recordedSuccessfully),
    employee: answered,
    time: outcome.time,
  };
}
