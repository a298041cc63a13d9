import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, startServer } from '../helpers/test-server.ts';
import { waitFor } from '../helpers/wait-for.ts';

/**
 * Decision 041: every line `npm start` writes is JSON (start-up lines, fatal errors), so the
 * operator guide's jq filter reads the whole output; wrong PORT/HOST/LOG_LEVEL and a damaged
 * config.json stop the start with one line and no stack; the process is named `jornada`; SIGTERM
 * to `npm start` stops the server; NODE_ENV=production never builds; commands never build.
 */

const START = path.join(ROOT, 'scripts', 'start.mjs');
/** The filter docs/operator-guide.md documents for "errors only". */
const JQ_ERRORS_ONLY = 'select(.level >= 50)';
const scratch = mkdtempSync(path.join(os.tmpdir(), 'jornada-start-'));
/** Build folders made up by these tests (JORNADA_DIST must be inside the project). */
const fakeDists: string[] = [];
const children: ChildProcess[] = [];
/** Server processes that may outlive their parent when the test fails (the orphan it looks for). */
const serverPids: number[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const pid of serverPids) if (!processGone(pid)) process.kill(pid, 'SIGKILL');
  for (const dir of fakeDists) rmSync(dir, { recursive: true, force: true });
  rmSync(scratch, { recursive: true, force: true });
});

type LogLine = { level: number; time: string; pid: number; msg: string; err?: { stack?: string; message?: string }; [key: string]: unknown };

/** Every complete line of `output` parsed as JSON (throws, naming the line, when one is not). */
function jsonLines(output: string): LogLine[] {
  const complete = output.slice(0, output.lastIndexOf('\n') + 1);
  return complete
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => {
      try {
        return JSON.parse(l) as LogLine;
      } catch {
        throw new Error(`not a JSON line: ${l}`);
      }
    });
}

/** Runs the documented jq filter over `output` as an operator would pipe the journal into it. */
function jqErrorsOnly(output: string): { status: number | null; lines: LogLine[]; stderr: string } {
  const r = spawnSync('jq', ['-c', JQ_ERRORS_ONLY], { input: output, encoding: 'utf8' });
  if (r.error) throw new Error(`jq is needed for this test (apt-get install jq): ${r.error.message}`);
  return {
    status: r.status,
    lines: r.stdout
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as LogLine),
    stderr: r.stderr,
  };
}

function freshDataDir(): string {
  return mkdtempSync(path.join(scratch, 'data-'));
}

