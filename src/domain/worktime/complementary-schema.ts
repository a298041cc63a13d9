import * as v from 'valibot';
import { workDate } from '../attendance/attendance-schema.ts';
import { pactShareLimit, PACT_SHARE_LIMITS } from './complementary-hours.ts';

/**
 * The contracts of the complementary-hours endpoints (decision 081), shared by the forms, the
 * server and the OpenAPI document. Messages are i18n keys (`complementary.*`).
 */

const REQUIRED = 'validation.required';

const flag = v.optional(
  v.pipe(
    v.union([v.boolean(), v.picklist(['0', '1', 'true', 'false', 'on', '']), v.picklist([0, 1])], 'complementary.invalidFlag'),
    v.transform((x) => x === true || x === 1 || x === '1' || x === 'true' || x === 'on'),
  ),
  false,
);

const optionalDate = v.optional(
  v.nullable(
    v.union(
      [
        v.pipe(
          v.literal(''),
          v.transform(() => null),
        ),
        workDate,
      ],
      'validation.invalidDate',
    ),
  ),
  null,
);

const wholeNumber = (message: string) => v.pipe(v.union([v.number(message), v.pipe(v.string(message), v.trim(), v.nonEmpty(REQUIRED), v.transform(Number))], message), v.number(message), v.integer(message));

/** `POST /api/employees/{id}/complementary-pacts`: a pact of the employee. */
export const ComplementaryPactInput = v.pipe(
  v.object({
    signedOn: workDate,
    validFrom: workDate,
    validTo: optionalDate,
    sharePercent: v.pipe(wholeNumber('complementary.invalidShare'), v.minValue(1, 'complementary.invalidShare'), v.maxValue(PACT_SHARE_LIMITS.collective, 'complementary.shareOver60')),
    collectiveAgreement: flag,
  }),
  v.forward(
    v.check((p) => p.sharePercent > PACT_SHARE_LIMITS.collective || p.sharePercent <= pactShareLimit(p.collectiveAgreement), 'complementary.shareOver30'),
    ['sharePercent'],
  ),
  v.forward(
    v.check((p) => p.signedOn <= p.validFrom, 'complementary.signedAfterStart'),
    ['signedOn'],
  ),
  v.forward(
    v.check((p) => p.validTo === null || p.validTo >= p.validFrom, 'complementary.endBeforeStart'),
    ['validTo'],
  ),
);
export type ComplementaryPactInput = v.InferOutput<typeof ComplementaryPactInput>;

/** `POST /api/complementary-offers`: voluntary hours offered to an employee for a date (minutes, 1 min – 12 h). */
export const VoluntaryOfferInput = v.object({
  employee: v.pipe(wholeNumber(REQUIRED), v.minValue(1, REQUIRED)),
  date: workDate,
  minutes: v.pipe(wholeNumber('complementary.invalidMinutes'), v.minValue(1, 'complementary.invalidMinutes'), v.maxValue(12 * 60, 'complementary.invalidMinutes')),
});
export type VoluntaryOfferInput = v.InferOutput<typeof VoluntaryOfferInput>;

/** `POST /api/personal/complementary-offers/{id}`: the worker's answer. */
export const OfferAnswerInput = v.object({
  answer: v.picklist(['accept', 'decline'], 'complementary.invalidAnswer'),
});
export type OfferAnswerInput = v.InferOutput<typeof OfferAnswerInput>;
