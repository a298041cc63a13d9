import { generate, generateSecret } from 'otplib';
import { describe, expect, it } from 'vitest';
import { matchTotp } from '../../src/server/services/two-factor/totp.ts';

/** TOTP matching (decision 090): ±1 step of 30 s around the server's clock, and only steps later than the last one used. */
const secret = generateSecret();
const T = Date.UTC(2026, 10, 29, 9, 0, 15); // 15 s into a step
const step = Math.floor(T / 30_000);
const codeAt = (ms: number) => generate({ secret, epoch: Math.floor(ms / 1000) });

describe('matchTotp', () => {
  it('accepts the current step and one either side, and answers the step matched', async () => {
    expect(await matchTotp(secret, await codeAt(T), T, null)).toBe(step);
    expect(await matchTotp(secret, await codeAt(T - 30_000), T, null)).toBe(step - 1);
    expect(await matchTotp(secret, await codeAt(T + 30_000), T, null)).toBe(step + 1);
  });

  it('refuses two steps away either side', async () => {
    expect(await matchTotp(secret, await codeAt(T - 60_000), T, null)).toBeNull();
    expect(await matchTotp(secret, await codeAt(T + 60_000), T, null)).toBeNull();
  });

  it('refuses a step not later than the last one used (a code works once)', async () => {
    expect(await matchTotp(secret, await codeAt(T), T, step)).toBeNull();
    expect(await matchTotp(secret, await codeAt(T - 30_000), T, step - 1)).toBeNull();
    expect(await matchTotp(secret, await codeAt(T + 30_000), T, step)).toBe(step + 1);
  });

  it('reads spaces, refuses malformed codes and another secret without throwing', async () => {
    const code = await codeAt(T);
    expect(await matchTotp(secret, `${code.slice(0, 3)} ${code.slice(3)}`, T, null)).toBe(step);
    for (const bad of ['', '12345', '1234567', 'abcdef', '12 34 5']) expect(await matchTotp(secret, bad, T, null)).toBeNull();
    expect(await matchTotp(generateSecret(), code, T, null)).toBeNull();
    expect(await matchTotp('not base32!', code, T, null)).toBeNull();
  });
});
