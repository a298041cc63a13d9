import { readFileSync } from 'node:fs';

/**
 * The current instant for business rules (the clock, its double-tap window and rate limit).
 * Only under tests (`JORNADA_TEST=1`) may it be faked: `JORNADA_FAKE_NOW` fixes it to an ISO
 * instant; `JORNADA_FAKE_NOW_FILE` names a file holding one, read on every call so a test can move
 * time. Anywhere else both variables are ignored and this is `Date.now()`.
 */
export function nowMs(): number {
  if (process.env['JORNADA_TEST'] !== '1') return Date.now();
  const file = process.env['JORNADA_FAKE_NOW_FILE'];
  const text = file ? readFileSync(file, 'utf8').trim() : process.env['JORNADA_FAKE_NOW'];
  if (!text) return Date.now();
  const ms = Date.parse(text);
  if (Number.isNaN(ms)) throw new Error(`Fake now "${text}" is not an ISO instant`);
  return ms;
}

export function nowIso(): string {
  return new Date(nowMs()).toISOString();
}
