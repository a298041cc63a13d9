import { existsSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { Client } from '../helpers/http-client.ts';
import { startServer, type TestServer } from '../helpers/test-server.ts';
import { waitFor } from '../helpers/wait-for.ts';

/**
 * Graceful shutdown of the built server (src/server/serve.ts): on SIGTERM, answers in flight are
 * delivered whole, idle keep-alive connections do not hold the process, the WAL is checkpointed
 * into the database file, and the process exits 0; a second signal exits at once.
 */

let server: TestServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

interface Held {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Reads the rest of the body (the response is paused until then). */
  finish: () => Promise<Buffer>;
}

/** Starts a GET and holds its answer unread after the headers, so the server cannot finish sending it. */
function holdGet(url: string, headers: Record<string, string> = {}, agent: http.Agent | false = false): Promise<Held> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers, agent }, (res) => {
      res.pause();
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        finish: () =>
          new Promise((done, fail) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => done(Buffer.concat(chunks)));
            res.on('error', fail);
            res.resume();
          }),
      });
    });
    req.on('error', reject);
  });
}

it('delivers answers in flight, does not wait for idle keep-alive connections, checkpoints the WAL and exits 0', async () => {
  server = await startServer({ args: ['--demo'] });
  const admin = new Client(server.url);
  expect((await admin.signIn('admin@demo.jornada', 'Demo#2026')).status).toBe(200);
  const cookie = { cookie: `token=${admin.cookie}` };

  // An idle keep-alive connection (Node would keep it open for 5 s).
  const keepAlive = new http.Agent({ keepAlive: true });
  expect((await (await holdGet(`${server.url}/api/health`, {}, keepAlive)).finish()).toString()).toBe('{"status":"ok"}');

  // Two answers in flight, held by their clients: a streamed Excel export and a 6 MB face model.
  // The export also runs on a keep-alive connection, which turns idle only once it is delivered.
  const exported = await holdGet(`${server.url}/api/attendances/export?lang=en`, cookie, keepAlive);
  const model = await holdGet(`${server.url}/models/face_recognition_model.bin`);
  expect(exported.status).toBe(200);
  expect(model.status).toBe(200);

  const signalled = Date.now();
  const exit = server.kill('SIGTERM');
  // No new connections once stopping (the listener closes as soon as the signal is handled).
  await waitFor('the listener to close', () =>
    fetch(`${server!.url}/api/health`).then(
      () => false,
      () => true,
    ),
  );

  const [xlsx, weights] = await Promise.all([exported.finish(), model.finish()]);
  expect(xlsx.subarray(0, 2).toString()).toBe('PK');
  expect(weights.length).toBe(Number(model.headers['content-length']));
  expect(await exit).toBe(0);
  expect(Date.now() - signalled).toBeLessThan(4000);
  keepAlive.destroy();

  const logs = server.logs();
  expect(logs).toMatch(/"msg":"Shutting down: finishing requests in flight"/);
  expect(logs).toMatch(/"path":"\/api\/attendances\/export","status":200/);
  expect(logs).toMatch(/"msg":"Stopped"/);
  const wal = path.join(server.dataDir, 'jornada.db-wal');
  expect(!existsSync(wal) || statSync(wal).size === 0).toBe(true);
});

it('exits at once, with a log line, on a second signal', async () => {
  server = await startServer();
  const model = await holdGet(`${server.url}/models/face_recognition_model.bin`);
  expect(model.status).toBe(200);
  const exit = server.kill('SIGTERM');
  await waitFor('the first signal to be handled', () => /Shutting down/.test(server!.logs()));
  await server.kill('SIGTERM');
  expect(await exit).toBe(1);
  expect(server.logs()).toMatch(/"msg":"Second signal: exiting without waiting for requests in flight"/);
});
