// CSV import of 10,000 employees against the budget of DESIGN.md (under 5 s, all or nothing).
//
// Starts the built server (`scripts/start.mjs --no-build --demo`, honouring JORNADA_DIST) on a free
// port with a fresh DATA_DIR, signs in as the demo administrator, and times from the client:
//   1. a dry run of the 10,000-row file (parse + every check, nothing written),
//   2. three imports of 10,000 new rows each (so the last one checks against 20,025 employees),
// each as one `POST /api/employees/import` including the upload of the ~2 MB JSON body.
// Prints each time, its ratio to the budget, and PASS/FAIL (exit code 1 on FAIL).
//
//   JORNADA_DIST=dist node scripts/build.mjs && JORNADA_DIST=dist node bench/csv-import.mjs [rows]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROWS = Number(process.argv[2] ?? 10_000);
const BUDGET_MS = 5_000;
const IMPORTS = 3;

const HEADER = 'firstName,lastName,gender,email,nationalId,company,department,jobTitle,leaveGroup,employmentType,pin,phone,birthday,officialStartDate,rfidCard';
const DEPARTMENTS = [
  ['Obrador', 'Oficial de panadería'],
  ['Obrador', 'Ayudante de obrador'],
  ['Tienda', 'Dependiente'],
  ['Tienda', 'Responsable de tienda'],
  ['Administración', 'Auxiliar administrativo'],
];

/** `count` valid employees of the demo company; `batch` keeps IDs, PINs and badges unique across runs. */
function makeCsv(count, batch) {
  const lines = [HEADER];
  for (let i = 0; i < count; i++) {
    const n = batch * 1_000_000 + i;
    const [department, jobTitle] = DEPARTMENTS[i % DEPARTMENTS.length];
    lines.push(
      [
        `Nombre${n}`,
        `Apellido${n} Prueba`,
        i % 2 ? 'male' : 'female',
        `p${n}@example.es`,
        `B${String(n).padStart(8, '0')}`,
        'Panadería La Espiga',
        department,
        jobTitle,
        'General',
        i % 10 === 0 ? 'trainee' : 'regular',
        String(20_000_000 + n),
        `+34 600 ${String(n % 1_000_000).padStart(6, '0')}`,
        `19${60 + (i % 40)}-0${1 + (i % 9)}-1${i % 10}`,
        '2024-01-15',
        `CARD-${n}`,
      ].join(','),
    );
  }
  return lines.join('\n') + '\n';
}

async function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.unref();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

async function startServer() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'jornada-bench-csv-'));
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts', 'start.mjs'), '--no-build', '--demo'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { url, stop, logs: () => output };
}

async function main() {
  const server = await startServer();
  try {
    const login = await fetch(`${server.url}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.jornada', password: 'Demo#2026' }),
    });
    const token = /token=([^;]+)/.exec(login.headers.getSetCookie().join(';'))?.[1];
    if (!token) throw new Error(`sign-in failed (${login.status})`);
    const headers = { 'content-type': 'application/json', 'accept-language': 'en', cookie: `token=${token}` };
    const post = async (body) => {
      const started = performance.now();
      const res = await fetch(`${server.url}/api/employees/import`, { method: 'POST', headers, body: JSON.stringify(body) });
      const answer = await res.json();
      return { ms: performance.now() - started, status: res.status, answer };
    };
    const total = async () => (await (await fetch(`${server.url}/api/employees?pageSize=1`, { headers })).json()).total;

    // Warm-up: a small dry run, so the first timed request does not pay for module loading.
    await post({ csv: makeCsv(50, 99), dryRun: true });

    const files = Array.from({ length: IMPORTS }, (_, b) => makeCsv(ROWS, b + 1));
    console.log(`CSV import bench: ${ROWS} rows per file, ${(Buffer.byteLength(files[0]) / 1024 / 1024).toFixed(2)} MB of CSV, budget ${BUDGET_MS} ms`);

    const dry = await post({ csv: files[0], dryRun: true });
    if (dry.status !== 200) throw new Error(`dry run answered ${dry.status}: ${JSON.stringify(dry.answer).slice(0, 500)}`);
    console.log(`dry run (check only)        ${dry.ms.toFixed(0).padStart(6)} ms  ${(dry.ms / BUDGET_MS).toFixed(2)} x budget`);

    const before = await total();
    const times = [];
    for (let b = 0; b < IMPORTS; b++) {
      const run = await post({ csv: files[b] });
      if (run.status !== 201 || run.answer.created !== ROWS) throw new Error(`import ${b + 1} answered ${run.status}: ${JSON.stringify(run.answer).slice(0, 500)}`);
      times.push(run.ms);
      console.log(`import ${b + 1} (${String(before + b * ROWS).padStart(5)} employees before) ${run.ms.toFixed(0).padStart(6)} ms  ${(run.ms / BUDGET_MS).toFixed(2)} x budget`);
    }
    const after = await total();
    if (after !== before + IMPORTS * ROWS) throw new Error(`expected ${before + IMPORTS * ROWS} employees, found ${after}`);

    const worst = Math.max(...times);
    const pass = worst < BUDGET_MS;
    console.log(`worst import ${worst.toFixed(0)} ms (${((worst / ROWS) * 1000).toFixed(0)} µs/row) vs budget ${BUDGET_MS} ms: ${pass ? 'PASS' : 'FAIL'}`);
    process.exitCode = pass ? 0 : 1;
  } finally {
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
