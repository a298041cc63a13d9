import { isIP } from 'node:net';

/**
 * The server's settings from the environment, checked before anything else runs (decision 041):
 * a wrong value stops the start with one line naming the variable and what it may be, instead of
 * a stack from deep inside pino or node:net. Pure: the caller passes the environment.
 */

/** pino's levels, most severe first, and `silent`. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export const DEFAULT_PORT = 4321;
export const DEFAULT_HOST = '0.0.0.0';

export interface ServerEnvironment {
  port: number;
  host: string;
  logLevel: LogLevel;
}

export interface EnvironmentReading {
  /** Usable values: a variable with a problem gets its default here. */
  values: ServerEnvironment;
  /** One sentence per wrong variable; empty when all is well. */
  problems: string[];
}

const HOST_NAME = /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

/** `LOG_LEVEL` as pino takes it, or undefined when it is not one of LOG_LEVELS. Empty or unset: `info`. */
export function parseLogLevel(value: string | undefined): LogLevel | undefined {
  if (value === undefined || value === '') return 'info';
  return (LOG_LEVELS as readonly string[]).includes(value) ? (value as LogLevel) : undefined;
}

/** Reads PORT, HOST and LOG_LEVEL (empty counts as unset). */
export function readEnvironment(env: Readonly<Record<string, string | undefined>>): EnvironmentReading {
  const problems: string[] = [];
  const values: ServerEnvironment = { port: DEFAULT_PORT, host: DEFAULT_HOST, logLevel: 'info' };

  const port = env.PORT;
  if (port !== undefined && port !== '') {
    if (/^\d{1,5}$/.test(port.trim()) && Number(port) >= 1 && Number(port) <= 65535) values.port = Number(port);
    else problems.push(`PORT=${port} is not a TCP port: use a whole number from 1 to 65535 (default ${DEFAULT_PORT}).`);
  }

  const host = env.HOST;
  if (host !== undefined && host !== '') {
    if (isIP(host) !== 0 || HOST_NAME.test(host)) values.host = host;
    else problems.push(`HOST=${host} is not an address to listen on: use an IP address (0.0.0.0, 127.0.0.1, ::) or a host name (default ${DEFAULT_HOST}).`);
  }

  const level = parseLogLevel(env.LOG_LEVEL);
  if (level) values.logLevel = level;
  else problems.push(`LOG_LEVEL=${env.LOG_LEVEL} is not a log level: use one of ${LOG_LEVELS.join(', ')} (default info).`);

  return { values, problems };
}
