import { checkAnswer } from './openapi-check.ts';

/** A tiny HTTP client for integration tests: keeps the `token` cookie, never follows redirects. */
export class Client {
  cookie: string | undefined;
  /** Headers sent with every request (e.g. a clock terminal's `x-terminal-token`). */
  extraHeaders: Record<string, string> = {};

  constructor(
    readonly base: string,
    readonly lang: string = 'en',
  ) {}

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
    const res = await this.send(method, path, body, headers).catch((error: unknown) => {
      // A GET on a kept-alive connection that the server closed meanwhile (a restarted server):
      // retried once on a new connection, as browsers do. Writes are never retried.
      if (method === 'GET' && isStaleConnection(error)) return this.send(method, path, body, headers);
      throw error;
    });
    for (const c of res.headers.getSetCookie()) {
      const m = c.match(/^token=([^;]*)/);
      if (m) this.cookie = m[1] || undefined;
      if (/^token=;|Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(c) && c.startsWith('token=')) this.cookie = undefined;
    }
    // Every answer of the API is checked against the OpenAPI document (issue 41.3).
    await checkAnswer(method, path, res);
    return res;
  }

  private send(method: string, path: string, body: unknown, headers: Record<string, string>): Promise<Response> {
    return fetch(this.base + path, {
      method,
      redirect: 'manual',
      headers: {
        'accept-language': this.lang,
        ...(this.cookie ? { cookie: `token=${this.cookie}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...this.extraHeaders,
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
  }

  get(path: string, headers?: Record<string, string>) {
    return this.request('GET', path, undefined, headers);
  }

  post(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request('POST', path, body ?? {}, headers);
  }

  async signIn(email: string, password: string): Promise<Response> {
    return this.post('/api/user/login', { email, password });
  }
}

function isStaleConnection(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return [e.code, e.cause?.code].some((code) => code === 'UND_ERR_SOCKET' || code === 'ECONNRESET');
}

/** The redirect target of a response, or undefined when it is not a redirect. */
export function location(res: Response): string | undefined {
  return res.status >= 300 && res.status < 400 ? (res.headers.get('location') ?? undefined) : undefined;
}
