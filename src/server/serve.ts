import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeDb } from './db/connection.ts';

/** A Node request handler such as Astro's `handler` from `dist/server/entry.mjs`. */
export type NodeHandler = (req: http.IncomingMessage, res: http.ServerResponse, next?: () => void) => unknown;

export interface ServeOptions {
  handler: NodeHandler;
  port?: number;
  host?: string;
}

/**
 * Serves the app on HOST:PORT (default 0.0.0.0:4321) and stops gracefully on SIGINT/SIGTERM:
 * no new connections, requests in flight finish, then the database closes and the process exits.
 * Shared by `npm start` (scripts/start.mjs) and the single binary.
 */
export function serve(options: ServeOptions): http.Server {
  const port = options.port ?? Number(process.env.PORT ?? 4321);
  const host = options.host ?? process.env.HOST ?? '0.0.0.0';
  const server = http.createServer((req, res) => void options.handler(req, res));
  server.on('error', (error) => {
    console.error(`Jornada could not listen on ${host}:${port}: ${error.message}`);
    process.exit(1);
  });
  server.listen(port, host, () => {
    const address = server.address() as AddressInfo;
    const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
    console.log(`Jornada is listening on http://${shown}:${address.port}`);
  });

  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      server.close(async () => {
        await closeDb();
        process.exit(0);
      });
      server.closeIdleConnections?.();
      setTimeout(() => process.exit(0), 5000).unref();
    });
  }
  return server;
}
