import { deviceSummary, PERSONAL_CLOCK_MESSAGES, personalClockAllowed, type PersonalClockRequest, type PersonalPunchAnswer } from '#domain/clock/personal-clock.ts';
import { placeVerdict, PROOF_OF_PLACE_MESSAGES } from '#domain/clock/proof-of-place.ts';
import { PUNCH_MESSAGES } from '#domain/clock/punch-messages.ts';
import { CLOCK_MESSAGES } from '#domain/messages/spec-messages.ts';
import type { Language } from '#i18n/languages.ts';
import { translate } from '#i18n/translate.ts';
import { nowMs } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { findPersonalClockEmployee } from '../../db/repositories/personal-clock.ts';
import { workplaceAreas } from '../../db/repositories/workplaces.ts';
import { AppError } from '../../http/app-error.ts';
import { wakeOutbox } from '../../outbox/outbox-sender.ts';
import { getSettings } from '../get-settings.ts';
import { doorTerminal } from '../terminals/door-terminal.ts';
import { personalClockView } from '../personal/personal-clock-view.ts';
import type { SessionUser } from '../sign-in/session-user.ts';
import { commitClockPunch } from './commit-clock-punch.ts';

export interface PersonalPunchRequest {
  user: Pick<SessionUser, 'id' | 'employeeId' | 'apiTokenId'>;
  input: PersonalClockRequest;
  /** The request's User-Agent header: only its short summary is kept (deviceSummary). */
  userAgent: string | null;
  address: string;
  lang: Language;
}

/**
 * A punch from the worker's own session (issue 36 point 3, decision 067). The employee is the one
 * linked to the account, never anything in the request. Refused, before anything is read or
 * written: through an API token (403 `personalClock.tokenRefused`: a script is not the worker at
 * work), an account without an employee (403 `personalClock.noEmployee`), an archived employee
 * (403 `punch.employeeArchived`), the personal clock off for the company or the employee (403
 * `personalClock.notAllowed`), a door code that is forged, older than 60 s or of a terminal that is
 * revoked, unpaired, not showing it or of another company (422 on `doorCode`, decision 069), and
 * under proof of place `require` an on-site punch outside every workplace or without a position
 * (403, decision 068; a door code makes the punch on site, so the rule applies to it too). The
 * place (and, apart, the raw position) is kept only for an on-site punch with proof of place on; a
 * remote punch's location is dropped. Then the punch goes through commitClockPunch, as at the
 * kiosk: clock engine, period lock, double tap, record chain, audit (with the account) and
 * webhooks; method `personal`, its work mode (a check-in gives it to the day; a door code forces
 * on site and records its terminal) and a device summary. An engine refusal is a 409 with its message.
 */
export async function recordPersonalPunch(db: Db, request: PersonalPunchRequest): Promise<PersonalPunchAnswer> {
  const { user, input } = request;
  if (user.apiTokenId !== undefined) throw new AppError(PERSONAL_CLOCK_MESSAGES.tokenRefused, 403);
  if (user.employeeId === null) throw new AppError(PERSONAL_CLOCK_MESSAGES.noEmployee, 403);
  const employee = await findPersonalClockEmployee(db, user.employeeId);
  if (!employee) throw new AppError(PERSONAL_CLOCK_MESSAGES.noEmployee, 403);
  if (employee.status !== 'active') throw new AppError(PUNCH_MESSAGES.employeeArchived, 403);
  if (!personalClockAllowed({ personalClock: employee.companyPersonalClock }, employee)) throw new AppError(PERSONAL_CLOCK_MESSAGES.notAllowed, 403);
  const nowSeconds = Math.floor(nowMs() / 1000);
  // The door QR code (decision 069): a valid one puts the punch on site at its terminal; a refused
  // one stops the punch before anything is written.
  const terminal = input.doorCode === undefined ? null : await doorTerminal(db, input.doorCode, nowSeconds, employee.companyId);

  // Proof of place (decision 068): off or remote, nothing asked and the position dropped; on site,
  // inside/outside/unknown, refused under `require` outside or without a position.
  const workMode = terminal ? ('on-site' as const) : input.workMode;
  const verdict = placeVerdict(employee.proofOfPlace, workMode, input.location, employee.proofOfPlace === 'off' ? [] : await workplaceAreas(db, employee.companyId));
  if (verdict.kind === 'refused') throw new AppError(verdict.code, 403);

  const settings = await getSettings(db);
  const outcome = await commitClockPunch(db, {
    employeeId: employee.id,
    action: input.action,
    nowSeconds,
    settings,
    lang: request.lang,
    method: 'personal',
    terminal,
    address: request.address,
    userId: user.id,
    workMode,
    device: deviceSummary(request.userAgent),
    ...(verdict.kind === 'recorded' ? { place: { place: verdict.place, workplaceId: verdict.workplaceId, position: verdict.position } } : {}),
  });
  if (outcome.refused) throw new AppError(outcome.refused.code, 409, outcome.refused.params);
  if (outcome.hooks) wakeOutbox();
  const state = await personalClockView(db, employee.id);
  const warn = verdict.kind === 'recorded' && verdict.warn && outcome.punchId !== null;
  // A check-out after overtime asks "paid or rest" where the company lets the worker choose (decision 070).
  const question = input.action === 'check-out' ? state!.overtimeQuestion : undefined;
  return {
    message: translate(request.lang, CLOCK_MESSAGES.recordedSuccessfully),
    ...(warn ? { placeWarning: translate(request.lang, PROOF_OF_PLACE_MESSAGES.outsideWarning) } : {}),
    time: outcome.time,
    state: state!,
    ...(question ? { overtimeQuestion: question } : {}),
  };
}
