import * as v from 'valibot';
import { isValidDescriptor } from '../employees/face-descriptor.ts';
import { PIN_PATTERN } from '../employees/employee-schema.ts';
import { CLOCK_ACTIONS } from './clock-engine.ts';
import { PUNCH_MESSAGES } from './punch-messages.ts';

/**
 * The body of `POST /api/clock`: an action and exactly one way to identify the employee (a PIN,
 * a face descriptor computed in the browser, or an RFID card number). Messages are i18n keys.
 */
export const ClockRequestSchema = v.object({
  action: v.picklist(CLOCK_ACTIONS, PUNCH_MESSAGES.invalidAction),
  pin: v.optional(v.pipe(v.string('employees.pinFormat'), v.trim(), v.regex(PIN_PATTERN, 'employees.pinFormat'))),
  descriptor: v.optional(v.custom<number[]>(isValidDescriptor, 'validation.invalidInput')),
  card: v.optional(v.pipe(v.string(PUNCH_MESSAGES.invalidCard), v.trim(), v.regex(/^[\x21-\x7e]{1,64}$/, PUNCH_MESSAGES.invalidCard))),
});
export type ClockRequest = v.InferOutput<typeof ClockRequestSchema>;

export type PunchIdentity = { kind: 'pin'; pin: string } | { kind: 'card'; card: string } | { kind: 'face'; descriptor: number[] };

/** The one identifier of the request; undefined when it carries none or several. */
export function punchIdentity(request: ClockRequest): PunchIdentity | undefined {
  const given: PunchIdentity[] = [];
  if (request.pin !== undefined) given.push({ kind: 'pin', pin: request.pin });
  if (request.card !== undefined) given.push({ kind: 'card', card: request.card });
  if (request.descriptor !== undefined) given.push({ kind: 'face', descriptor: request.descriptor });
  return given.length === 1 ? given[0] : undefined;
}
