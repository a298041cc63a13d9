// `npm start`: run a command (backup, restore FILE, verify, --help) with the build as it is, or
// check the environment, build when missing or stale (never with NODE_ENV=production: refuse and
// say to run `npm run build`), migrate the database, create the first account from the
// environment (or the demo data with --demo) and serve on HOST:PORT (default 0.0.0.0:4321).
// Everything the server path writes is a JSON line (decision 041); commands write plain text for
// people and scripts.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, buildIsFresh, distDir } from './build.mjs';
import { withModelCaching } from './model-cache.mjs';
import { reexecWithMallocTuning } from './malloc-tuning.mjs';
// Plain TypeScript run by Node's type stripping: these are needed before the build exists.
import { checkEnvironment, exitWithFatal, logFatalErrors, startLog } from '../src/server/start-log.ts';

reexecWithMallocTuning();
// `ps` and `top` show "jornada" rather than "node" (after the re-exec, which resets it).
process.title = 'jornada';

const serverDir = path.join(distDir, 'server');
const bootFile = path.join(serverDir, 'boot.mjs');
const loadBoot = () => import(pathToFileURL(bootFile).href);

// Commands (backup, restore FILE, verify, --help) run and exit here; they never start the server
// and never build: they use dist/ as it is.
// npm runs scripts in the project folder: a relative FILE means the folder the operator typed it in.
const commandArgs = process.argv
  .slice(2)
  .filter((a) => !a.startsWith('-') || a === '--help' || a === '-h')
  .map((a, i, all) => (i === 1 && all[0] === 'restore' && process.env.INIT_CWD ? path.resolve(process.env.INIT_CWD, a) : a));
if (commandArgs.length > 0) {
  if (!existsSync(bootFile)) {
    console.error(`Jornada is not built (${path.relative(process.cwd(), bootFile) || bootFile} is missing): run \`npm run build\` first.`);
    process.exit(1);
  }
  const { runCommand } = await loadBoot();
  process.exit((await runCommand(commandArgs)) ?? 0);
}

/** The server's own logger once its chunk is loaded (its buffered lines then come first). */
let serverLog;
logFatalErrors(() => serverLog ?? startLog);
checkEnvironment();

const demo = process.argv.includes('--demo');
const noBuild = process.argv.includes('--no-build') || process.env.JORNADA_NO_BUILD === '1';
if (!noBuild) {
  if (process.env.NODE_ENV === 'production') {
    // A production start never runs the compiler: build at install or upgrade time.
    if (!buildIsFresh()) {
      startLog.fatal(
        { distDir },
        'Jornada could not start: the build is missing or older than the sources, and NODE_ENV=production never builds at start: run `npm run build`, then start again.',
      );
      process.exit(1);
    }
  } else {
    try {
      build({ announce: (message) => startLog.info(message), capture: true });
    } catch (error) {
      startLog.fatal({ output: error.output }, `Jornada could not start: ${error.message}`);
      process.exit(1);
    }
  }
}

process.env.ASTRO_NODE_AUTOSTART = 'disabled';
let server;
try {
  server = await loadBoot();
} catch (error) {
  exitWithFatal(error);
}
serverLog = server.log;
try {
  await server.boot({ demo });
} catch (error) {
  exitWithFatal(error, undefined, serverLog);
}
const { handler } = await import(pathToFileURL(path.join(serverDir, 'entry.mjs')).href);

server.serve({ handler: withModelCaching(handler) });
