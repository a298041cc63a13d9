import pino from 'pino';

/**
 * Paths pino blanks out wherever they appear in a logged object (one level of nesting and the
 * request/headers shapes). A safety net only: the app never logs bodies, cookies or tokens.
 */
export const REDACT_PATHS = [
  'password', '*.password', 'newPassword', '*.newPassword', 'currentPassword', '*.currentPassword',
  'pin', '*.pin', 'descriptor', '*.descriptor', 'descriptors', '*.descriptors', 'photo', '*.photo',
  'token', '*.token', 'accessToken', '*.accessToken', 'cookie', '*.cookie',
  'authorization', '*.authorization', 'headers.cookie', 'headers.authorization', 'req.headers.cookie',
  'req.headers.authorization',
];

/**
 * The process logger: JSON lines on stdout, level from LOG_LEVEL (default `info`). Written
 * synchronously to file descriptor 1 — no transports or worker threads — so it works the same in
 * the single executable and loses no line when the process exits right after logging.
 */
export const log = pino({
  level: process.env.LOG_LEVEL || 'info',
  base: { pid: process.pid },
  timestamp: pino.stdTimeFunctions.isoTime,
  redact: { paths: REDACT_PATHS, censor: '[redacted]' },
}, pino.destination({ dest: 1, sync: true }));
