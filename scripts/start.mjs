// `npm start`: run a command (backup, restore FILE, verify, migrate-to-postgres URL, --help) with the build as it is, or
// check the environment, build when missing or stale (never with NODE_ENV=production: refuse and
// say to run `npm run build`), migrate the database, create the first account from the
// environment (or the demo data with --demo) and serve on HOST:PORT (default 0.0.0.0:4321).
// Everything the server path writes is a JSON line (decision 041); commands write plain text for
// people and scripts.
// First: under an older Node this re-runs the command with the project's Node 24, or says which to use.
import './node-version.mjs';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, buildIsFresh, distDir } from './build.mjs';
import { withModelCaching } from './model-cache.mjs';
import { reexecWithMallocTuning } from './malloc-tuning.mjs';
import { startLog } from './start-log.mjs';

reexecWithMallocTuning();
// `ps` and `top` show "jornada" rather than "node" (after the re-exec, which resets it).
process.title = 'jornada';

const serverDir = path.join(distDir, 'server');
const bootFile = path.join(serverDir, 'boot.mjs');
const loadBoot = () => import(pathToFileURL(bootFile).href);

// Commands (backup, restore FILE, verify, migrate-to-postgres URL, --help) run and exit here; they never start the server
// and never build: they use dist/ as it is.
// npm runs scripts in the project folder: a relative FILE means the folder the operator typed it in.
const commandArgs = process.argv
  .slice(2)
  .filter((a) => !a.startsWith('-') || a === '--help' || a === '-h' || a === '--version' || a === '--reset-pins' || a.startsWith('--url'))
  .map((a, i, all) => (i === 1 && all[0] === 'restore' && process.env.INIT_CWD ? path.resolve(process.env.INIT_CWD, a) : a));
if (commandArgs.length > 0) {
  if (!existsSync(bootFile)) {
    console.error(`Jornada is not built (${path.relative(process.cwd(), bootFile) || bootFile} is missing): run \`npm run build\` first.`);
    process.exit(1);
  }
  const { runCommand } = await loadBoot();
  process.exit((await runCommand(commandArgs)) ?? 0);
}

/** The server's chunk (dist/server/boot.mjs) once loaded: its logger and its fatal-line rules. */
let server;
/** One fatal JSON line and exit 1; through the server's logger once it is loaded (its buffered lines first). */
function fail(error, prefix = 'Jornada could not start: ') {
  if (server) server.exitWithFatal(error, prefix, server.log);
  startLog.fatal({ err: error }, `${prefix}${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
process.on('uncaughtException', (error) => fail(error, 'Uncaught exception: '));
process.on('unhandledRejection', (reason) => fail(reason, 'Unhandled promise rejection: '));

const demo = process.argv.includes('--demo');
const noBuild = process.argv.includes('--no-build') || process.env.JORNADA_NO_BUILD === '1';
if (!noBuild && !buildIsFresh()) {
  if (process.env.NODE_ENV === 'production') {
    // A production start never runs the compiler: build at install or upgrade time.
    startLog.fatal({ distDir }, 'Jornada could not start: the build is missing or older than the sources, and NODE_ENV=production never builds at start: run `npm run build`, then start again.');
    process.exit(1);
  }
  // Settings first, also before a build (Node's type stripping loads the TypeScript check; its cost
  // only matters on this slow path).
  const { checkEnvironment } = await import('../src/server/start-log.ts');
  checkEnvironment();
  try {
    build({ force: true, announce: (message) => startLog.info(message), capture: true });
  } catch (error) {
    startLog.fatal({ output: error.output }, `Jornada could not start: ${error.message}`);
    process.exit(1);
  }
}

process.env.ASTRO_NODE_AUTOSTART = 'disabled';
// The server runs the libraries' production code: React's server renderer picks its build from
// NODE_ENV when first loaded, and its development build is twice the memory and slower. Past the
// build step above, a missing NODE_ENV means nothing else (an operator's own value is kept).
process.env.NODE_ENV ??= 'production';
try {
  server = await loadBoot();
} catch (error) {
  fail(error);
}
// PORT, HOST and LOG_LEVEL before anything touches the data directory.
server.checkEnvironment();
try {
  await server.boot({ demo });
} catch (error) {
  fail(error);
}
const { handler } = await import(pathToFileURL(path.join(serverDir, 'entry.mjs')).href);

server.serve({ handler: withModelCaching(handler) });
