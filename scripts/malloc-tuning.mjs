// glibc malloc raises its mmap threshold to the size of the largest block it has freed (up to
// 32 MB). After the first argon2 hash (19 MiB, architecture.md's OWASP parameters) every later hash's
// block comes from the arena of the libuv thread that ran it and stays resident: each sign-in on
// a new thread pool thread kept ~19 MB, 60-80 MB in all, breaking the idle RSS budget (decision
// 017). A fixed threshold (set before the process starts, so in the environment) turns the
// dynamic raise off: large blocks are mapped and given back when freed.
//
// UV_THREADPOOL_SIZE (decision 022): argon2 runs on libuv's thread pool, which file reads (static
// files), the session code's Web Crypto and zlib also need. The hash gate lets at most two hashes
// run at once (src/server/auth/hash-gate.ts); six threads keep the default four free for the rest
// whatever a sign-in flood does. libuv reads it when the pool starts, so it too must be in the
// environment before the process starts.
export const MALLOC_ENV = { MALLOC_MMAP_THRESHOLD_: String(1024 * 1024), UV_THREADPOOL_SIZE: '6' };

/** The variables of MALLOC_ENV the environment does not set yet (an operator's own values are kept). */
export function missingTuning(env = process.env) {
  return Object.fromEntries(Object.entries(MALLOC_ENV).filter(([name]) => env[name] === undefined));
}

/**
 * On Linux, re-executes this process in place (same pid, stdio and arguments) with the variables
 * of MALLOC_ENV that are not set yet; a no-op elsewhere, when all are set (also by an operator
 * who wants other values) or on a Node without `process.execve`.
 */
export function reexecWithMallocTuning() {
  if (process.platform !== 'linux' || typeof process.execve !== 'function') return;
  const missing = missingTuning();
  if (Object.keys(missing).length === 0) return;
  process.execve(process.execPath, [process.execPath, ...process.execArgv, ...process.argv.slice(1)], { ...process.env, ...missing });
}
