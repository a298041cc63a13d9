import { PUNCH_MESSAGES } from '#domain/clock/punch-messages.ts';
import { checkSnapshotFaces, type SnapshotFaceCheck } from '../../faces/snapshot-face-worker.ts';
import { AppError } from '../../http/app-error.ts';

/**
 * A punch snapshot about to be kept must show exactly one face (decision 043): none or several
 * -> 422 on the `photo` field, before anything is written. When the server's detector cannot
 * answer, the punch goes on with its snapshot unchecked (logged by the worker's host): the
 * server's own trouble never costs an employee a punch. `bytes` are preparePunchPhoto's JPEG.
 */
export async function checkPunchSnapshot(bytes: Buffer): Promise<SnapshotFaceCheck> {
  const check = await checkSnapshotFaces(bytes);
  if (check.kind === 'none') throw new AppError(PUNCH_MESSAGES.snapshotNoFace, 422, {}, { photo: PUNCH_MESSAGES.snapshotNoFace });
  if (check.kind === 'many') throw new AppError(PUNCH_MESSAGES.snapshotManyFaces, 422, {}, { photo: PUNCH_MESSAGES.snapshotManyFaces });
  return check;
}
