import argon2 from 'argon2';
import { hashGate } from './hash-gate.ts';
import { deprioritizePoolThreads } from './pool-priority.ts';

/** argon2id with OWASP's parameters (m=19456 KiB, t=2, p=1). */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** The pool's threads exist once a hash has run: from then on they yield to the event loop (pool-priority.ts). */
const yieldingPool = <T>(work: Promise<T>): Promise<T> => work.finally(deprioritizePoolThreads);

/** Hashes through the hash gate: throws AppError 503 (errors.busy) when too many are waiting. */
export function hashPassword(password: string): Promise<string> {
  return hashGate.run(() => yieldingPool(argon2.hash(password, OPTIONS)));
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies a password; with no hash (unknown account) it still spends the same work on a dummy
 * hash so response time does not reveal which emails have accounts. Both go through the hash
 * gate, so a busy server answers 503 alike for known and unknown emails.
 */
export async function verifyPassword(hash: string | undefined, password: string): Promise<boolean> {
  if (!hash) {
    // Made once, outside the gate (a refused gate must not leave a rejected promise here).
    dummyHash ??= yieldingPool(argon2.hash('jornada-dummy-password', OPTIONS));
    const dummy = await dummyHash;
    await hashGate.run(() => argon2.verify(dummy, password).catch(() => false));
    return false;
  }
  return hashGate.run(async () => {
    try {
      return await yieldingPool(argon2.verify(hash, password));
    } catch {
      return false;
    }
  });
}
