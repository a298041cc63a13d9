// `npm test`: the full gate. Builds when stale, then runs the checks (tsc, astro check, eslint,
// prettier --check) beside the vitest layers (unit, service, integration, integration-pg, e2e), one vitest run per layer, and ends
// with each layer's time and one summary line, "tests: N passed, N failed, N skipped".
// `npm run test:unit` and the other layer scripts (`--project NAME`, repeatable) run only those
// layers' tests: no checks, and a build only for the layers that start the server.
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build, root } from './build.mjs';
import { startTestCluster } from './test-postgres.mjs';
import { countReport } from './test-report.mjs';

const LAYERS = ['unit', 'service', 'integration', 'integration-pg', 'e2e'];
const NEEDS_BUILD = new Set(['integration', 'integration-pg', 'e2e']);

const cli = process.argv.slice(2);
const asked = cli.flatMap((a, i) => (a === '--project' ? [cli[i + 1] ?? ''] : a.startsWith('--project=') ? [a.slice(10)] : []));
const rest = cli.filter((a, i) => a !== '--project' && cli[i - 1] !== '--project' && !a.startsWith('--project='));
const unknown = asked.filter((p) => !LAYERS.includes(p));
if (unknown.length > 0) {
  console.error(`Unknown layer ${unknown.join(', ')}: one of ${LAYERS.join(', ')}`);
  process.exit(2);
}
const full = asked.length === 0;
const layers = full ? LAYERS : LAYERS.filter((l) => asked.includes(l));

const started = Date.now();
const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;

if (layers.some((l) => NEEDS_BUILD.has(l))) {
  try {
    build();
  } catch (error) {
    console.error(error.message);
    console.log('\ntests: 0 passed, 1 failed');
    process.exit(1);
  }
}

/** Runs a command with this Node; resolves with its exit code and wall time. Output goes to ours. */
function run(label, args, env = {}, { quiet = false } = {}) {
  const begin = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: { ...process.env, ...env } });
    let output = '';
    if (quiet) {
      child.stdout.on('data', (d) => (output += d));
      child.stderr.on('data', (d) => (output += d));
    }
    child.on('close', (code) => resolve({ label, code: code ?? 1, ms: Date.now() - begin, output }));
  });
}

// The checks run beside the tests (their output is held back and printed at the end, so it does
// not interleave with vitest's): `tsc` does not read .astro files, `astro check` does; eslint
// (with the layer boundaries) and prettier read everything (decision 064).
const checks = full
  ? [
      run('tsc', [path.join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '--noEmit'], {}, { quiet: true }),
      run('astro check', [path.join(root, 'node_modules', 'astro', 'bin', 'astro.mjs'), 'check', '--minimumSeverity', 'error'], {}, { quiet: true }),
      run('eslint', [path.join(root, 'node_modules', 'eslint', 'bin', 'eslint.js'), '.'], {}, { quiet: true }),
      run('prettier', [path.join(root, 'node_modules', 'prettier', 'bin', 'prettier.cjs'), '--check', '.'], {}, { quiet: true }),
    ]
  : [];

const outDir = path.join(root, 'tests', '.tmp');
mkdirSync(outDir, { recursive: true });
const vitest = path.join(root, 'node_modules', 'vitest', 'vitest.mjs');

const results = [];
for (const layer of layers) {
  let cluster;
  if (layer === 'integration-pg') {
    // A throwaway cluster for this layer (decision 059); without PostgreSQL the layer is skipped.
    cluster = await startTestCluster(root);
    if (!cluster) continue;
  }
  const report = path.join(outDir, `vitest-${layer}.json`);
  rmSync(report, { force: true });
  const env = { JORNADA_TEST: '1', ...(cluster ? { JORNADA_TEST_POSTGRES_CLUSTER: cluster.url } : {}) };
  console.log(`\n── ${layer} ──`);
  let result;
  try {
    // The e2e layer is two projects: the files that run two at a time, then the camera files one
    // at a time (vitest.config.ts).
    const projects = layer === 'e2e' ? ['--project', 'e2e', '--project', 'e2e-camera'] : ['--project', layer];
    result = await run(layer, [vitest, 'run', ...projects, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...(rest.length > 0 ? ['--passWithNoTests'] : []), ...rest], env);
  } finally {
    cluster?.stop();
  }
  const counts = countReport(report);
  // "No test files found" (a filter that matches nothing in this layer) is not a failure.
  const none = counts.passed + counts.failed + counts.skipped === 0 && counts.readable;
  results.push({ ...result, ...counts, code: none ? 0 : result.code });
}

const checked = await Promise.all(checks);
for (const check of checked) {
  if (check.code !== 0) {
    console.log(`\n── ${check.label} failed ──\n${check.output}`);
  }
}

let passed = 0;
let failed = 0;
let skipped = 0;
console.log('\nTime per layer:');
for (const r of results) {
  passed += r.passed;
  failed += r.failed;
  skipped += r.skipped;
  if (r.code !== 0 && r.failed === 0) failed += 1; // vitest itself failed (a crash, a config error)
  console.log(`  ${r.label.padEnd(16)} ${seconds(r.ms).padStart(7)}  ${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped`);
}
for (const c of checked) {
  if (c.code !== 0) failed += 1;
  console.log(`  ${c.label.padEnd(16)} ${seconds(c.ms).padStart(7)}  ${c.code === 0 ? 'ok' : 'FAILED'} (beside the tests)`);
}
console.log(`  ${'total'.padEnd(16)} ${seconds(Date.now() - started).padStart(7)}`);
const ok = failed === 0 && passed > 0;
console.log(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(ok ? 0 : 1);
