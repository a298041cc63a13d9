import { readdirSync, readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../src/server/auth/passwords.ts';

/** The nice value of each of this process's libuv pool threads (field 19 of /proc/…/stat). */
function poolNiceValues(): number[] {
  return readdirSync('/proc/self/task')
    .filter((tid) => readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim() === 'libuv-worker')
    .map((tid) => Number(readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]));
}

it.runIf(process.platform === 'linux')('after a password hash the pool threads that run argon2 yield to the event loop (nice 10, issue 42.5)', async () => {
  const hash = await hashPassword('Una contraseña larga 2026');
  expect(await verifyPassword(hash, 'Una contraseña larga 2026')).toBe(true);
  const nice = poolNiceValues();
  expect(nice.length).toBeGreaterThan(0);
  expect(new Set(nice)).toEqual(new Set([10]));
});
