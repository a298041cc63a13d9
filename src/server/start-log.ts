import pino from 'pino';
import { isConfigurationError } from './config/configuration-error.ts';
import { readEnvironment } from './config/environment.ts';
import { logOptions } from './log-options.ts';

/**
 * The logger of the code that runs before the server's own is loaded (scripts/start.mjs, the
 * binary's main): the same JSON lines as log.ts, written synchronously — there are few, and a
 * fatal one must be out before process.exit. Every line `npm start` or the binary writes is JSON
 * (decision 041).
 */
export const startLog = pino(logOptions(), pino.destination({ dest: 1, sync: true }));

/** What `fatal` needs of a logger: startLog, or the server's log once the boot chunk is loaded. */
export interface FatalLog {
  fatal(fields: object, msg: string): void;
}

/**
 * Logs why the start failed as one fatal line and exits 1. An operator's mistake
 * (ConfigurationError) is its message only; anything else carries the error with its stack under
 * `err` — still one line. The server's log writes its buffer out on exit (log.ts).
 */
export function exitWithFatal(error: unknown, prefix = 'Jornada could not start: ', logger: FatalLog = startLog): never {
  const message = error instanceof Error ? error.message : String(error);
  logger.fatal(isConfigurationError(error) ? {} : { err: error }, `${prefix}${message}`);
  process.exit(1);
}

/** Refuses to start (one fatal line, exit 1) when PORT, HOST or LOG_LEVEL are wrong. */
export function checkEnvironment(env: NodeJS.ProcessEnv = process.env): void {
  const { problems } = readEnvironment(env);
  if (problems.length === 0) return;
  startLog.fatal({ problems }, `Jornada could not start: ${problems.join(' ')}`);
  process.exit(1);
}

/**
 * Uncaught exceptions and unhandled rejections become one fatal JSON line (with the stack under
 * `err`) and exit 1, instead of Node's multi-line stack on stderr. `current` gives the logger to
 * use at that moment (the server's once loaded, so its buffered lines come first).
 */
export function logFatalErrors(current: () => FatalLog): void {
  process.on('uncaughtException', (error) => exitWithFatal(error, 'Uncaught exception: ', current()));
  process.on('unhandledRejection', (reason) => exitWithFatal(reason, 'Unhandled promise rejection: ', current()));
}
