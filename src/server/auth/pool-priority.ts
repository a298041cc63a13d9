import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';

/**
 * The password hashes (argon2) run on libuv's thread pool. Under a flood of sign-ins the hash gate
 * keeps two of them running (hash-gate.ts), which on a 2-core machine is every core: the event loop
 * that answers the punches, pages and health checks then gets a third of the CPU. So on Linux the
 * pool's threads run at a lower priority (nice 10): when nothing else wants the CPU a hash runs
 * at full speed, and when the app has work the hashes wait for it (issue 42.5). The rest of the
 * pool's work is file reads and small crypto, which do not notice. Best effort: elsewhere, or
 * without permission, nothing changes.
 */
const NICE = 10;
let done = false;

/** Lowers the priority of the process's libuv pool threads, once they exist (call after the first hash). */
export function deprioritizePoolThreads(): void {
  if (done || process.platform !== 'linux') return;
  done = true;
  try {
    for (const tid of readdirSync('/proc/self/task')) {
      if (readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim() !== 'libuv-worker') continue;
      // On Linux a thread id names that thread alone (the nice value is per thread).
      os.setPriority(Number(tid), NICE);
    }
  } catch {
    // Not permitted or no /proc: the hashes keep the default priority.
  }
}
