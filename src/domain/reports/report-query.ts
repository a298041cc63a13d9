/**
 * Report filters from a URL query. A report URL never fails: a value that does not parse is
 * ignored (as if not given), like every list URL of the app.
 */

/** A positive integer id, else undefined. */
export function positiveId(value: string | null | undefined): number | undefined {
  if (!value || !/^\d{1,15}$/.test(value)) return undefined;
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

/** The value when it is one of the allowed ones, else undefined. */
export function oneOf<T extends string>(value: string | null | undefined, allowed: readonly T[]): T | undefined {
  return allowed.includes(value as T) ? (value as T) : undefined;
}

/** A month number 1-12, else undefined. */
export function monthNumber(value: string | null | undefined): number | undefined {
  const n = positiveId(value);
  return n !== undefined && n <= 12 ? n : undefined;
}
