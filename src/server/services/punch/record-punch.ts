import type { ClockAction } from '#domain/clock/clock-engine.ts';
import type { PunchIdentity } from '#domain/clock/clock-request.ts';
import { CLOCK_MESSAGES } from '#domain/messages/spec-messages.ts';
import type { Language } from '#i18n/languages.ts';
import { translate } from '#i18n/translate.ts';
import { nowMs } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { AppError } from '../../http/app-error.ts';
import { employeeThumbnail } from '../employees/employee-thumbnail.ts';
import { getSettings } from '../get-settings.ts';
import { commitClockPunch } from './commit-clock-punch.ts';
import { identifyPunchEmployee, type PunchEmployee } from './identify-punch-employee.ts';
import { checkPunchSnapshot } from './check-punch-snapshot.ts';
import { preparePunchPhoto, savePunchPhoto } from './punch-photos.ts';
import type { ClockTerminal } from '../terminals/resolve-terminal.ts';
import { log } from '../../log.ts';
import { wakeOutbox } from '../../outbox/outbox-sender.ts';

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
 * writes it through commitClockPunch (commit-clock-punch.ts, shared with the personal clock): in
 * ONE transaction the clock engine, the period lock, the attendance change, the raw punch, an
 * audit entry and the webhooks; a double tap answers the first punch's time. A refusal writes only
 * an audit entry (`clock.refused`: a PIN that hits a real employee leaves a trace even when
 * nothing is punched) and is a PunchRefusal (409) whose code is the spec message and whose params
 * fill it in. A face punch's snapshot is decoded only
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

  const outcome = await commitClockPunch(db, { employeeId: employee.id, action: request.action, nowSeconds, settings, lang: request.lang, method, terminal, address: request.address, userId: null });
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
