// `npm test`: builds when stale, then runs every vitest project (unit, service, integration, end-to-end)
// and ends with one summary line, "tests: N passed, N failed".
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build, root } from './build.mjs';
import { startTestCluster } from './test-postgres.mjs';

try {
  build();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}

// TypeScript, strict: a type error fails the run like a failing test.
const tsc = spawnSync(process.execPath, [path.join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '--noEmit'], {
  cwd: root,
  stdio: 'inherit',
});
if (tsc.status !== 0) {
  console.error('\nTypeScript check failed.');
  console.log('\ntests: 0 passed, 1 failed');
  process.exit(1);
}

// `tsc` does not read .astro files: `astro check` type-checks their frontmatter and templates.
const astroCheck = spawnSync(process.execPath, [path.join(root, 'node_modules', 'astro', 'bin', 'astro.mjs'), 'check', '--minimumSeverity', 'error'], {
  cwd: root,
  stdio: 'inherit',
});
if (astroCheck.status !== 0) {
  console.error('\nastro check failed.');
  console.log('\ntests: 0 passed, 1 failed');
  process.exit(1);
}

const outDir = path.join(root, 'tests', '.tmp');
mkdirSync(outDir, { recursive: true });
const report = path.join(outDir, 'vitest-report.json');
rmSync(report, { force: true });

// The integration suite runs a second time on PostgreSQL (project integration-pg) when its server
// binaries are installed: a throwaway cluster for this run (decision 059).
// Only that project sees the cluster (vitest.config.ts); `--project x` without it starts none.
const cli = process.argv.slice(2);
const projects = cli.flatMap((a, i) => (a === '--project' ? [cli[i + 1] ?? ''] : a.startsWith('--project=') ? [a.slice(10)] : []));
const wantsPostgres = projects.length === 0 || projects.includes('integration-pg');
const cluster = wantsPostgres ? await startTestCluster(root) : undefined;
const postgresEnv = cluster ? { JORNADA_TEST_POSTGRES_CLUSTER: cluster.url } : {};

const vitest = path.join(root, 'node_modules', 'vitest', 'vitest.mjs');
const args = [vitest, 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)];
let result;
try {
  result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit', env: { ...process.env, JORNADA_TEST: '1', ...postgresEnv } });
} finally {
  cluster?.stop();
}

let passed = 0;
let failed = 0;
let skipped = 0;
try {
  const data = JSON.parse(readFileSync(report, 'utf8'));
  passed = data.numPassedTests ?? 0;
  failed = (data.numFailedTests ?? 0) + (data.numFailedTestSuites ?? 0);
  skipped = (data.numPendingTests ?? 0) + (data.numTodoTests ?? 0);
} catch {
  failed = Math.max(failed, 1);
}
const code = result.status === 0 && failed === 0 && passed > 0 ? 0 : 1;
console.log(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(code);