/** `node scripts/start.mjs ARGS` to completion (a start that is expected to stop by itself). */
function start(args: string[], env: Record<string, string | undefined> = {}) {
  const r = spawnSync(process.execPath, [START, ...args], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '1', DATA_DIR: freshDataDir(), ...env },
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** The one line a refused start writes: JSON, fatal, no stack anywhere. */
function expectOneFatalLine(r: { code: number | null; out: string; err: string }): LogLine {
  expect(r.code, r.out + r.err).toBe(1);
  expect(r.err).toBe('');
  const lines = jsonLines(r.out);
  expect(lines, r.out).toHaveLength(1);
  expect(lines[0]!.level).toBe(60);
  expect(r.out).not.toMatch(/\bat .*:\d+:\d+/); // no stack frame
  expect(lines[0]!.err).toBeUndefined();
  // The documented filter picks it out.
  expect(jqErrorsOnly(r.out).lines).toEqual(lines);
  return lines[0]!;
}

function processGone(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

function portRefuses(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function psNames(pid: number): string {
  return spawnSync('ps', ['-o', 'comm=,args=', '-p', String(pid)], { encoding: 'utf8' }).stdout.trim();
}

/**
 * A build folder inside the project whose boot chunk only reports the command it was given, and
 * whose build stamp does not match the sources (a stale build): what a command or a production
 * start does with it shows whether anything tried to build.
 */
function fakeStaleDist(): string {
  const name = `.test-dist-${process.pid}-${fakeDists.length}`;
  const dir = path.join(ROOT, name);
  fakeDists.push(dir);
  mkdirSync(path.join(dir, 'server'), { recursive: true });
  writeFileSync(path.join(dir, 'server', 'boot.mjs'), "export async function runCommand(args) { console.log('fake command ' + args.join(' ')); return 0; }\n");
  writeFileSync(path.join(dir, 'server', 'entry.mjs'), 'export const handler = () => {};\n');
  writeFileSync(path.join(dir, '.build-hash'), 'stale\n');
  return name;
}

describe('every line is JSON', () => {
  it('a demo start, its requests and its shutdown write only JSON lines, which the documented jq filter reads', async () => {
    const server = await startServer({ args: ['--demo'] });
    try {
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
      expect(await server.kill('SIGTERM')).toBe(0);
      const lines = jsonLines(server.logs());
      expect(server.logs().endsWith('\n')).toBe(true);
      for (const line of lines) {
        expect(line).toEqual(expect.objectContaining({ level: expect.any(Number), time: expect.any(String), pid: expect.any(Number), msg: expect.any(String) }));
      }
      const messages = lines.map((l) => l.msg);
      expect(messages).toContain(`Data directory: ${server.dataDir}`);
      expect(messages).toContain('Demo sign-in: admin@demo.jornada / Demo#2026');
      expect(messages).toContain('Stopped');
      const jq = jqErrorsOnly(server.logs());
      expect(jq.stderr).toBe('');
      expect(jq.status).toBe(0);
      expect(jq.lines).toEqual([]);
    } finally {
      await server.stop();
    }
  });

  it('an uncaught exception and an unhandled rejection end the process with one fatal JSON line carrying the error', () => {
    for (const [code, message] of [
      ['throw new Error("boom-uncaught")', 'Uncaught exception: boom-uncaught'],
      ['Promise.reject(new Error("boom-rejected"))', 'Unhandled promise rejection: boom-rejected'],
    ] as const) {
      // Fires once the start has named the process (after the malloc re-exec, which loads it again).
      const preload = `data:text/javascript,const t = setInterval(() => { if (process.title === "jornada") { clearInterval(t); ${code}; } }, 5);`;
      const r = spawnSync(process.execPath, ['--import', preload, START, '--no-build'], {
        cwd: ROOT,
        env: { ...process.env, HOST: '127.0.0.1', PORT: '1', DATA_DIR: freshDataDir() },
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(r.status, r.stdout + r.stderr).toBe(1);
      expect(r.stderr).toBe('');
      const lines = jsonLines(r.stdout);
      const last = lines.at(-1)!;
      expect(last).toMatchObject({ level: 60, msg: message });
      expect(last.err?.stack).toContain(message.split(': ')[1]);
      expect(jqErrorsOnly(r.stdout).lines).toEqual([last]);
    }
  });

  it('a start that fails for an unexpected reason says so in one JSON line', () => {
    const notADir = path.join(scratch, 'a-file');
    writeFileSync(notADir, 'not a folder');
    const r = start(['--no-build'], { DATA_DIR: notADir, PORT: '4321' });
    expect(r.code).toBe(1);
    expect(r.err).toBe('');
    const lines = jsonLines(r.out);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 60, msg: expect.stringMatching(/^Jornada could not start: /) });
  });
});

describe('wrong settings stop the start with one line naming them, no stack', () => {
  it.each([
    [{ LOG_LEVEL: 'loud' }, /^Jornada could not start: LOG_LEVEL=loud is not a log level: use one of fatal, error, warn, info, debug, trace, silent/],
    [{ PORT: 'abc' }, /^Jornada could not start: PORT=abc is not a TCP port: use a whole number from 1 to 65535/],
    [{ PORT: '70000' }, /^Jornada could not start: PORT=70000 is not a TCP port: use a whole number from 1 to 65535/],
    [{ HOST: 'not a host' }, /^Jornada could not start: HOST=not a host is not an address to listen on/],
  ])('%o', (env, message) => {
    const dataDir = freshDataDir();
    const line = expectOneFatalLine(start(['--no-build'], { PORT: '4321', ...env, DATA_DIR: dataDir }));
    expect(line.msg).toMatch(message);
    // Refused before anything else: no database was created.
    expect(existsSync(path.join(dataDir, 'jornada.db'))).toBe(false);
  });

  it('are refused before a build too', () => {
    const dist = `.test-dist-unbuilt-${process.pid}`;
    fakeDists.push(path.join(ROOT, dist));
    const line = expectOneFatalLine(start([], { PORT: 'abc', JORNADA_DIST: dist, JORNADA_NO_BUILD: undefined, NODE_ENV: undefined }));
    expect(line.msg).toMatch(/^Jornada could not start: PORT=abc is not a TCP port/);
    expect(existsSync(path.join(ROOT, dist))).toBe(false);
  });

  it('a damaged config.json is named, and left as it was', () => {
    for (const [text, problem] of [
      ['{"sessionPassword": "abc', /is not valid JSON/],
      ['', /is empty/],
      ['{"sessionPassword": "too-short"}', /has a "sessionPassword" shorter than 32 characters/],
    ] as const) {
      const dataDir = freshDataDir();
      const file = path.join(dataDir, 'config.json');
      writeFileSync(file, text);
      const line = expectOneFatalLine(start(['--no-build'], { DATA_DIR: dataDir }));
      expect(line.msg).toContain(`Jornada could not start: ${file} `);
      expect(line.msg).toMatch(problem);
      expect(line.msg).toMatch(/restore it from a copy or a backup/);
      expect(readFileSync(file, 'utf8')).toBe(text);
      expect(existsSync(path.join(dataDir, 'jornada.db'))).toBe(false);
    }
  });
});

describe('the process', () => {
  it('is named jornada in ps', async () => {
    const server = await startServer();
    try {
      const pid = jsonLines(server.logs())[0]!.pid;
      expect(psNames(pid)).toMatch(/^jornada\s+jornada$/);
    } finally {
      await server.stop();
    }
  });

  it('SIGTERM to `npm start` stops the server: no orphan, the port is free', async () => {
    const port = await freePort();
    const npm = spawn('npm', ['start', '--silent'], {
      cwd: ROOT,
      // The project's Node 24 (node_modules/.bin) runs npm and the start script.
      env: { ...process.env, PATH: `${path.join(ROOT, 'node_modules', '.bin')}${path.delimiter}${process.env.PATH}`, JORNADA_NO_BUILD: '1', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: freshDataDir() },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(npm);
    let output = '';
    npm.stdout!.on('data', (d) => (output += d));
    npm.stderr!.on('data', (d) => (output += d));
    const listening = await waitFor(
      'the server to listen',
      () => {
        if (npm.exitCode !== null) throw new Error(`npm start exited (${npm.exitCode}):\n${output}`);
        return jsonLines(output).find((l) => l.msg.startsWith('Jornada is listening'));
      },
      30_000,
    );
    const serverPid = listening.pid;
    serverPids.push(serverPid);
    expect(serverPid).not.toBe(npm.pid);
    expect(psNames(serverPid)).toMatch(/^jornada\s/);
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);

    const npmExit = new Promise<number | null>((r) => npm.once('exit', (code) => r(code)));
    npm.kill('SIGTERM');
    await waitFor('the server process to end', () => processGone(serverPid), 5_000);
    await waitFor('the port to be free', () => portRefuses(port), 5_000);
    expect(await npmExit).toBe(0);
    // With --silent npm adds nothing: the whole output is the server's JSON lines.
    expect(jsonLines(output).map((l) => l.msg)).toEqual(expect.arrayContaining(['Shutting down: finishing requests in flight', 'Stopped']));
    expect(output.endsWith('\n')).toBe(true);
    expect(jqErrorsOnly(output).lines).toEqual([]);
  });
});

describe('building', () => {
  it('NODE_ENV=production never builds: a missing or stale build is refused with one line saying to run npm run build', () => {
    const missing = `.test-dist-missing-${process.pid}`;
    fakeDists.push(path.join(ROOT, missing));
    const stale = fakeStaleDist();
    for (const dist of [missing, stale]) {
      const before = existsSync(path.join(ROOT, dist, 'server')) ? readFileSync(path.join(ROOT, dist, 'server', 'boot.mjs'), 'utf8') : undefined;
      const line = expectOneFatalLine(start([], { NODE_ENV: 'production', JORNADA_DIST: dist, JORNADA_NO_BUILD: undefined }));
      expect(line.msg).toMatch(/NODE_ENV=production never builds at start: run `npm run build`/);
      // Nothing was built.
      expect(existsSync(path.join(ROOT, missing))).toBe(false);
      if (before !== undefined) expect(readFileSync(path.join(ROOT, dist, 'server', 'boot.mjs'), 'utf8')).toBe(before);
    }
  });

  it('without NODE_ENV=production a missing build is built at start, announced as a JSON line', async () => {
    const dist = `.test-dist-build-${process.pid}`;
    fakeDists.push(path.join(ROOT, dist));
    // Its own process group, so the astro build it starts goes with it.
    const child = spawn(process.execPath, [START], {
      cwd: ROOT,
      env: { ...process.env, JORNADA_DIST: dist, JORNADA_NO_BUILD: undefined, NODE_ENV: undefined, HOST: '127.0.0.1', PORT: '1', DATA_DIR: freshDataDir() },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    children.push(child);
    let output = '';
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    try {
      const line = await waitFor('the build to start', () => jsonLines(output).find((l) => l.msg === 'Building Jornada…'));
      expect(line.level).toBe(30);
    } finally {
      process.kill(-child.pid!, 'SIGKILL');
    }
    expect(jsonLines(output)).toHaveLength(1);
  });

  it('commands never build: they use the build as it is, or say to run npm run build', () => {
    const stale = fakeStaleDist();
    for (const nodeEnv of [undefined, 'production']) {
      const r = start(['backup'], { JORNADA_DIST: stale, JORNADA_NO_BUILD: undefined, NODE_ENV: nodeEnv });
      expect(r.code, r.err).toBe(0);
      expect(r.out).toBe('fake command backup\n');
      expect(r.err).toBe('');
    }
    const missing = `.test-dist-none-${process.pid}`;
    fakeDists.push(path.join(ROOT, missing));
    for (const command of [['--help'], ['backup'], ['verify'], ['restore', 'x.db']]) {
      const r = start(command, { JORNADA_DIST: missing, JORNADA_NO_BUILD: undefined });
      expect(r.code).toBe(1);
      expect(r.err).toMatch(/^Jornada is not built \(.* is missing\): run `npm run build` first\.\n$/);
      expect(existsSync(path.join(ROOT, missing))).toBe(false);
    }
  });
});
