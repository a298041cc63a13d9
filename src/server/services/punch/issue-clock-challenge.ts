import { PUNCH_MESSAGES } from '#domain/clock/punch-messages.ts';
import { issueChallenge } from '../../clock/challenge-book.ts';
import { nowMs } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { AppError } from '../../http/app-error.ts';
import { getSettings } from '../get-settings.ts';

/**
 * `POST /api/clock/challenge`: a single-use nonce for the next face punch of this paired terminal
 * (decision 043), valid CHALLENGE_TTL_MS. Only for a terminal allowed face punches, with face
 * recognition on (403 otherwise, as the punch itself would be refused).
 */
export async function issueClockChallenge(db: Db, terminal: { id: number; methods: readonly string[] }): Promise<{ nonce: string; expiresAt: string }> {
  if (!(await getSettings(db)).faceRecognition) throw new AppError(PUNCH_MESSAGES.faceClockUnavailable, 403);
  if (!terminal.methods.includes('face')) throw new AppError('terminal.methodNotAllowed', 403);
  const { nonce, expiresAt } = await issueChallenge(terminal.id, nowMs());
  return { nonce, expiresAt: new Date(expiresAt).toISOString() };
}
