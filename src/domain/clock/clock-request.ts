import * as v from 'valibot';
import { isValidDescriptor } from '../employees/face-descriptor.ts';
import { PIN_PATTERN } from '../employees/employee-schema.ts';
import { CLOCK_ACTIONS } from './clock-engine.ts';
import { PUNCH_MESSAGES } from './punch-messages.ts';
import { MAX_PUNCH_PHOTO_CHARS } from './punch-photo-limits.ts';

/** Frames of one face a request may carry (the kiosk sends two that must agree). */
export const MAX_FACE_FRAMES = 3;

const descriptor = v.custom<number[]>(isValidDescriptor, 'validation.invalidInput');

/**
 * The body of `POST /api/clock`: an action and exactly one way to identify the employee (a PIN,
 * a face descriptor computed in the browser — or up to three frames of the same face, which must
 * all name the same person — or an RFID card number). With a face, `photo` carries the camera
 * frame whose descriptor the server computes and matches (issue 34.4; a 320 px copy is kept with
 * the punch when the `punchPhoto` setting is on), and `challenge` the nonce the terminal was
 * issued for it. Messages are i18n keys.
 */
export const ClockRequestSchema = v.object({
  action: v.picklist(CLOCK_ACTIONS, PUNCH_MESSAGES.invalidAction),
  pin: v.optional(v.pipe(v.string('employees.pinFormat'), v.trim(), v.regex(PIN_PATTERN, 'employees.pinFormat'))),
  descriptor: v.optional(v.union([descriptor, v.pipe(v.array(descriptor), v.minLength(1), v.maxLength(MAX_FACE_FRAMES))], 'validation.invalidInput')),
  card: v.optional(v.pipe(v.string(PUNCH_MESSAGES.invalidCard), v.trim(), v.regex(/^[\x21-\x7e]{1,64}$/, PUNCH_MESSAGES.invalidCard))),
  photo: v.optional(v.pipe(v.string('validation.invalidInput'), v.maxLength(MAX_PUNCH_PHOTO_CHARS, 'validation.invalidInput'))),
  /** The nonce of POST /api/clock/challenge a face punch carries (decision 043); a malformed one is simply not valid (401). */
  challenge: v.optional(v.pipe(v.string('validation.invalidInput'), v.maxLength(64, 'validation.invalidInput'))),
});
export type ClockRequest = v.InferOutput<typeof ClockRequestSchema>;

/**
 * A face identity: the descriptors the browser computed (checked for replay, never trusted to name
 * anyone) and the camera frame (`photo`) whose descriptor the server computes and matches (issue 34.4).
 */
export type PunchIdentity = { kind: 'pin'; pin: string } | { kind: 'card'; card: string } | { kind: 'face'; descriptors: number[][]; frame?: string | undefined };

const isFrameList = (value: number[] | number[][]): value is number[][] => Array.isArray(value[0]);

/** The one identifier of the request; undefined when it carries none or several. */
export function punchIdentity(request: ClockRequest): PunchIdentity | undefined {
  const given: PunchIdentity[] = [];
  if (request.pin !== undefined) given.push({ kind: 'pin', pin: request.pin });
  if (request.card !== undefined) given.push({ kind: 'card', card: request.card });
  if (request.descriptor !== undefined) {
    given.push({ kind: 'face', descriptors: isFrameList(request.descriptor) ? request.descriptor : [request.descriptor], frame: request.photo });
  }
  return given.length === 1 ? given[0] : undefined;
}
