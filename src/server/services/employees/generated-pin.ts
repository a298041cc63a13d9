import { randomInt } from 'node:crypto';
import { pinKey } from '../../auth/pin-key.ts';
import type { Db } from '../../db/connection.ts';
import { pinKeyInUse } from '../../db/repositories/employees.ts';
import { AppError } from '../../http/app-error.ts';

/** Digits of a PIN the server chooses (DESIGN: 6-10); 8 once 6-digit ones keep colliding. */
export const GENERATED_PIN_LENGTH = 6;
/** What a body carries in place of its `pin` when it sets `generatePin: true` (replaced before use). */
export const PIN_PLACEHOLDER = '000000';

/**
 * Whether a create/update body asks the server to choose the PIN: `generatePin: true`. Then any
 * `pin` it also carries is ignored. 422 when `generatePin` is there but not a boolean.
 */
export function asksForGeneratedPin(input: unknown): boolean {
  if (typeof input !== 'object' || input === null || !('generatePin' in input)) return false;
  const value = (input as { generatePin: unknown }).generatePin;
  if (typeof value !== 'boolean') throw new AppError('validation.invalidInput', 422, {}, { generatePin: 'validation.invalidInput' });
  return value;
}

/** The body with the placeholder PIN, so the schema accepts it; the real one comes from `freePin`. */
export function withPlaceholderPin(input: unknown): unknown {
  return { ...(input as Record<string, unknown>), pin: PIN_PLACEHOLDER };
}

/** 111111, 123456, 987654: the PINs people guess first. */
function guessable(pin: string): boolean {
  const steps = new Set([...pin].slice(1).map((d, i) => (Number(d) - Number(pin[i]) + 10) % 10));
  return steps.size === 1 && (steps.has(0) || steps.has(1) || steps.has(9));
}

/**
 * A random PIN no employee of the company uses (crypto-random, never a guessable run). Call
 * inside the transaction that stores it. The generated PIN is never a conflict the account could
 * learn from, so it is not counted as one.
 */
export async function freePin(db: Db, companyId: number): Promise<string> {
  for (let attempt = 0; attempt < 40; attempt++) {
    const length = attempt < 20 ? GENERATED_PIN_LENGTH : 8;
    const pin = String(randomInt(0, 10 ** length)).padStart(length, '0');
    if (guessable(pin)) continue;
    if (!(await pinKeyInUse(db, companyId, pinKey(pin)))) return pin;
  }
  throw new AppError('errors.somethingWentWrong', 500);
}
