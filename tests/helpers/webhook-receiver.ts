import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a test receiver got. */
export interface ReceivedHook {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A real HTTP receiver on 127.0.0.1 for webhook tests (decision 058): records every request and
 * answers each path with the status `answer(path, nth)` says (nth counts that path's requests
 * from 1; 204 by default; 0 never answers, holding the request open until the receiver closes).
 */
export async function startWebhookReceiver(answer: (path: string, nth: number) => number = () => 204) {
  const received: ReceivedHook[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const status = answer(path, received.filter((r) => r.path === path).length);
      if (status === 0) return;
      res.statusCode = status;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    received,
    at: (path: string) => received.filter((r) => r.path === path),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** What a receiver checks (docs/webhooks.md): HMAC-SHA256(secret, timestamp + "." + raw body). */
export function signatureValid(secret: string, hook: ReceivedHook): boolean {
  const timestamp = hook.headers['x-jornada-timestamp'];
  const expected = `sha256=${createHmac('sha256', secret).update(`${timestamp}.${hook.body}`).digest('hex')}`;
  return hook.headers['x-jornada-signature'] === expected;
}
