import { deviceSummary, PERSONAL_CLOCK_MESSAGES, personalClockAllowed, type PersonalClockView } from '#domain/clock/personal-clock.ts';
import { PersonalLatePunchBatchSchema, type PersonalLatePunch } from '#domain/clock/late-punch-request.ts';
import { nowIso } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { advancePersonalDeviceSeq, findPersonalReceipt, insertPersonalReceipt, personalDeviceLastSeq, touchPersonalDevice } from '../../db/repositories/offline-punches.ts';
import { findPersonalClockEmployee } from '../../db/repositories/personal-clock.ts';
import { AppError } from '../../http/app-error.ts';
import { parseInput } from '../../http/json.ts';
import { getSettings } from '../get-settings.ts';
import { personalClockView } from '../personal/personal-clock-view.ts';
import type { SessionUser } from '../sign-in/session-user.ts';
import { receiveLatePunch, receiptAnswer, type Identified, type LatePunchResult, type LateSource } from './receive-late-punches.ts';

export interface PersonalLateAnswer {
  results: LatePunchResult[];
  /** The device's last sequence number now (its numbering never goes below it). */
  lastSeq: number;
  /** Where the worker stands after the punches, as the page draws it. */
  state: PersonalClockView;
}

export interface PersonalLateRequest {
  user: Pick<SessionUser, 'id' | 'employeeId' | 'apiTokenId'>;
  body: unknown;
  /** The request's User-Agent header: only its short summary is kept (deviceSummary). */
  userAgent: string | null;
}

/**
 * `POST /api/personal/clock/offline` (decision 071): the punches the personal clock kept on the
 * worker's device while the network was down, judged exactly as a terminal's (receiveLatePunch:
 * receipts, sequence, device clock correction, order of the day, the clock engine at the punch's
 * time, conflicts for an administrator). What differs is who and where:
 *
 * - The body is validated first (422, nothing written), as the live clock's. The employee is the
 *   session's, never anything in the body (it has no such field). Through an API token: 403
 *   `personalClock.tokenRefused`; an account without an employee: 403 `personalClock.noEmployee`.
 * - The sequence and receipts are per (account, device id): `personal_devices`, created on first use.
 * - An employee archived, or whose personal clock is now off, does not lose the punches made
 *   before: each becomes a conflict (`archived`, `methodNotAllowed`) an administrator settles,
 *   and the device deletes it.
 * - The punch is method `personal` with its work mode and the device summary, as a live one.
 *   It carries no position: under proof of place `require` an on-site one is a conflict
 *   (`methodNotAllowed`) for an administrator; under `record` or `warn` its place is unknown.
 */
export async function receivePersonalPunches(db: Db, request: PersonalLateRequest): Promise<PersonalLateAnswer> {
  const { user } = request;
  // The body first, as the live personal clock's endpoint does (a bad body is 422 for anyone).
  const batch = parseInput(PersonalLatePunchBatchSchema, request.body);
  if (user.apiTokenId !== undefined) throw new AppError(PERSONAL_CLOCK_MESSAGES.tokenRefused, 403);
  if (user.employeeId === null) throw new AppError(PERSONAL_CLOCK_MESSAGES.noEmployee, 403);
  const employee = await findPersonalClockEmployee(db, user.employeeId);
  if (!employee) throw new AppError(PERSONAL_CLOCK_MESSAGES.noEmployee, 403);

  const settings = await getSettings(db);
  const summary = deviceSummary(request.userAgent);
  const deviceId = await touchPersonalDevice(db, { userId: user.id, device: batch.device, summary, at: nowIso() });
  const identified: Identified =
    employee.status !== 'active'
      ? { ok: false, reason: 'archived', employeeId: employee.id }
      : !personalClockAllowed({ personalClock: employee.companyPersonalClock }, employee)
        ? { ok: false, reason: 'methodNotAllowed', employeeId: employee.id }
        : { ok: true, employeeId: employee.id };
  const source: LateSource<PersonalLatePunch> = {
    where: { companyId: employee.companyId, terminalId: null, terminalName: summary, personalDeviceId: deviceId },
    findReceipt: (trx, seq) => findPersonalReceipt(trx, deviceId, seq),
    insertReceipt: (trx, seq, receipt) => insertPersonalReceipt(trx, { deviceId, seq, ...receipt }),
    lastSeq: (trx) => personalDeviceLastSeq(trx, deviceId),
    advanceSeq: (trx, seq) => advancePersonalDeviceSeq(trx, deviceId, seq),
    method: () => 'personal',
    punchRow: (punch) => ({ terminal: null, terminalId: null, workMode: punch.workMode, device: summary }),
    userId: user.id,
    auditExtra: (punch) => ({ workMode: punch.workMode, device: summary, personalDeviceId: deviceId }),
    hookExtra: (punch) => ({ workMode: punch.workMode }),
  };

  const results: LatePunchResult[] = [];
  for (const punch of batch.punches) {
    const receipt = await findPersonalReceipt(db, deviceId, punch.seq);
    // Proof of place `require` (decision 068): a kept on-site punch carries no position, so it is
    // not recorded on its own; it waits as a conflict for an administrator, like a switched-off clock.
    const placeMissing = identified.ok && employee.proofOfPlace === 'require' && punch.workMode === 'on-site';
    const judged: Identified = placeMissing ? { ok: false, reason: 'methodNotAllowed', employeeId: employee.id } : identified;
    results.push(receipt ? receiptAnswer(punch.seq, receipt) : await receiveLatePunch(db, source, punch, batch.sentAt, judged, settings));
  }
  const state = await personalClockView(db, employee.id);
  return { results, lastSeq: await personalDeviceLastSeq(db, deviceId), state: state! };
}
