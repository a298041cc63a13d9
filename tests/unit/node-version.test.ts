import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { nodeVersionVerdict, REQUIRED_NODE_MAJOR } from '../../scripts/node-version.mjs';

/**
 * `node scripts/start.mjs` under the system's Node 20 died with a segmentation fault and printed
 * nothing (issue 34 point 6). Its first import now checks the version: it re-runs the command with
 * the project's node_modules/.bin/node when there is one, else says which Node to use and exits 1.
 * The spawned runs pretend to be Node 20 (JORNADA_FAKE_NODE_VERSION, read only with JORNADA_TEST=1).
 */

const probe = path.resolve('tests/fixtures/node-version-probe.mjs');
const run = (env: Record<string, string>, script = probe, args: string[] = []) =>
  spawnSync(process.execPath, [script, ...args], { encoding: 'utf8', timeout: 30_000, env: { ...process.env, JORNADA_TEST: '1', ...env, JORNADA_NODE_RERUN: '' } });

describe('the start script’s Node version check', () => {
  it('goes on under Node 24, re-runs under an older one when the project has its Node, else fails', () => {
    expect(REQUIRED_NODE_MAJOR).toBe(24);
    const base = { execPath: '/usr/bin/node', candidate: '/srv/jornada/node_modules/.bin/node', candidateExists: true, reran: false };
    expect(nodeVersionVerdict({ ...base, version: '24.21.0' })).toEqual({ action: 'go' });
    expect(nodeVersionVerdict({ ...base, version: '20.20.2' })).toEqual({ action: 'rerun', node: base.candidate });
    const fail = nodeVersionVerdict({ ...base, version: '20.20.2', candidateExists: false });
    expect(fail.action).toBe('fail');
    expect(fail.message).toContain('Jornada needs Node 24; this is Node 20.20.2 (/usr/bin/node)');
    expect(fail.message).toContain('npm start');
    // Never a loop: a re-run that is still old, or a candidate that is this very Node, fails.
    expect(nodeVersionVerdict({ ...base, version: '20.20.2', reran: true }).action).toBe('fail');
    expect(nodeVersionVerdict({ ...base, version: '20.20.2', candidate: '/usr/bin/node' }).action).toBe('fail');
  });

  it('an old Node without the project’s Node: one clear line on stderr, exit 1, nothing else runs', () => {
    const result = run({ JORNADA_FAKE_NODE_VERSION: '20.11.0', JORNADA_NODE_CANDIDATE: '/nonexistent/node' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Jornada needs Node 24; this is Node 20.11.0');
    expect(result.stdout).not.toContain('went on');
  });

  it('an old Node with the project’s Node: the same command runs again on it', () => {
    // The candidate is this very Node: the check refuses to loop on itself.
    expect(run({ JORNADA_FAKE_NODE_VERSION: '20.11.0', JORNADA_NODE_CANDIDATE: process.execPath }).status).toBe(1);
    // Another Node 24 (a wrapper standing for node_modules/.bin/node): the probe runs again on it.
    const dir = mkdtempSync(path.join(tmpdir(), 'jornada-node-'));
    const wrapper = path.join(dir, 'node');
    writeFileSync(wrapper, `#!/bin/sh\nexec "${process.execPath}" "$@"\n`);
    chmodSync(wrapper, 0o755);
    try {
      const rerun = run({ JORNADA_FAKE_NODE_VERSION: '20.11.0', JORNADA_NODE_CANDIDATE: wrapper });
      expect(rerun.stderr).toBe('');
      expect(rerun.stdout).toContain(`went on with Node ${process.versions.node}, rerun=1`);
      expect(rerun.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('start.mjs imports the check before anything else', async () => {
    const { readFileSync } = await import('node:fs');
    const firstImport = readFileSync('scripts/start.mjs', 'utf8')
      .split('\n')
      .find((line) => line.startsWith('import '));
    expect(firstImport).toBe("import './node-version.mjs';");
    const started = run({ JORNADA_FAKE_NODE_VERSION: '20.11.0', JORNADA_NODE_CANDIDATE: '/nonexistent/node' }, path.resolve('scripts/start.mjs'), ['--help']);
    expect(started.status).toBe(1);
    expect(started.stderr.trim()).toMatch(/^Jornada needs Node 24; this is Node 20\.11\.0/);
  });
});
