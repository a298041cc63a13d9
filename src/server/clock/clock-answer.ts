import { ClockRequestSchema, punchIdentity } from '../../domain/clock/clock-request.ts';
import { PUNCH_MESSAGES } from '../../domain/clock/punch-messages.ts';
import type { Language } from '../../i18n/languages.ts';
import { translate } from '../../i18n/translate.ts';
import { getDb } from '../db/connection.ts';
import { log } from '../log.ts';
import { AppError } from '../http/app-error.ts';
import { asAppError, errorBody, JSON_HEADERS, parseInput } from '../http/json.ts';
import { addressBehind } from '../http/terminal-address.ts';
import { assertClockAllowedFrom } from '../services/punch/clock-access.ts';
import { getSettings } from '../services/get-settings.ts';
import { PunchRefusal, recordPunch } from '../services/punch/record-punch.ts';
import { redeemFaceChallenge } from '../services/punch/redeem-face-challenge.ts';
import { resolveTerminal, terminalOfPunch } from '../services/terminals/resolve-terminal.ts';
import { recordUnpairedFaceRefusal } from '../services/terminals/unpaired-face-kiosks.ts';
import { punchMethod, terminalRefusal } from '../../domain/terminals/terminal-rules.ts';
import { sendsToPersonalClock } from '../../domain/terminals/clock-page-mode.ts';
import { PERSONAL_CLOCK_MESSAGES } from '../../domain/clock/personal-clock.ts';
import type { AnswerOf } from '../../domain/api/contract.ts';
import type { ApiContracts } from '../../domain/api/contracts/index.ts';

/** A credential that names no active terminal is 401 (the device must pair again); the rest 403. */
const TERMINAL_REFUSAL_STATUS: Record<string, number> = { 'terminal.unknown': 401, 'terminal.revoked': 401 };

/** What `POST /api/clock` needs of its request, whichever way it arrived. */
export interface ClockCall {
  /** The connection's own address (Astro's `clientAddress`). */
  peerAddress: string;
  forwardedFor: string | null;
  /** The API language (middleware's `apiLanguage`). */
  lang: Language;
  /** The terminal credential (cookie `jornada_terminal` or header `X-Terminal-Token`), if any. */
  terminalCredential: string | null;
  /** Reads the JSON body within MAX_JSON_BYTES (415/413/400/422 as AppError, json-body.ts). */
  readBody: () => Promise<unknown>;
  /** The account type of the request's session, if any (the fast path answers only requests without one). */
  accountType?: string | undefined;
  /** The User-Agent header: with the address, which kiosk a refused unpaired face punch came from (decision 079). */
  userAgent?: string | undefined;
}

export interface ClockAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const answer = (status: number, body: unknown, headers: Record<string, string> = {}): ClockAnswer => ({
  status,
  headers: { ...JSON_HEADERS, ...headers },
  body: JSON.stringify(body),
});

/**
 * The one implementation of `POST /api/clock`, used by the Astro route (src/pages/api/clock.ts)
 * and by the fast path in serve.ts (decision 017). Never throws: every outcome is an answer.
 *
 * Public: {action, pin? | descriptor? | card?} (exactly one; `descriptor` may be up to three
 * frames of one face; `photo` an optional snapshot with a face) -> 200 {message, employee: {_id,
 * full_name, image}, time} where `image` is a small data URL of the employee's photo or null.
 * 403 outside the IP restriction; 403 `personalClock.useYourPersonalClock` for a signed-in Employee
 * account at a device that is not a paired terminal (decision 067); the device (decision 042): 401 `terminal.unknown`/`terminal.revoked`
 * for a credential that names no active terminal, 403 `terminal.pairingRequired` for a face punch
 * (or, without the `unpairedClock` setting, any punch) from an unpaired browser, 403
 * `terminal.methodNotAllowed` for a method the terminal was not given; a face punch must carry
 * `challenge`, a nonce of POST /api/clock/challenge for this terminal (401 `punch.challengeInvalid`),
 * and frames not identical to each other or to the terminal's last face punches (401
 * `punch.framesReplayed`; decision 043); a kept snapshot without exactly one face is 422; a refused punch 409 {message, code, employee: {first_name}}
 * (nothing written, so nothing more: decision 025); other refusals 4xx {message, code} with the
 * spec's clock messages in the request's language; 429 {message, code, retryAfter} with the same
 * seconds in Retry-After while the terminal waits after failed identifications (the kiosk counts
 * them down). The limits are checked before the identifier is looked up or the snapshot decoded.
 */
export async function clockAnswer(call: ClockCall): Promise<ClockAnswer> {
  const lang = call.lang;
  try {
    const db = await getDb();
    const settings = await getSettings(db);
    const address = addressBehind(call.peerAddress, call.forwardedFor, settings);
    await assertClockAllowedFrom(db, address);
    const input = parseInput(ClockRequestSchema, await call.readBody());
    const identity = punchIdentity(input);
    if (!identity) throw new AppError(PUNCH_MESSAGES.oneIdentifier, 422);
    const resolved = await resolveTerminal(db, call.terminalCredential);
    // A worker's own session punches at their personal clock, never a colleague's PIN (decision 067).
    if (sendsToPersonalClock(call.accountType, resolved.kind)) throw new AppError(PERSONAL_CLOCK_MESSAGES.useYourPersonalClock, 403);
    const refusal = terminalRefusal(terminalOfPunch(resolved), punchMethod(identity), settings.unpairedClock);
    if (refusal) {
      // An unpaired kiosk that still sends faces (an upgraded shop's): counted for the dashboard (decision 079).
      if (refusal === 'terminal.pairingRequired' && identity.kind === 'face' && resolved.kind === 'none' && settings.faceRecognition) {
        // The answer stays the 403 even when the count cannot be written (a full disk).
        await recordUnpairedFaceRefusal(db, address, call.userAgent).catch((error: unknown) => log.warn({ err: error }, 'unpaired face refusal not recorded'));
      }
      throw new AppError(refusal, TERMINAL_REFUSAL_STATUS[refusal] ?? 403);
    }
    const terminal = resolved.kind === 'valid' ? resolved.terminal : null;
    // Replay defence (decision 043): the terminal's nonce and fresh frames, before limits and matching.
    if (identity.kind === 'face' && terminal && settings.faceRecognition) await redeemFaceChallenge(terminal, input.challenge, identity.descriptors);
    // The success body is the contract's (decision 095): the fast path answers outside Astro's `answer()`.
    const punched: AnswerOf<ApiContracts['POST /api/clock']> = await recordPunch(db, { action: input.action, identity, address, terminal, lang, photo: input.photo });
    return answer(200, punched);
  } catch (error) {
    if (error instanceof PunchRefusal) {
      return answer(409, { message: translate(lang, error.code, error.params), code: error.code, employee: error.employee });
    }
    const refusal = asAppError(error);
    if (refusal.status === 429) {
      const seconds = Number(refusal.params['retryAfterSeconds'] ?? 60);
      return answer(429, { ...errorBody(refusal, lang), retryAfter: seconds }, { 'retry-after': String(seconds) });
    }
    return answer(refusal.status, errorBody(refusal, lang));
  }
}
