// `npm start`: build when missing or stale, migrate the database, create the first account from
// the environment (or the demo data with --demo), then serve on HOST:PORT (default 0.0.0.0:4321).
import http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, distDir } from './build.mjs';
import { withModelCaching } from './model-cache.mjs';

const demo = process.argv.includes('--demo');
const noBuild = process.argv.includes('--no-build') || process.env.JORNADA_NO_BUILD === '1';

try {
  if (!noBuild) build();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}

process.env.ASTRO_NODE_AUTOSTART = 'disabled';
const serverDir = path.join(distDir, 'server');
const { boot, closeDb } = await import(pathToFileURL(path.join(serverDir, 'boot.mjs')).href);
try {
  for (const line of await boot({ demo })) console.log(line);
} catch (error) {
  console.error(`Jornada could not start: ${error.message}`);
  process.exit(1);
}
const { handler } = await import(pathToFileURL(path.join(serverDir, 'entry.mjs')).href);

const port = Number(process.env.PORT ?? 4321);
const host = process.env.HOST ?? '0.0.0.0';
const server = http.createServer(withModelCaching(handler));
server.on('error', (error) => {
  console.error(`Jornada could not listen on ${host}:${port}: ${error.message}`);
  process.exit(1);
});
server.listen(port, host, () => {
  const address = server.address();
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  console.log(`Jornada is listening on http://${shown}:${address.port}`);
});

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
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
