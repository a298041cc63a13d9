// The integration suite's PostgreSQL run (issue 23, decision 059): a throwaway cluster started for
// the test run and stopped after it. Used by scripts/test.mjs.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.mjs';

/** The newest PostgreSQL server binaries Debian installed, or undefined. */
export function postgresBin() {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base)
    .filter((v) => existsSync(path.join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length > 0 ? path.join(base, versions[0], 'bin') : undefined;
}

/**
 * Starts a cluster in a new temporary folder (under the system's temp dir, which the unprivileged
 * postgres user can reach when we run as root) with scripts/pg-test-cluster.sh, and answers its
 * base URL and a stop function; undefined (with the reason printed) when PostgreSQL is not installed.
 */
export async function startTestCluster(root) {
  if (!postgresBin()) {
    console.log('PostgreSQL is not installed (apt-get install postgresql): the integration suite runs on SQLite only.');
    return undefined;
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'jornada-pg-'));
  const port = await freePort();
  const url = execFileSync('bash', [path.join(root, 'scripts', 'pg-test-cluster.sh'), dir, String(port)], { encoding: 'utf8' }).trim();
  const stop = () => {
    const asRoot = process.getuid?.() === 0;
    const pgCtl = path.join(postgresBin(), 'pg_ctl');
    const args = ['-D', path.join(dir, 'data'), '-m', 'immediate', 'stop'];
    spawnSync(asRoot ? 'runuser' : pgCtl, asRoot ? ['-u', 'postgres', '--', pgCtl, ...args] : args, { stdio: 'ignore' });
    rmSync(dir, { recursive: true, force: true });
  };
  return { url, stop };
}
