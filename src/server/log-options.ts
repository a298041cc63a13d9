import pino from 'pino';
import { parseLogLevel } from './config/environment.ts';

/**
 * Paths pino blanks out wherever they appear in a logged object (one level of nesting and the
 * request/headers shapes). A safety net only: the app never logs bodies, cookies or tokens.
 */
export const REDACT_PATHS = [
  'password',
  '*.password',
  'newPassword',
  '*.newPassword',
  'currentPassword',
  '*.currentPassword',
  'pin',
  '*.pin',
  'descriptor',
  '*.descriptor',
  'descriptors',
  '*.descriptors',
  'photo',
  '*.photo',
  'token',
  '*.token',
  'accessToken',
  '*.accessToken',
  'cookie',
  '*.cookie',
  'authorization',
  '*.authorization',
  'headers.cookie',
  'headers.authorization',
  'req.headers.cookie',
  'req.headers.authorization',
];

/**
 * The line format of log.ts and of the start-up logger (start-log.ts). This module has no side
 * effects, so start-up code can import it without opening the process logger. The level comes from
 * LOG_LEVEL (default `info`); an unknown one falls back to `info` here rather than throwing at
 * import: the start (scripts/start.mjs, the binary) has already refused it with a line naming the
 * variable.
 */
export function logOptions(): pino.LoggerOptions {
  return {
    level: parseLogLevel(process.env.LOG_LEVEL) ?? 'info',
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
  };
}
