/**
 * The single binary's entry (bundled with the built server by scripts/build-binary.mjs). It runs
 * the same code as `npm start` (scripts/start.mjs): the boot chunk's `runCommand` for the CLI
 * (`--help`, `backup`, `restore FILE`), `boot()` with `--demo`, then `serve()` with Astro's
 * handler, the client files coming from the executable itself.
 */
import type { NodeHandler } from '../server/serve.ts';
import { checkEnvironment, exitWithFatal, logFatalErrors, startLog, type FatalLog } from '../server/start-log.ts';
import { healthcheck } from './healthcheck.ts';
import { reexecWithMallocTuning } from './malloc-reexec.ts';
import { nativeRoot } from './native-addons.ts';
import { CLIENT_ASSET_PREFIX, CLIENT_MANIFEST_ASSET, type StaticManifest, withStaticAssets } from './static-assets.ts';

type BootModule = typeof import('../server/boot.ts');

export interface App {
  /** The built boot chunk (dist/server/boot.mjs), bundled. */
  loadBoot(): Promise<BootModule>;
  /** Astro's server entry (dist/server/entry.mjs), bundled. */
  loadEntry(): Promise<{ handler: NodeHandler }>;
}

function clientFiles(): { manifest: StaticManifest; read: (urlPath: string) => Uint8Array } {
  const sea = process.getBuiltinModule('node:sea');
  const raw = (key: string) => new Uint8Array(sea.getRawAsset(key));
  return {
    manifest: JSON.parse(new TextDecoder().decode(raw(CLIENT_MANIFEST_ASSET))) as StaticManifest,
    read: (urlPath) => raw(CLIENT_ASSET_PREFIX + urlPath),
  };
}

export async function main(app: App): Promise<void> {
  // In a single executable, argv is [executable, executable as typed, ...arguments].
  const args = process.argv.slice(2);
  if (args[0] === 'healthcheck') process.exit(await healthcheck(process.env));
  reexecWithMallocTuning();
  // `ps` and `top` show "jornada" (after the re-exec, which resets it).
  process.title = 'jornada';

  // Commands (backup, restore FILE, --help) run and exit here, as in scripts/start.mjs, with their
  // plain output; options such as --demo are not commands.
  const commandArgs = args.filter((a) => !a.startsWith('-') || a === '--help' || a === '-h' || a === '--version' || a === '--reset-pins' || a.startsWith('--url'));
  const serving = commandArgs.length === 0;
  // The server path writes only JSON lines (decision 041), fatal errors included.
  let serverLog: FatalLog | undefined;
  if (serving) {
    logFatalErrors(() => serverLog ?? startLog);
    checkEnvironment();
  }

  process.env['ASTRO_NODE_AUTOSTART'] = 'disabled';
  let server: BootModule;
  try {
    nativeRoot(); // extract (or find) the native addons first, for a clear message when it fails
    server = await app.loadBoot();
  } catch (error) {
    if (!serving) {
      console.error(`Jornada could not start: ${(error as Error).message}`);
      process.exit(1);
    }
    exitWithFatal(error);
  }

  if (!serving) process.exit((await server.runCommand(commandArgs)) ?? 0);

  serverLog = server.log;
  try {
    await server.boot({ demo: args.includes('--demo') });
    const { handler } = await app.loadEntry();
    const { manifest, read } = clientFiles();
    server.serve({ handler: withStaticAssets(handler, manifest, read) });
  } catch (error) {
    exitWithFatal(error, undefined, serverLog);
  }
}
