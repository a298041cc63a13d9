import { judgeFrames } from '#domain/clock/challenge-frames.ts';
import { PUNCH_MESSAGES } from '#domain/clock/punch-messages.ts';
import { redeemChallenge, rememberFreshFaceFrames } from '../../clock/challenge-book.ts';
import { nowMs } from '../../clock/now.ts';
import { AppError } from '../../http/app-error.ts';
import { log } from '../../log.ts';

/**
 * The replay checks of a face punch from a paired terminal (decision 043), before its limits and
 * its identification: the nonce it carries must be one the server issued to THIS terminal less
 * than a minute ago and not used (401 punch.challengeInvalid: missing, unknown, used, expired or
 * another terminal's — one answer for all); its frames must differ from each other and from the
 * frames of the last face punches of every terminal (401 punch.framesReplayed: frames taken at
 * one terminal and sent through another are refused too). The nonce is spent by
 * the attempt whatever follows; the frames are remembered once they pass.
 */
export async function redeemFaceChallenge(terminal: { id: number }, challenge: string | undefined, frames: number[][]): Promise<void> {
  const verdict = await redeemChallenge(challenge, terminal.id, nowMs());
  if (!verdict.ok) {
    log.warn({ terminal: terminal.id, reason: verdict.reason }, 'Face punch refused: challenge not valid');
    throw new AppError(PUNCH_MESSAGES.challengeInvalid, 401, { reason: verdict.reason });
  }
  const fresh = await rememberFreshFaceFrames(terminal.id, frames, nowMs(), (recent) => judgeFrames(frames, recent));
  if (!fresh.ok) {
    log.warn({ terminal: terminal.id, reason: fresh.reason }, 'Face punch refused: repeated frames');
    throw new AppError(PUNCH_MESSAGES.framesReplayed, 401, { reason: fresh.reason });
  }
}
