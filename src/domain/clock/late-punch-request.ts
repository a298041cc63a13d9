import * as v from 'valibot';
import { PIN_PATTERN } from '../employees/employee-schema.ts';
import { CLOCK_ACTIONS } from './clock-engine.ts';
import { LATE_PUNCH_BATCH_MAX } from './late-punch.ts';
import { PUNCH_MESSAGES } from './punch-messages.ts';

/** An ISO 8601 instant with a zone (`Z` or an offset), as `Date.toISOString()` writes it. */
export const instant = v.pipe(
  v.string('validation.invalidInput'),
  v.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?(Z|[+-]\d{2}:\d{2})$/, 'validation.invalidInput'),
  v.check((s) => !Number.isNaN(Date.parse(s)), 'validation.invalidInput'),
);

/** A device's sequence number: 1 to 2^31. */
export const offlineSeq = v.pipe(v.number('validation.invalidInput'), v.integer('validation.invalidInput'), v.minValue(1, 'validation.invalidInput'), v.maxValue(2 ** 31, 'validation.invalidInput'));

const latePunch = v.pipe(
  v.object({
    seq: offlineSeq,
    at: instant,
    action: v.picklist(CLOCK_ACTIONS, PUNCH_MESSAGES.invalidAction),
    pin: v.optional(v.pipe(v.string('employees.pinFormat'), v.trim(), v.regex(PIN_PATTERN, 'employees.pinFormat'))),
    card: v.optional(v.pipe(v.string(PUNCH_MESSAGES.invalidCard), v.trim(), v.regex(/^[\x21-\x7e]{1,64}$/, PUNCH_MESSAGES.invalidCard))),
  }),
  // Exactly one identifier: a face is never queued (decision 046).
  v.check((p) => (p.pin === undefined) !== (p.card === undefined), PUNCH_MESSAGES.oneIdentifier),
);

/**
 * The body of `POST /api/clock/offline` (decision 046): the punches a paired terminal kept while the
 * server could not be reached, each with its sequence number, the device's time and one PIN or
 * badge, plus `sentAt`, the device's clock when it sent them (the server measures the device's
 * clock error from it). Sequence numbers must be strictly increasing within a batch. An empty
 * list is allowed: the answer's `lastSeq` lets a terminal catch its numbering up.
 */
export const LatePunchBatchSchema = v.pipe(
  v.object({
    sentAt: instant,
    punches: v.pipe(v.array(latePunch, 'validation.invalidInput'), v.maxLength(LATE_PUNCH_BATCH_MAX, 'validation.invalidInput')),
  }),
  v.check((b) => b.punches.every((p, i) => i === 0 || p.seq > b.punches[i - 1]!.seq), 'validation.punchOrder'),
);
export type LatePunchBatch = v.InferOutput<typeof LatePunchBatchSchema>;
export type LatePunch = LatePunchBatch['punches'][number];

/** The random id a worker's browser gives its personal offline queue (decision 071). */
export const PERSONAL_DEVICE_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

/**
 * The body of `POST /api/personal/clock/offline` (decision 071): the punches the personal clock
 * kept on the worker's device while the network was down. No PIN, no employee: the employee is
 * the session's. `device` is the queue's own random id (the sequence is per account and device);
 * each punch has its number, the device's time, the action and the work mode the worker chose.
 */
export const PersonalLatePunchBatchSchema = v.pipe(
  v.object({
    device: v.pipe(v.string('validation.invalidInput'), v.regex(PERSONAL_DEVICE_PATTERN, 'validation.invalidInput')),
    sentAt: instant,
    punches: v.pipe(
      v.array(
        v.object({
          seq: offlineSeq,
          at: instant,
          action: v.picklist(CLOCK_ACTIONS, PUNCH_MESSAGES.invalidAction),
          workMode: v.picklist(['on-site', 'remote'] as const, 'validation.invalidInput'),
        }),
        'validation.invalidInput',
      ),
      v.maxLength(LATE_PUNCH_BATCH_MAX, 'validation.invalidInput'),
    ),
  }),
  v.check((b) => b.punches.every((p, i) => i === 0 || p.seq > b.punches[i - 1]!.seq), 'validation.punchOrder'),
);
export type PersonalLatePunchBatch = v.InferOutput<typeof PersonalLatePunchBatchSchema>;
export type PersonalLatePunch = PersonalLatePunchBatch['punches'][number];
