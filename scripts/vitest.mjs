// `npm run vitest -- FILE…`: vitest on the given files with the project's Node 24 (npm puts the
// `node` package's binary first on PATH; under the system's Node 20 the SQLite driver crashes),
// with JORNADA_TEST=1 as `npm test` sets it. Builds first when stale and a file needs the server
// (integration, e2e). Extra vitest flags pass through (`npm run vitest -- FILE -t "name"`).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { build, root } from './build.mjs';

const args = process.argv.slice(2);
if (Number(process.versions.node.split('.')[0]) < 24) {
  console.error(`Node ${process.versions.node}: run this through npm (npm run vitest -- FILE), which uses the project's Node 24.`);
  process.exit(2);
}
if (args.length === 0 || args.some((a) => /(^|\/)(integration|e2e)(\/|$)/.test(a))) build();
const result = spawnSync(process.execPath, [path.join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'run', ...args], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, JORNADA_TEST: '1' },
});
process.exit(result.status ?? 1);
