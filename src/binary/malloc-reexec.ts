/**
 * The single binary's start-up re-exec with glibc's fixed mmap threshold and the thread pool size,
 * as `npm start` does (scripts/malloc-tuning.mjs, decisions 017 and 022). Node 24's
 * `process.execve` aborts the process (SIGABRT and a native stack) when execve(2) fails, so the
 * binary only tries it where it can work, and otherwise starts untuned with one warning line:
 * never a crash for a memory optimisation.
 */
import fs from 'node:fs';
import { startLog } from '../server/start-log.ts';

/**
 * glibc's fixed mmap threshold: without it every argon2 hash's 19 MiB block stays resident per
 * thread (measured in the binary: 95 MB anonymous memory after six sign-ins, 55 MB with it).
 * UV_THREADPOOL_SIZE: two pool threads for the hash gate's argon2, four left for files and crypto.
 */
export const MALLOC_ENV = { MALLOC_MMAP_THRESHOLD_: String(1024 * 1024), MALLOC_ARENA_MAX: '2', UV_THREADPOOL_SIZE: '6' };
/** V8's young generation at 2 × 8 MB instead of Node 24's 2 × 32 MB on big machines (decision 017), in NODE_OPTIONS. */
export const SEMI_SPACE_OPTION = '--max-semi-space-size=8';

/** MALLOC_ENV's variables `env` lacks, and NODE_OPTIONS with SEMI_SPACE_OPTION when it names no semi-space size (an operator's values are kept). */
export function missingTuning(env: NodeJS.ProcessEnv): Record<string, string> {
  const missing: Record<string, string> = Object.fromEntries(Object.entries(MALLOC_ENV).filter(([name]) => env[name] === undefined));
  if (!(env['NODE_OPTIONS'] ?? '').includes('--max-semi-space-size')) missing['NODE_OPTIONS'] = [env['NODE_OPTIONS'], SEMI_SPACE_OPTION].filter(Boolean).join(' ');
  return missing;
}

/** Node's arch for the kernel's machine name (`/proc/sys/kernel/arch`, which qemu-user passes through). */
const KERNEL_ARCHES: Record<string, string> = { x86_64: 'x64', aarch64: 'arm64' };

export type ReexecPlan = { action: 'none' } | { action: 'skip'; reason: string } | { action: 'exec'; env: Record<string, string> };

export interface ReexecFacts {
  env: NodeJS.ProcessEnv;
  platform: string;
  /** process.arch: the executable's architecture. */
  arch: string;
  hasExecve: boolean;
  /** Contents of /proc/sys/kernel/arch, or null when it cannot be read. */
  kernelArch: string | null;
  /** Whether this executable's file can be executed again (access X_OK). */
  executable: boolean;
}

/** What the start-up does: nothing (all set, or no Linux execve), skip with a reason, or re-exec. */
export function reexecPlan(facts: ReexecFacts): ReexecPlan {
  if (facts.platform !== 'linux' || !facts.hasExecve) return { action: 'none' };
  const missing = missingTuning(facts.env);
  if (Object.keys(missing).length === 0) return { action: 'none' };
  const tuning = `memory tuning skipped (set ${Object.keys(MALLOC_ENV).join(', ')} and NODE_OPTIONS=${SEMI_SPACE_OPTION} to apply it)`;
  const kernel = facts.kernelArch?.trim();
  if (kernel && KERNEL_ARCHES[kernel] !== undefined && KERNEL_ARCHES[kernel] !== facts.arch) {
    // An emulator such as qemu-user without binfmt_misc cannot execve a foreign executable.
    return { action: 'skip', reason: `Jornada runs emulated (${facts.arch} executable on a ${kernel} kernel): ${tuning}` };
  }
  if (!facts.executable) return { action: 'skip', reason: `Jornada cannot execute its own file again (${tuning})` };
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(facts.env)) if (value !== undefined) env[name] = value;
  return { action: 'exec', env: { ...env, ...missing } };
}

/** One JSON log line at warn level on the start-up logger (the server's is not loaded yet). */
function warnLine(msg: string): void {
  startLog.warn(msg);
}

function readKernelArch(): string | null {
  try {
    return fs.readFileSync('/proc/sys/kernel/arch', 'utf8');
  } catch {
    return null;
  }
}

function canExecuteSelf(): boolean {
  try {
    fs.accessSync(process.execPath, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Re-executes in place (same pid and stdio) with the variables of MALLOC_ENV an operator has not
 * set. In a single executable argv[1] is the executable's name as typed, not a script, so the
 * arguments follow it.
 */
export function reexecWithMallocTuning(): void {
  const plan = reexecPlan({
    env: process.env,
    platform: process.platform,
    arch: process.arch,
    hasExecve: typeof process.execve === 'function',
    kernelArch: process.platform === 'linux' ? readKernelArch() : null,
    executable: canExecuteSelf(),
  });
  if (plan.action === 'skip') warnLine(plan.reason);
  if (plan.action !== 'exec') return;
  try {
    process.execve!(process.execPath, [process.argv[1] ?? process.execPath, ...process.argv.slice(2)], plan.env);
  } catch (error) {
    // Newer Node versions throw instead of aborting: start untuned.
    warnLine(`Jornada could not re-execute itself (${(error as Error).message}): memory tuning skipped`);
  }
}
