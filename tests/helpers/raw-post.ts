import http from 'node:http';

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface RawPostOptions {
  /** Bytes of filler inside the JSON string (`prefix` + filler + `suffix` is the body). */
  size: number;
  /** Only declare `size` in Content-Length and send no body: the server must answer without it. */
  declareOnly?: boolean;
  headers?: Record<string, string>;
  /** The session token, sent as the `token` cookie. */
  token?: string;
  prefix?: string;
  suffix?: string;
  fill?: string;
}

/**
 * A POST over a fresh connection with node:http, so an answer that comes before the whole body is
 * read (a 413) is seen even when the server then drops the connection: `fetch` would instead fail
 * with a reset while it is still uploading, depending on timing (a flaky test under load).
 * The request asks for keep-alive, as a browser does: the server then reads and discards the rest of
 * the body after its answer instead of closing a socket that still has unread bytes, which resets the
 * connection and can make the client's next write fail (EPIPE) before the answer is parsed. The
 * socket is closed here once the answer is read.
 */
export function rawPost(baseUrl: string, urlPath: string, options: RawPostOptions): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const url = new URL(urlPath, baseUrl);
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'accept-language': 'en',
      connection: 'keep-alive',
      ...(options.token ? { cookie: `token=${options.token}` } : {}),
      ...options.headers,
    };
    if (options.declareOnly) headers['content-length'] = String(options.size);
    const req = http.request(url, { method: 'POST', headers, agent: false });
    let answered = false;
    req.on('response', (res) => {
      answered = true;
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (body += d));
      const settle = () => {
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
        req.destroy();
      };
      res.on('end', settle);
      res.on('error', settle);
    });
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    if (options.declareOnly) return void req.flushHeaders();
    const chunk = Buffer.alloc(64 * 1024, options.fill ?? 'a');
    let sent = 0;
    req.write(options.prefix ?? '{"csv":"');
    const pump = () => {
      while (sent < options.size && !answered && !req.destroyed) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      if (!answered && !req.destroyed) req.end(options.suffix ?? '"}');
    };
    pump();
  });
}
