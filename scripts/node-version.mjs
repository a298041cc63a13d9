// The Node version check of `node scripts/start.mjs` (issue 34 point 6). It must be the FIRST import
// of start.mjs: ES modules run in import order, and this one holds back every later one (the
// build, the server, better-sqlite3's native addon built for Node 24) until the version is known.
// Under the system's Node 20 the start used to die with a segmentation fault and print nothing.
//
// `npm start` runs the project's own Node (the `node` package, v24, first on npm's PATH). Plain
// `node scripts/start.mjs` may be an older system Node: then this re-runs the same command with
// the project's node_modules/.bin/node when it is there, and only without one says which Node to
// use and exits 1.
import { spawn } from 'node:child_process';
import { existsSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The Node major version Jornada runs on (package.json `engines`, the `node` dependency). */
export const REQUIRED_NODE_MAJOR = 24;

const projectDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * What to do on `version`: go on, re-run with `candidate` (the project's Node, when it exists, is
 * not this one, and this is not already a re-run), or fail with a message.
 */
export function nodeVersionVerdict({ version, execPath, candidate, candidateExists, reran }) {
  const major = Number(String(version).split('.')[0]);
  if (major >= REQUIRED_NODE_MAJOR) return { action: 'go' };
  if (candidateExists && !reran && !samePath(candidate, execPath)) return { action: 'rerun', node: candidate };
  return {
    action: 'fail',
    message:
      `Jornada needs Node ${REQUIRED_NODE_MAJOR}; this is Node ${version} (${execPath}).\n` +
      `Start it with \`npm start\` (it runs the project's own Node ${REQUIRED_NODE_MAJOR} after \`npm install\`), ` +
      `or run this command with Node ${REQUIRED_NODE_MAJOR} (node_modules/.bin/node scripts/start.mjs).`,
  };
}

function samePath(a, b) {
  try {
    return realpathSync(a) === realpathSync(b);
  } catch {
    return a === b;
  }
}

// Tests pretend to be an older Node, and point at another candidate (tests/unit/node-version.test.ts).
const testing = process.env.JORNADA_TEST === '1';
const version = (testing && process.env.JORNADA_FAKE_NODE_VERSION) || process.versions.node;
const candidate = (testing && process.env.JORNADA_NODE_CANDIDATE) || path.join(projectDir, 'node_modules', '.bin', 'node');
const verdict = nodeVersionVerdict({
  version,
  execPath: process.execPath,
  candidate,
  candidateExists: existsSync(candidate),
  reran: process.env.JORNADA_NODE_RERUN === '1',
});

if (verdict.action === 'fail') {
  console.error(verdict.message);
  process.exit(1);
}
if (verdict.action === 'rerun') {
  // The same command on the project's Node; this process only passes signals on and exits with it.
  const env = { ...process.env, JORNADA_NODE_RERUN: '1' };
  delete env.JORNADA_FAKE_NODE_VERSION;
  const child = spawn(verdict.node, [...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit', env });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('error', (error) => {
    console.error(`Jornada could not run ${verdict.node}: ${error.message}`);
    process.exit(1);
  });
  // Never settles: the modules after this one never run here; the process ends with the child.
  await new Promise(() => {
    child.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 : 1)));
  });
}
