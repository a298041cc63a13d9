// glibc malloc raises its mmap threshold to the size of the largest block it has freed (up to
// 32 MB). After the first argon2 hash (19 MiB, architecture.md's OWASP parameters) every later hash's
// block comes from the arena of the libuv thread that ran it and stays resident: each sign-in on
// a new thread pool thread kept ~19 MB, 60-80 MB in all, breaking the idle RSS budget (decision
// 017). A fixed threshold (set before the process starts, so in the environment) turns the
// dynamic raise off: large blocks are mapped and given back when freed.
export const MALLOC_ENV = { MALLOC_MMAP_THRESHOLD_: String(1024 * 1024) };

/**
 * On Linux, re-executes this process in place (same pid, stdio and arguments) with the fixed
 * threshold unless it is already set; a no-op elsewhere, when the variable is set (also by an
 * operator who wants another value) or on a Node without `process.execve`.
 */
export function reexecWithMallocTuning() {
  if (process.platform !== 'linux' || typeof process.execve !== 'function') return;
  if (Object.keys(MALLOC_ENV).some((name) => process.env[name] !== undefined)) return;
  process.execve(process.execPath, [process.execPath, ...process.execArgv, ...process.argv.slice(1)], { ...process.env, ...MALLOC_ENV });
}
