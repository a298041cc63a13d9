import pino from 'pino';
import { logOptions } from './log-options.ts';

export { REDACT_PATHS } from './log-options.ts';

/**
 * Where the lines go: file descriptor 1 through a sonic-boom buffer — no transports or worker
 * threads, so it works the same in the single executable. Written asynchronously once 4 KB have
 * gathered (decision 017: a synchronous write per request stalled the server whenever stdout was
 * a slow pipe), and at the latest every 250 ms; flushed synchronously when the process exits
 * (`exit` runs for process.exit, the end of the event loop and an uncaught exception), so a line
 * logged right before exiting — a shutdown, a fatal error — is never lost.
 */
const destination = pino.destination({ dest: 1, sync: false, minLength: 4096 });
setInterval(() => destination.flush(), 250).unref();
process.on('exit', flushLogs);

/** Writes out the buffered log lines now (also done on exit). */
export function flushLogs(): void {
  try {
    destination.flushSync();
  } catch {
    // Not ready yet (nothing written) or stdout gone: nothing more can be done.
  }
}

/**
 * Waits until every buffered line is written (at most 2 s): before a planned exit, so a write
 * already under way is not cut off by process.exit.
 */
export function flushLogsAsync(): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, 2_000);
    try {
      destination.flush(() => {
        clearTimeout(timer);
        resolve();
      });
    } catch {
      clearTimeout(timer);
      resolve();
    }
  });
}

/** The process logger: JSON lines on stdout. */
export const log = pino(logOptions(), destination);
