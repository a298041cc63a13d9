import { createHmac } from 'node:crypto';
import { instanceConfig } from '../config/instance-config.ts';

/**
 * The lookup key of a PIN: HMAC-SHA256 with the instance pepper, hex. Stored instead of the PIN,
 * unique per company, so a PIN finds its employee with one indexed lookup.
 */
export function pinKey(pin: string): string {
  return createHmac('sha256', instanceConfig().pinPepper).update(pin).digest('hex');
}
