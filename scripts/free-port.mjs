import net from 'node:net';

/** A TCP port on 127.0.0.1 that nothing listens on right now (scripts, the binary smoke test, bench). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}
