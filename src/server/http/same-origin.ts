/** What the guard reads of a request (a web Request, or the clock's fast path in serve.ts). */
interface HeaderReader {
  headers: { get(name: string): string | null };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'];

/**
 * CSRF guard for state-changing requests. Browsers send `Origin` on every cross-origin POST,
 * PUT, PATCH and DELETE: one naming another host is refused. A form-like body without `Origin`
 * (very old browsers) is refused too. API clients and terminals, which send no `Origin`, pass;
 * they authenticate with a Bearer token or their own cookie jar. Hosts are compared, not
 * schemes, so a TLS-terminating proxy in front does not break same-origin requests.
 */
export function isCrossSiteWrite(request: HeaderReader & { method: string }, url: Pick<URL, 'host'>): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const origin = request.headers.get('origin');
  if (origin) {
    try {
      return new URL(origin).host !== url.host;
    } catch {
      return true;
    }
  }
  const type = (request.headers.get('content-type') ?? '').toLowerCase();
  return FORM_TYPES.some((t) => type.includes(t));
}
