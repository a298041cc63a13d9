import type http from 'node:http';
import { hostAllowed, parseAllowedHosts, type AllowedHosts } from '../../domain/net/allowed-hosts.ts';
import { DEFAULT_LANGUAGE, languageFromAcceptHeader } from '../../i18n/languages.ts';
import { translate } from '../../i18n/translate.ts';

/**
 * Methods the app answers. Anything else (TRACE, TRACK, made-up methods; CONNECT arrives as the
 * server's 'connect' event, see serve.ts) gets 405 here, before Astro: the fetch API behind
 * Astro's adapter throws on TRACE and TRACK ("HTTP method is unsupported"), which was a 500 and
 * a stack trace on stderr outside the JSON log.
 */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
export const ALLOWED_METHODS = [...METHODS].join(', ');

let allowedHosts: AllowedHosts | undefined;
/** JORNADA_ALLOWED_HOSTS, read once (an operator changes it with a restart). */
function hosts(): AllowedHosts {
  return (allowedHosts ??= parseAllowedHosts(process.env['JORNADA_ALLOWED_HOSTS']));
}

/** Answers a refusal as JSON under /api and as plain text elsewhere, in the request's language. */
export function refuseRequest(req: http.IncomingMessage, res: http.ServerResponse, status: number, code: string, headers: Record<string, string> = {}): void {
  const lang = languageFromAcceptHeader(req.headers['accept-language']) ?? DEFAULT_LANGUAGE;
  const path = (req.url ?? '/').split('?')[0]!;
  const message = translate(lang, code);
  const api = path === '/api' || path.startsWith('/api/');
  res.writeHead(status, {
    'content-type': api ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8',
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(req.method === 'HEAD' ? undefined : api ? JSON.stringify({ message, code }) : `${message}\n`);
}

/**
 * The first checks of every request, before the body, the clock's fast path or Astro:
 * 421 `errors.hostNotAllowed` for a Host outside JORNADA_ALLOWED_HOSTS (DNS rebinding), then 405
 * for a method the app does not answer. True when it answered.
 */
export function refuseAtTheGate(req: http.IncomingMessage, res: http.ServerResponse): boolean {
  if (!hostAllowed(req.headers.host, hosts())) {
    refuseRequest(req, res, 421, 'errors.hostNotAllowed', { connection: 'close' });
    return true;
  }
  if (!METHODS.has(req.method ?? '')) {
    refuseRequest(req, res, 405, 'errors.methodNotAllowed', { allow: ALLOWED_METHODS });
    return true;
  }
  return false;
}
