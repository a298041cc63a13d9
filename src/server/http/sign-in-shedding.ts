import type http from 'node:http';
import { DEFAULT_LANGUAGE, languageFromAcceptHeader } from '../../i18n/languages.ts';
import { translate } from '../../i18n/translate.ts';
import { HASH_CONCURRENCY, HASH_QUEUE } from '../auth/hash-gate.ts';

/**
 * Sign-ins served at once (Astro's whole pipeline, up to the hash gate): as many as the hash gate
 * runs and queues. A flood beyond that is answered 503 by serve.ts before anything is read or
 * parsed, so 300 sign-ins arriving at once cost the event loop almost nothing (decision 022);
 * the gate itself stays the bound for other password work.
 */
export const MAX_SIGN_INS_IN_FLIGHT = HASH_CONCURRENCY + HASH_QUEUE;
const RETRY_AFTER_SECONDS = 2;

let inFlight = 0;

const isSignIn = (req: http.IncomingMessage) => req.method === 'POST' && (req.url === '/api/user/login' || (req.url ?? '').startsWith('/api/user/login?'));

/**
 * For serve.ts, before the request goes to its handler: true when it was a sign-in beyond the
 * limit and has been answered (503, Retry-After, `errors.busy` in the Accept-Language's language);
 * otherwise a sign-in is counted until its answer closes.
 */
export function shedSignIn(req: http.IncomingMessage, res: http.ServerResponse): boolean {
  if (!isSignIn(req)) return false;
  if (inFlight >= MAX_SIGN_INS_IN_FLIGHT) {
    const lang = languageFromAcceptHeader(req.headers['accept-language']) ?? DEFAULT_LANGUAGE;
    res.writeHead(503, {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      'retry-after': String(RETRY_AFTER_SECONDS),
      // The body was not read: the connection cannot be reused.
      connection: 'close',
    });
    res.end(JSON.stringify({ message: translate(lang, 'errors.busy'), code: 'errors.busy' }));
    return true;
  }
  inFlight++;
  res.once('close', () => inFlight--);
  return false;
}
