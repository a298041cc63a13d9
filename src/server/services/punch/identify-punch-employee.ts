import type { PunchIdentity } from '#domain/clock/clock-request.ts';
import { matchFaceFrames } from '#domain/clock/face-match.ts';
import { UNPAIRED_ADDRESS, waitMessage } from '#domain/clock/kiosk-attempts.ts';
import { PUNCH_MESSAGES } from '#domain/clock/punch-messages.ts';
import { FACE_MESSAGES } from '#domain/messages/spec-messages.ts';
import { pinKey } from '../../auth/pin-key.ts';
import { kioskSettle, kioskWaitMs, type AttemptCheck } from '../../clock/kiosk-attempt-log.ts';
import type { Db } from '../../db/connection.ts';
import { findEmployeesByPinKey, findEmployeesByRfid, findPunchEmployee } from '../../db/repositories/employees.ts';
import { AppError } from '../../http/app-error.ts';
import type { Settings } from '#domain/settings/settings.ts';
import { faceGallery } from './face-gallery.ts';
import { judgeFrames } from '#domain/clock/challenge-frames.ts';
import { rememberFreshServerFrame } from '../../clock/challenge-book.ts';
import { nowMs } from '../../clock/now.ts';
import { describePunchFrame } from '../../faces/snapshot-face-worker.ts';
import { punchFrameBytes } from './punch-photos.ts';

export interface PunchEmployee {
  id: number;
  firstName: string;
  lastName: string;
  image: string | null;
}

/** 429 while the terminal waits (decision 025); the message counts seconds or minutes. */
const locked = (wait: number) => {
  const { code, params } = waitMessage(wait);
  return new AppError(code, 429, { ...params, retryAfterSeconds: Math.max(1, Math.ceil(wait / 1000)) });
};

/**
 * Counts the identification's outcome once the look-up is done, after checking the terminal's
 * wait again in the same atomic unit (kioskSettle): parallel attempts that failed in the
 * meantime count, and past the limit the answer is 429 whatever the look-up found. A burst of
 * parallel guesses therefore learns no more than the same guesses one after another (decision
 * 022, "reserve before verifying", for the clock; across app servers, decision 060).
 */
async function settleOrWait(checks: readonly AttemptCheck[], outcome: 'failure' | 'success' | 'none'): Promise<void> {
  const wait = await kioskSettle(checks, outcome);
  if (wait > 0) throw locked(wait);
}

/**
 * The descriptor of the face in a face punch's camera frame, computed by the server with the
 * kiosk's pipeline (describePunchFrame, issue 34.4). No frame, or one that does not decode: 422
 * on `photo` (not a failed identification: no face was judged). The pipeline
 * unavailable (a file missing, a timeout): 503 telling the worker to use the
 * PIN — never a fallback to the browser's numbers. No face or several: 422 on `photo`, counted as
 * a failed identification. A frame whose descriptor repeats one of the last face punches' (the
 * same picture sent again under a new nonce): 401 `punch.framesReplayed` (decision 043).
 */
async function serverFrameDescriptor(frame: string | undefined, address: string, terminalId: number | null): Promise<number[]> {
  if (frame === undefined) throw new AppError(PUNCH_MESSAGES.faceFrameRequired, 422, {}, { photo: PUNCH_MESSAGES.faceFrameRequired });
  const face = await describePunchFrame(punchFrameBytes(frame));
  if (face.kind === 'unreadable') throw new AppError('validation.invalidInput', 422, {}, { photo: 'validation.invalidInput' });
  if (face.kind === 'unavailable') throw new AppError(PUNCH_MESSAGES.faceCheckUnavailable, 503);
  if (face.kind !== 'one') {
    await settleOrWait([{ address, kind: 'face' }], 'failure');
    const key = face.kind === 'none' ? PUNCH_MESSAGES.snapshotNoFace : PUNCH_MESSAGES.snapshotManyFaces;
    throw new AppError(key, 422, {}, { photo: key });
  }
  const fresh = await rememberFreshServerFrame(terminalId ?? 0, face.descriptor, nowMs(), (recent) => judgeFrames([face.descriptor], recent));
  if (!fresh.ok) throw new AppError(PUNCH_MESSAGES.framesReplayed, 401, { reason: fresh.reason });
  return face.descriptor;
}

