// `npm start`: build when missing or stale, then run a command (backup, restore FILE, verify, --help) or
// migrate the database, create the first account from the environment (or the demo data with
// --demo) and serve on HOST:PORT (default 0.0.0.0:4321).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, distDir } from './build.mjs';
import { withModelCaching } from './model-cache.mjs';
import { reexecWithMallocTuning } from './malloc-tuning.mjs';

reexecWithMallocTuning();

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
const { boot, serve, runCommand } = await import(pathToFileURL(path.join(serverDir, 'boot.mjs')).href);
// Commands (backup, restore FILE, verify, --help) run and exit here; they never start the server.
// npm runs scripts in the project folder: a relative FILE means the folder the operator typed it in.
const commandArgs = process.argv
  .slice(2)
  .filter((a) => !a.startsWith('-') || a === '--help' || a === '-h' || a === '--reset-pins')
  .map((a, i, all) => (i === 1 && all[0] === 'restore' && process.env.INIT_CWD ? path.resolve(process.env.INIT_CWD, a) : a));
const exitCode = await runCommand(commandArgs);
if (exitCode !== null) process.exit(exitCode);
try {
  for (const line of await boot({ demo })) console.log(line);
} catch (error) {
  console.error(`Jornada could not start: ${error.message}`);
  process.exit(1);
}
const { handler } = await import(pathToFileURL(path.join(serverDir, 'entry.mjs')).href);

serve({ handler: withModelCaching(handler) });
