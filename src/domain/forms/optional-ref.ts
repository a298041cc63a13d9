import * as v from 'valibot';

/**
 * An optional reference from a select: empty, missing or null means none (output `null`);
 * otherwise a positive integer id, also accepted as a numeric string.
 */
export const optionalRef = (message = 'validation.invalidInput') =>
  v.pipe(
    v.optional(v.unknown(), null),
    v.transform((x) => (x === '' || x === undefined ? null : x)),
    v.nullable(v.pipe(v.union([v.number(message), v.pipe(v.string(message), v.transform(Number))], message), v.number(message), v.integer(message), v.minValue(1, message))),
  );
