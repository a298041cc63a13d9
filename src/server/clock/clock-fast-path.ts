import type http from 'node:http';
import { LANGUAGE_COOKIE } from '../../i18n/languages.ts';
import { SESSION_COOKIE } from '../auth/session-token.ts';
import { AppError } from '../http/app-error.ts';
import { errorBody, JSON_HEADERS, MAX_JSON_BYTES } from '../http/json.ts';
import { readNodeJsonBody } from '../http/json-body.ts';
import { apiLanguage } from '../http/request-language.ts';
import { isCrossSiteWrite } from '../http/same-origin.ts';
import { clockAnswer, type ClockAnswer } from './clock-answer.ts';
import { TERMINAL_COOKIE, TERMINAL_HEADER } from '../../domain/terminals/terminal-rules.ts';

/** One request header as a web `Headers.get` gives it (repeated headers joined). */
function header(req: http.IncomingMessage, name: string): string | null {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(', ') : (value ?? null);
}

/** A cookie's value (decoded like Astro's `cookies.get`), from the Cookie header. */
function cookie(req: http.IncomingMessage, name: string): string | undefined {
  const raw = req.headers.cookie;
  if (!raw) return undefined;
  for (const part of raw.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length > 1) value = value.slice(1, -1);
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return undefined;
}

/**
 * Whether serve.ts answers this request itself instead of handing it to Astro: a signed-out
 * `POST /api/clock` (the terminal's punch). A request with a session (cookie or Bearer token) goes
 * through Astro's middleware, which loads the session and may clear a stale cookie.
 */
export function isFastClockPunch(req: http.IncomingMessage): boolean {
  if (req.method !== 'POST') return false;
  const url = req.url ?? '';
  if (url !== '/api/clock' && !url.startsWith('/api/clock?')) return false;
  // A Host the adapter cannot build a URL from makes Astro fall back to another host: left to it.
  const host = req.headers.host;
  if (typeof host !== 'string' || !URL.canParse(`http://${host}`)) return false;
  return req.headers.authorization === undefined && cookie(req, SESSION_COOKIE) === undefined;
}

/**
 * `POST /api/clock` without Astro's request pipeline (decision 017), with exactly what the
 * middleware does for this public endpoint before the route: the API language (Accept-Language,
 * else the language cookie, else Spanish) and the cross-site write guard against the Host the
 * Node adapter builds the request URL from; then the route's own code (clockAnswer). serve.ts has
 * already set the security headers (the non-page CSP) and logs the request line.
 */
export async function serveFastClockPunch(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const headers = { get: (name: string) => header(req, name) };
  const lang = apiLanguage({ headers }, { get: (name) => (name === LANGUAGE_COOKIE ? wrap(cookie(req, name)) : undefined) });
  let result: ClockAnswer;
  if (isCrossSiteWrite({ method: 'POST', headers }, { host: requestHost(req) })) {
    const error = new AppError('errors.crossSite', 403);
    result = { status: 403, headers: { ...JSON_HEADERS }, body: JSON.stringify(errorBody(error, lang)) };
  } else {
    result = await clockAnswer({
      peerAddress: req.socket.remoteAddress || 'unknown',
      forwardedFor: header(req, 'x-forwarded-for'),
      lang,
      terminalCredential: cookie(req, TERMINAL_COOKIE) ?? header(req, TERMINAL_HEADER),
      readBody: () => readNodeJsonBody(req, MAX_JSON_BYTES),
      userAgent: header(req, 'user-agent') ?? undefined,
    });
  }
  // With its length, the answer goes out in one write rather than in chunked encoding.
  const body = Buffer.from(result.body, 'utf8');
  res.writeHead(result.status, { ...result.headers, 'content-length': String(body.byteLength) });
  res.end(body);
}

const wrap = (value: string | undefined) => (value === undefined ? undefined : { value });

/**
 * The `host` of the URL the Node adapter gives Astro (astro/app/node createRequestFromNodeRequest
 * without allowedDomains): `http(s)://<Host header><path>` (isFastClockPunch checked the Host).
 */
function requestHost(req: http.IncomingMessage): string {
  const host = req.headers.host!;
  const protocol = 'encrypted' in req.socket && req.socket.encrypted ? 'https' : 'http';
  const full = `${protocol}://${host}${req.url ?? ''}`;
  return new URL(URL.canParse(full) ? full : `${protocol}://${host}`).host;
}
