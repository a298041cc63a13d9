import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { languageFromAcceptHeader, DEFAULT_LANGUAGE } from '../i18n/languages.ts';
import { translate } from '../i18n/translate.ts';
import { isFastClockPunch, serveFastClockPunch } from './clock/clock-fast-path.ts';
import { readEnvironment } from './config/environment.ts';
import { closeDb } from './db/connection.ts';
import { MAX_REQUEST_BYTES } from './http/body-limits.ts';
import { ALLOWED_METHODS, refuseAtTheGate } from './http/request-gate.ts';
import { shedSignIn } from './http/sign-in-shedding.ts';
import { defaultCsp } from './http/csp.ts';
import { loggedPath } from './http/logged-path.ts';
import { SECURITY_HEADERS } from './http/security-headers.ts';
import { flushLogsAsync, log } from './log.ts';
import { setOwnAddress } from './mcp/own-address.ts';
import { runShutdownHooks } from './shutdown-hooks.ts';

/** A Node request handler such as Astro's `handler` from `dist/server/entry.mjs`. */
export type NodeHandler = (req: http.IncomingMessage, res: http.ServerResponse, next?: () => void) => unknown;

export interface ServeOptions {
  handler: NodeHandler;
  port?: number;
  host?: string;
  /** How long requests in flight may take to finish after SIGINT/SIGTERM before the process exits anyway. */
  shutdownDeadlineMs?: number;
}

/** Built assets and face models: logged at debug level only, so the info log is one line per real request. */
const quietPath = (path: string) => path.startsWith('/_astro/') || path.startsWith('/models/');

/**
 * One log line per answered request: method, path (`loggedPath`: no query string, no feed
 * secret), status, duration. Never bodies, headers, cookies or tokens.
 */
function logRequest(req: http.IncomingMessage, res: http.ServerResponse, startedNs: bigint): void {
  const path = loggedPath(req.url ?? '/');
  const entry = {
    method: req.method,
    path,
    status: res.statusCode,
    ms: Math.round(Number(process.hrtime.bigint() - startedNs) / 1e5) / 10,
    ...(res.writableFinished ? {} : { aborted: true }),
  };
  if (res.statusCode >= 500) log.error(entry, 'request');
  else if (quietPath(path)) log.debug(entry, 'request');
  else log.info(entry, 'request');
}

/** 413 without reading the body when the declared size passes the hard cap (body-limits.ts). */
function refuseLargeBody(req: http.IncomingMessage, res: http.ServerResponse): boolean {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (!(declared > MAX_REQUEST_BYTES)) return false;
  const lang = languageFromAcceptHeader(req.headers['accept-language']) ?? DEFAULT_LANGUAGE;
  const body = JSON.stringify({ message: translate(lang, 'errors.payloadTooLarge'), code: 'errors.payloadTooLarge' });
  res.writeHead(413, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', connection: 'close' });
  res.end(body);
  return true;
}

/**
 * Serves the app on HOST:PORT (default 0.0.0.0:4321). Shared by `npm start` (scripts/start.mjs)
 * and the single binary.
 *
 * Shutdown on SIGINT/SIGTERM: stop accepting connections, close idle keep-alive sockets (and each
 * busy one as soon as its answer is sent), let requests in flight finish, run the shutdown hooks,
 * close the database (checkpointing the WAL) and exit 0. A second signal, or requests still
 * running after the deadline (10 s), force exit 1 with a log line.
 */
export function serve(options: ServeOptions): http.Server {
  // Checked at start (start-log.ts checkEnvironment): the values here are valid or the defaults.
  const environment = readEnvironment(process.env).values;
  const port = options.port ?? environment.port;
  const host = options.host ?? environment.host;
  const deadlineMs = options.shutdownDeadlineMs ?? 10_000;
  let stopping = false;
  const active = new Set<http.ServerResponse>();

  const server = http.createServer((req, res) => {
    const started = process.hrtime.bigint();
    active.add(res);
    res.once('close', () => {
      active.delete(res);
      logRequest(req, res, started);
      // A keep-alive socket whose answer went out before shutdown began turns idle only now.
      if (stopping) setImmediate(() => server.closeIdleConnections());
    });
    // Defaults for every answer, also the static files Astro serves before any middleware runs;
    // headers the app sets (a page's own Content-Security-Policy) take precedence.
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
    res.setHeader('content-security-policy', defaultCsp((req.url ?? '/').split('?')[0]!));
    if (stopping) res.setHeader('connection', 'close');
    if (refuseAtTheGate(req, res)) return;
    if (refuseLargeBody(req, res)) return;
    // A sign-in flood beyond what the hash gate takes: 503 at once (decision 022).
    if (shedSignIn(req, res)) return;
    // Terminals' punches skip Astro's request pipeline (decision 017), same checks and answers.
    const handle = isFastClockPunch(req) ? serveFastClockPunch : options.handler;
    Promise.resolve(handle(req, res)).catch((error: unknown) => {
      log.error({ err: error, method: req.method, path: loggedPath(req.url ?? '/') }, 'request failed');
      if (!res.headersSent) {
        res.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify({ message: translate(DEFAULT_LANGUAGE, 'errors.somethingWentWrong'), code: 'errors.somethingWentWrong' }));
      } else res.destroy();
    });
  });
  // CONNECT never reaches the request handler: answer 405 on the raw socket (Node would otherwise
  // just drop the connection) and log it like any request.
  server.on('connect', (req: http.IncomingMessage, socket: Duplex) => {
    const lang = languageFromAcceptHeader(req.headers['accept-language']) ?? DEFAULT_LANGUAGE;
    const body = `${translate(lang, 'errors.methodNotAllowed')}\n`;
    socket.on('error', () => undefined);
    socket.end(`HTTP/1.1 405 Method Not Allowed\r\nallow: ${ALLOWED_METHODS}\r\ncontent-type: text/plain; charset=utf-8\r\n` + `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`);
    log.info({ method: req.method, path: loggedPath(req.url ?? ''), status: 405, ms: 0 }, 'request');
  });
  server.on('error', (error) => {
    log.fatal({ err: error }, `Jornada could not listen on ${host}:${port}: ${error.message}`);
    void flushLogsAsync().then(() => process.exit(1));
  });
  server.listen(port, host, () => {
    const address = server.address() as AddressInfo;
    // `/api/mcp` runs its tools as requests to this address (decision 096).
    setOwnAddress(address);
    const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
    log.info({ host, port: address.port }, `Jornada is listening on http://${shown}:${address.port}`);
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      log.warn({ signal, inFlight: active.size }, 'Second signal: exiting without waiting for requests in flight');
      process.exit(1);
    }
    stopping = true;
    log.info({ signal, inFlight: active.size }, 'Shutting down: finishing requests in flight');
    setTimeout(() => {
      log.error({ inFlight: active.size }, `Shutdown deadline (${deadlineMs / 1000} s) passed: exiting with requests still running`);
      process.exit(1);
    }, deadlineMs).unref();
    server.close(async () => {
      try {
        await runShutdownHooks();
        await closeDb();
        log.info('Stopped');
        await flushLogsAsync();
        process.exit(0);
      } catch (error) {
        log.error({ err: error }, 'Shutdown failed');
        await flushLogsAsync();
        process.exit(1);
      }
    });
    // Answers not yet started close their connection when sent.
    for (const res of active) if (!res.headersSent) res.setHeader('connection', 'close');
    server.closeIdleConnections();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  return server;
}
