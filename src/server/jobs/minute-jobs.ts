import { log } from '../log.ts';
import { onShutdown } from '../shutdown-hooks.ts';

/**
 * Work that looks every minute at what is due (reminders, the automatic clock-out, silent
 * terminals). Each job decides from `nowMs()` (the business clock, fakeable in tests) and must be
 * idempotent: a tick may come late or twice. Jobs run one after another; a failing job is logged
 * and the others still run. Tests (JORNADA_TEST=1) may set JORNADA_JOBS_CHECK_MS (>= 50).
 */
const jobs = new Map<string, () => Promise<void>>();

export function registerMinuteJob(name: string, run: () => Promise<void>): void {
  jobs.set(name, run);
}

function checkInterval(): number {
  const fromTest = process.env['JORNADA_TEST'] === '1' ? Number(process.env['JORNADA_JOBS_CHECK_MS']) : Number.NaN;
  return Number.isFinite(fromTest) && fromTest >= 50 ? fromTest : 60_000;
}

/** Runs every registered job once, in registration order. */
export async function runMinuteJobs(): Promise<void> {
  for (const [name, run] of jobs) {
    try {
      await run();
    } catch (error) {
      log.error({ job: name, reason: error instanceof Error ? error.message : String(error) }, 'A scheduled job failed');
    }
  }
}

let timer: NodeJS.Timeout | undefined;
let running: Promise<void> | undefined;

/**
 * Starts the ticking (once per process; timers are unref'ed and stop at shutdown). With several
 * app servers only the leader ticks (boot.ts, db/leader.ts, decision 060).
 */
export function startMinuteJobs(): void {
  if (timer) return;
  const tick = () => {
    running ??= runMinuteJobs().finally(() => (running = undefined));
  };
  timer = setInterval(tick, checkInterval());
  timer.unref();
  unregister ??= onShutdown(stopMinuteJobs);
}

let unregister: (() => void) | undefined;

/** Stops the ticking, waiting for a run in progress (shutdown, or this server lost the lead). */
export async function stopMinuteJobs(): Promise<void> {
  if (timer) clearInterval(timer);
  timer = undefined;
  await running;
}
