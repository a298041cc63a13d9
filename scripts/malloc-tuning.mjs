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
//
// MALLOC_ARENA_MAX=2: glibc gives each thread that allocates (libuv's pool, V8's helpers) an arena
// of its own, each keeping its freed pages: two arenas saved ~7 MB of an idle server (decision 017).
//
// --max-semi-space-size=8 (in NODE_OPTIONS, appended to an operator's own): on a machine with much
// memory Node 24 grows V8's young generation to 2 × 32 MB, most of it resident once a report page
// has run; 2 × 8 MB saved ~15 MB of an idle server for ~5 % of the punch rate (decision 017).
export const MALLOC_ENV = { MALLOC_MMAP_THRESHOLD_: String(1024 * 1024), MALLOC_ARENA_MAX: '2', UV_THREADPOOL_SIZE: '6' };
export const SEMI_SPACE_OPTION = '--max-semi-space-size=8';

/**
 * The variables of MALLOC_ENV the environment does not set yet (an operator's own values are kept),
 * and NODE_OPTIONS with SEMI_SPACE_OPTION when it names no semi-space size yet.
 */
export function missingTuning(env = process.env) {
  const missing = Object.fromEntries(Object.entries(MALLOC_ENV).filter(([name]) => env[name] === undefined));
  if (!(env.NODE_OPTIONS ?? '').includes('--max-semi-space-size')) missing.NODE_OPTIONS = [env.NODE_OPTIONS, SEMI_SPACE_OPTION].filter(Boolean).join(' ');
  return missing;
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