/**
 * The employee a PIN, RFID card or face names. A PIN is found by its HMAC key, never compared in
 * plain text. A face is the nearest enrolled person within the `faceThreshold` setting and at
 * least `faceMargin` nearer than the next person (face-match.ts), for the descriptor the server
 * computes from the punch's camera frame (serverFrameDescriptor); the browser never names anyone. Refusals: 403 when the card or face clock is off; 429 while the
 * terminal waits after failed identifications (kiosk-attempts.ts: faces and PINs/badges counted
 * apart, a repeated wrong value by itself); 401 for an unknown PIN, card or face (a failure);
 * 403 for an archived employee (not a failure: the value is real). An identification ends the
 * terminal's backoff. Nothing is read from the database while the terminal waits.
 */
export async function identifyPunchEmployee(
  db: Db,
  identity: PunchIdentity,
  address: string,
  settings: Pick<Settings, 'rfidClock' | 'faceRecognition' | 'faceThreshold' | 'faceMargin'>,
  /** A paired terminal's company (decision 042): it identifies only that company's employees; null = any. */
  companyId: number | null = null,
  /** From an unpaired browser: PINs and badges also count under the installation-wide record (UNPAIRED_RULE). */
  unpaired = false,
  /** The paired terminal of a face punch: its frame's descriptor is remembered against replays (decision 043). */
  terminalId: number | null = null,
): Promise<PunchEmployee> {
  if (identity.kind === 'face') {
    if (!settings.faceRecognition) throw new AppError(PUNCH_MESSAGES.faceClockUnavailable, 403);
    const wait = await kioskWaitMs([{ address, kind: 'face' }]);
    if (wait > 0) throw locked(wait);
    // The server's own descriptor of the frame (issue 34.4); the browser's numbers name nobody.
    const probe = await serverFrameDescriptor(identity.frame, address, terminalId);
    const match = matchFaceFrames(await faceGallery(db), [probe], { threshold: settings.faceThreshold, margin: settings.faceMargin });
    // A face of another company's employee is, at this terminal, nobody's (and counts as a failure).
    const row = match.kind === 'none' ? undefined : await findPunchEmployee(db, match.personId);
    const unknown = match.kind === 'none' || !row || (companyId !== null && row.companyId !== companyId);
    await settleOrWait([{ address, kind: 'face' }], unknown ? 'failure' : row.status === 'active' ? 'success' : 'none');
    if (unknown) {
      throw new AppError(FACE_MESSAGES.faceNotRecognized, 401, { reason: match.kind === 'none' ? match.reason : 'otherCompany' });
    }
    if (row.status !== 'active') throw new AppError(PUNCH_MESSAGES.employeeArchived, 403);
    return { id: row.id, firstName: row.firstName, lastName: row.lastName, image: row.image };
  }
  if (identity.kind === 'card' && !settings.rfidClock) throw new AppError(PUNCH_MESSAGES.cardClockOff, 403);
  // Looked up by the PIN's HMAC key or the badge; the value tried is counted by the same key.
  const lookup = identity.kind === 'pin' ? { column: 'pinKey' as const, value: pinKey(identity.pin) } : { column: 'rfidCard' as const, value: identity.card };
  const guess = `${lookup.column} ${lookup.value}`;
  // From an unpaired browser the value also counts under the installation-wide record.
  const checks: AttemptCheck[] = [{ address, kind: 'secret', guess }, ...(unpaired ? [{ address: UNPAIRED_ADDRESS, kind: 'unpaired' as const, guess }] : [])];
  const wait = await kioskWaitMs(checks);
  if (wait > 0) throw locked(wait);

  const rows = lookup.column === 'pinKey' ? await findEmployeesByPinKey(db, lookup.value, companyId) : await findEmployeesByRfid(db, lookup.value, companyId);
  const active = rows.filter((r) => r.status === 'active');
  // One active match identifies; the same PIN in two companies identifies nobody (at an unpaired browser).
  const archived = active.length === 0 && rows.length > 0;
  const outcome = active.length === 1 ? 'success' : archived ? 'none' : 'failure';
  await settleOrWait(checks, outcome);
  if (active.length === 1) {
    const { id, firstName, lastName, image } = active[0]!;
    return { id, firstName, lastName, image };
  }
  if (archived) throw new AppError(PUNCH_MESSAGES.employeeArchived, 403);
  throw new AppError(identity.kind === 'pin' ? PUNCH_MESSAGES.unknownPin : PUNCH_MESSAGES.unknownCard, 401);
}
