import type { Language } from '#i18n/languages.ts';
import type { ApiRequest } from './tool-input.ts';

/**
 * Where a tool's request goes (decision 096): always the JSON API over HTTP with the caller's
 * `Bearer jt_…` token, so authentication, the token's permissions within its creator's current
 * ones, record scope, the period lock and the audit are exactly the API's. Two implementations:
 * `httpExecutor` for `jornada mcp` (a running Jornada at a base URL) and `loopbackExecutor`
 * (`own-address.ts`) for `/api/mcp`, a request to this same process.
 */
export interface ApiExecutor {
  /** The status and the JSON answer (or the text of a non-JSON one). */
  execute(request: ApiRequest): Promise<{ status: number; body: unknown }>;
}

/** How long one tool's request may take (the islands' fetch helper waits as long). */
const TIMEOUT_MS = 60_000;

/** Requests to the API at `baseUrl` (`http://host:port`, no trailing path) as the token's bearer, answers in `lang`. */
export function httpExecutor(options: { baseUrl: string; token: string; lang: Language }): ApiExecutor {
  const base = options.baseUrl.replace(/\/+$/, '');
  return {
    async execute(request) {
      const search = new URLSearchParams(request.query).toString();
      const response = await fetch(`${base}${request.path}${search ? `?${search}` : ''}`, {
        method: request.method,
        redirect: 'manual',
        signal: AbortSignal.timeout(TIMEOUT_MS),
        headers: {
          authorization: `Bearer ${options.token}`,
          'accept-language': options.lang,
          accept: 'application/json',
          ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
      });
      const text = await response.text();
      let body: unknown = text;
      if ((response.headers.get('content-type') ?? '').includes('application/json')) {
        try {
          body = JSON.parse(text);
        } catch {
          // not JSON after all: kept as text
        }
      }
      return { status: response.status, body };
    },
  };
}
