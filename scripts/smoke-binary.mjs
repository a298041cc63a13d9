// Smoke test of the single binary (CI runs it after `npm run build:binary`):
//   node scripts/smoke-binary.mjs [path/to/jornada-linux-<arch>] [--runner "qemu-aarch64-static"]
//     [--slow N]
// Starts the binary with a fresh DATA_DIR and cache folder on a free port, then over HTTP: health,
// sign-in (argon2), an employee with a PIN and a shift, a PIN punch at POST /api/clock recorded
// in the attendance list (SQLite), a photo upload (sharp + libvips), the employee's monthly record
// as PDF (pdfkit, fonts from the executable), the client files and face models from the executable,
// an enrolment and a face punch through the server's face worker (not under emulation);
// `--help` and `backup` beside the running server; SIGTERM must end it with exit code 0; `restore`
// the backup; a second start reuses the unpacked addons. Prints the start-up times, resident
// memory and size. Exits 1 on the first failed check.
// --runner runs every start of the binary through a command (an emulator: scripts/ci-arm64.sh runs
// the linux-arm64 binary with qemu-user); --slow multiplies every time limit (emulation is slow).
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import zlib from 'node:zlib';
import { distDir } from './build.mjs';
import { freePort } from './free-port.mjs';

const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: { runner: { type: 'string' }, slow: { type: 'string', default: '1' } },
});
const binary = path.resolve(positionals[0] ?? path.join(distDir, 'bin', `jornada-linux-${process.arch}`));
/** The command and arguments that start the binary: `[binary]`, or the runner's words before it. */
const runner = options.runner ? options.runner.trim().split(/\s+/) : [];
const launch = (args) => (runner.length ? [runner[0], [...runner.slice(1), binary, ...args]] : [binary, args]);
const slow = Number(options.slow);
if (!(slow >= 1)) throw new Error('--slow takes a factor >= 1');
const ADMIN = { email: 'smoke@example.com', password: 'Smoke#2026pass' };
const PIN = '4827193';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'jornada-smoke-'));
/** The data directory; after the backup it is wiped and the backup restored into a fresh one. */
let dataDir = path.join(tmp, 'data');
const cacheDir = path.join(tmp, 'cache');
let child;
let checks = 0;
let output = '';

/** fetch with a time limit: a request the server never answers fails the check instead of hanging. */
const fetchWithin = (url, init = {}, ms = 30_000) => fetch(url, { signal: AbortSignal.timeout(ms * slow), ...init });

function check(condition, what, detail = '') {
  if (!condition) throw new Error(`${what}${detail ? `: ${detail}` : ''}`);
  checks++;
}

const env = (port) => ({
  ...process.env,
  DATA_DIR: dataDir,
  JORNADA_CACHE_DIR: cacheDir,
  PORT: String(port),
  HOST: '127.0.0.1',
  JORNADA_ADMIN_EMAIL: ADMIN.email,
  JORNADA_ADMIN_PASSWORD: ADMIN.password,
  LOG_LEVEL: 'warn',
});

/** Starts the binary and waits for GET /api/health; returns the milliseconds from spawn to healthy. */
async function start(port) {
  const started = performance.now();
  child = spawn(...launch([]), { env: env(port), stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  child.exited = exited;
  while (performance.now() - started < 30_000 * slow) {
    const gone = await Promise.race([exited, new Promise((r) => setTimeout(() => r(null), 25))]);
    if (gone) throw new Error(`the binary exited during start-up (${JSON.stringify(gone)})`);
    try {
      const res = await fetchWithin(`http://127.0.0.1:${port}/api/health`, {}, 2000);
      if (res.ok && (await res.json()).status === 'ok') return performance.now() - started;
    } catch {
      // not listening yet
    }
  }
  throw new Error(`no healthy answer within ${30 * slow} s`);
}

async function stop() {
  const sent = performance.now();
  child.kill('SIGTERM');
  const result = await Promise.race([child.exited, new Promise((r) => setTimeout(() => r('timeout'), 8000 * slow))]);
  check(result !== 'timeout', `SIGTERM stops the server within ${8 * slow} s`);
  check(result.code === 0, 'SIGTERM ends with exit code 0', JSON.stringify(result));
  return performance.now() - sent;
}

function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(status.match(/VmRSS:\s+(\d+)/)[1]) / 1024;
}

/** A small valid PNG (a colour gradient), so the upload exercises sharp without fixtures. */
function gradientPng(size = 96) {
  const raw = Buffer.alloc((size * 3 + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (size * 3 + 1)] = 0;
    for (let x = 0; x < size; x++) raw.set([x * 2, y * 2, 128], y * (size * 3 + 1) + 1 + x * 3);
  }
  const chunk = (type, data) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(zlib.crc32(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', zlib.deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

async function api(base, token, method, url, body, extraHeaders = {}) {
  const res = await fetchWithin(base + url, {
    method,
    headers: { 'accept-language': 'en', ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}), ...extraHeaders },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, json, text, headers: res.headers };
}

async function created(base, token, url, body) {
  const res = await api(base, token, 'POST', url, body);
  check(res.status === 201, `POST ${url} creates`, `${res.status} ${res.text.slice(0, 300)}`);
  return res.json.data._id;
}

/** Runs the binary with `args` (and without the variables `unset`) to its end. */
function cli(args, port, unset = []) {
  const environment = env(port);
  for (const name of unset) delete environment[name];
  const result = spawnSync(...launch(args), { env: environment, encoding: 'utf8', timeout: 30_000 * slow });
  return { code: result.status, out: `${result.stdout}${result.stderr}` };
}

async function main() {
  check(existsSync(binary), 'the binary exists', `${binary} (run npm run build:binary)`);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;

  const coldStart = await start(port);
  const rssStart = rssMb(child.pid);

  // Sign in (argon2) and build what a punch needs: department, job title, leave group, employee, shift.
  const login = await api(base, null, 'POST', '/api/user/login', ADMIN);
  check(login.status === 200 && login.json.accessToken, 'sign-in with the JORNADA_ADMIN_* account', `${login.status} ${login.text}`);
  const token = login.json.accessToken;
  const company = (await api(base, token, 'GET', '/api/companies')).json.data[0]._id;
  const department = await created(base, token, '/api/departments', { name: 'Obrador', company });
  const jobTitle = await created(base, token, '/api/job-titles', { name: 'Panadera', department, company });
  const leaveType = await created(base, token, '/api/leave-types', { name: 'Vacaciones', company, daysPerYear: 22 });
  const leaveGroup = await created(base, token, '/api/leave-groups', { name: 'General', description: 'Todos', privilege: [leaveType], status: 'active', company });
  const employee = await created(base, token, '/api/employees', {
    firstName: 'Marina',
    lastName: 'Soler Vidal',
    gender: 'female',
    email: 'marina.soler@example.com',
    nationalId: '12345678Z',
    company,
    department,
    jobTitle,
    leaveGroup,
    employmentType: 'regular',
    pin: PIN,
  });
  const fromDate = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
  await created(base, token, '/api/schedules', { employee, startTime: '00:00', offTime: '23:59', totalHours: 8, restDays: [], fromDate });

  // A new install takes punches only from paired terminals (decision 042): create one and pair it.
  const terminal = await api(base, token, 'POST', '/api/terminals', { name: 'Obrador', methods: ['pin'] });
  const pairing = await api(base, null, 'POST', '/api/terminal/pair', { code: terminal.json?.pairingCode ?? '', device: true });
  check(terminal.status === 201 && pairing.status === 200 && pairing.json?.credential, 'a terminal is created and paired with its code', `${terminal.status} ${pairing.status} ${pairing.text}`);
  const fromTerminal = { 'x-terminal-token': pairing.json?.credential ?? '' };
  const unpaired = await api(base, null, 'POST', '/api/clock', { action: 'check-in', pin: PIN });
  check(unpaired.status === 403 && unpaired.json?.code === 'terminal.pairingRequired', 'a PIN from an unpaired device is refused', `${unpaired.status} ${unpaired.text}`);

  // The PIN punch, and the attendance it records.
  const punch = await api(base, null, 'POST', '/api/clock', { action: 'check-in', pin: PIN }, fromTerminal);
  check(punch.status === 200 && punch.json.employee?._id === employee, 'check-in with the PIN at POST /api/clock', `${punch.status} ${punch.text}`);
  const attendances = await api(base, token, 'GET', `/api/attendances?employee=${employee}`);
  const day = attendances.json?.data?.[0];
  check(attendances.status === 200 && attendances.json.data.length === 1 && day.timeIn && !day.timeOut, 'the punch is recorded', attendances.text.slice(0, 300));
  const wrong = await api(base, null, 'POST', '/api/clock', { action: 'check-in', pin: '9999999' }, fromTerminal);
  check(wrong.status >= 400 && wrong.status < 500 && wrong.json?.code, 'an unknown PIN is refused with a code', `${wrong.status} ${wrong.text}`);

  // A photo upload: decoded, cleaned and thumbnailed by sharp (libvips from the unpacked cache).
  const png = gradientPng();
  const photo = await api(base, token, 'POST', `/api/employees/${employee}/photos`, { image: `data:image/png;base64,${png.toString('base64')}` });
  check(photo.status === 201, 'a photo upload goes through sharp', `${photo.status} ${photo.text.slice(0, 300)}`);
  const photoUrl = (await api(base, token, 'GET', `/api/employees/${employee}/photos`)).json?.data?.[0]?.url;
  const photoSha = createHash('sha256')
    .update(Buffer.from(await (await fetchWithin(base + photoUrl, { headers: { authorization: `Bearer ${token}` } })).arrayBuffer()))
    .digest('hex');

  // Face recognition (decision 065): the server computes descriptors itself, in its face worker,
  // from face-api's bundle, weights and .wasm files read from the executable. An enrolment photo
  // and a face punch's camera frame both go through it. Not under emulation (TensorFlow.js's WASM
  // under qemu-user takes minutes; the files read are the same on every architecture).
  if (runner.length === 0) {
    const faces = path.join(import.meta.dirname, '..', 'tests', 'fixtures', 'faces');
    const fixture = JSON.parse(readFileSync(path.join(import.meta.dirname, '..', 'tests', 'fixtures', 'face-descriptors.json'), 'utf8'));
    const enabled = await api(base, token, 'POST', '/api/settings/face-recognition', { enabled: true, acknowledged: true });
    const consent = await api(base, token, 'PUT', `/api/employees/${employee}/consent`, { consent: true });
    const enrol = await api(base, token, 'POST', `/api/employees/${employee}/photos`, { image: `data:image/png;base64,${readFileSync(path.join(faces, 'amy1.png')).toString('base64')}`, enrol: true });
    check(
      enabled.status === 200 && consent.status === 200 && enrol.status === 201 && enrol.json?.data?.faceData === true && !enrol.json?.notice,
      'a photo is enrolled with the descriptor the binary computes',
      `${enabled.status} ${consent.status} ${enrol.status} ${enrol.text.slice(0, 300)}`,
    );
    const door = await api(base, token, 'POST', '/api/terminals', { name: 'Puerta', methods: ['face', 'pin'] });
    const doorPairing = await api(base, null, 'POST', '/api/terminal/pair', { code: door.json?.pairingCode ?? '', device: true });
    const atDoor = { 'x-terminal-token': doorPairing.json?.credential ?? '' };
    const challenge = await api(base, null, 'POST', '/api/clock/challenge', undefined, atDoor);
    // Another photo of the same person in the middle of a 640 × 480 grey camera frame, as the kiosk sends it.
    const { default: sharp } = await import('sharp');
    const face = await sharp(path.join(faces, 'amy2.png')).removeAlpha().resize(240, 240).raw().toBuffer();
    const frame = await sharp(face, { raw: { width: 240, height: 240, channels: 3 } })
      .extend({ left: 200, right: 200, top: 120, bottom: 120, background: { r: 128, g: 128, b: 128 } })
      .jpeg({ quality: 85 })
      .toBuffer();
    const facePunch = await api(
      base,
      null,
      'POST',
      '/api/clock',
      { action: 'break-in', descriptor: fixture.amy2.kiosk, photo: `data:image/jpeg;base64,${frame.toString('base64')}`, challenge: challenge.json?.nonce },
      atDoor,
    );
    check(
      facePunch.status === 200 && facePunch.json.employee?._id === employee,
      'a face punch is identified from its camera frame by the binary',
      `${challenge.status} ${facePunch.status} ${facePunch.text.slice(0, 300)}`,
    );
    const back = await api(base, null, 'POST', '/api/clock', { action: 'break-out', pin: PIN }, fromTerminal);
    check(back.status === 200, 'the break ends with the PIN', `${back.status} ${back.text}`);
  } else console.log('- face recognition not exercised under emulation');

  // The monthly record as PDF: pdfkit with the Noto Sans faces read from the executable's assets.
  const pdf = await fetchWithin(`${base}/api/reports/monthly-record/pdf?employee=${employee}&lang=es`, { headers: { authorization: `Bearer ${token}` } });
  const pdfBytes = Buffer.from(await pdf.arrayBuffer());
  check(pdf.status === 200 && pdf.headers.get('content-type') === 'application/pdf', 'the monthly record PDF downloads', `${pdf.status} ${pdf.headers.get('content-type')} ${pdfBytes.subarray(0, 300).toString('utf8')}`);
  check(pdfBytes.subarray(0, 5).toString('latin1') === '%PDF-' && pdfBytes.subarray(-6).toString('latin1').includes('%%EOF'), 'the download is a whole PDF');
  check(pdfBytes.length > 8_000 && pdfBytes.length < 300_000, 'the PDF has a reasonable size', `${pdfBytes.length} bytes`);
  check(pdfBytes.includes('+NotoSans-Regular') && pdfBytes.includes('+NotoSans-Bold'), 'the PDF embeds the Noto Sans faces (subsets)');

  // Pages and client files from inside the executable.
  const signIn = await fetchWithin(`${base}/sign-in`);
  const html = await signIn.text();
  check(signIn.status === 200 && html.includes('<html'), 'the sign-in page renders');
  const script = html.match(/\/_astro\/[\w.-]+\.(?:js|css)/)?.[0];
  check(script, 'the page links a built asset');
  const asset = await fetchWithin(base + script);
  check(asset.status === 200 && asset.headers.get('cache-control')?.includes('immutable'), `${script} is served, immutable`, `${asset.status} ${asset.headers.get('cache-control')}`);
  const model = await fetchWithin(`${base}/models/face_recognition_model.bin`);
  const modelBytes = Buffer.from(await model.arrayBuffer());
  const modelFile = readFileSync(path.join(distDir, 'client', 'models', 'face_recognition_model.bin'));
  check(model.status === 200 && model.headers.get('cache-control') === 'public, max-age=604800', 'face models are served with a week of caching');
  check(createHash('sha256').update(modelBytes).digest('hex') === createHash('sha256').update(modelFile).digest('hex'), 'the served face model equals the built file');
  const etag = model.headers.get('etag');
  const revalidated = await fetchWithin(`${base}/models/face_recognition_model.bin`, { headers: { 'if-none-match': etag } });
  check(revalidated.status === 304, 'a known ETag gets 304');
  check((await fetchWithin(`${base}/attributions.json`)).status === 200, 'attributions.json is served');

  await new Promise((r) => setTimeout(r, 1000));
  const rssIdle = rssMb(child.pid);

  // The CLI beside the running server.
  const help = cli(['--help'], port);
  check(help.code === 0 && help.out.includes('JORNADA_ADMIN_EMAIL') && help.out.includes('backup'), '--help lists the commands and the environment', help.out.slice(0, 300));
  // Without the memory tuning variables the binary re-executes itself with them; under an emulator
  // without binfmt_misc it cannot, and must start anyway, saying so in one JSON line.
  const untuned = cli(['--help'], port, ['MALLOC_MMAP_THRESHOLD_', 'UV_THREADPOOL_SIZE']);
  check(untuned.code === 0 && untuned.out.includes('JORNADA_ADMIN_EMAIL'), '--help works without the memory tuning variables (re-exec)', untuned.out.slice(0, 600));
  if (runner.length && existsSync('/proc/sys/kernel/arch')) {
    const warning = untuned.out.split('\n').find((line) => line.includes('runs emulated'));
    check(warning && JSON.parse(warning).level === 40, 'under emulation the re-exec is skipped with a JSON warning line', untuned.out.slice(0, 600));
  }
  const backup = cli(['backup'], port);
  check(backup.code === 0, '`backup` succeeds while the server runs', backup.out);
  const backupsDir = path.join(dataDir, 'backups');
  const backups = existsSync(backupsDir) ? readdirSync(backupsDir).filter((f) => f.endsWith('.db')) : [];
  check(backups.length >= 1, 'a backup file was written', backupsDir);
  const health = cli(['healthcheck'], port);
  check(health.code === 0, '`healthcheck` sees the running server', health.out);

  const stopMs = await stop();
  const down = cli(['healthcheck'], port);
  check(down.code === 1, '`healthcheck` fails once the server is down');

  // Backup -> wipe -> restore on a fresh DATA_DIR (issue 19): the file alone must bring back the
  // database, the photos and the instance secrets (an old PIN still punches).
  const kept = path.join(tmp, 'kept-backup.db');
  copyFileSync(path.join(backupsDir, backups.sort().at(-1)), kept);
  check((statSync(kept).mode & 0o777) === 0o600, 'the backup file is private (0600)', (statSync(kept).mode & 0o777).toString(8));
  rmSync(dataDir, { recursive: true, force: true });
  dataDir = path.join(tmp, 'fresh-data');
  const restore = cli(['restore', kept], port);
  check(restore.code === 0, '`restore FILE` into an empty DATA_DIR succeeds', restore.out);

  // A second start reuses the unpacked native libraries and finds the restored punch.
  const cached = readdirSync(cacheDir).filter((f) => f.startsWith('native-'));
  check(cached.length === 1 && readdirSync(cacheDir).length === 1, 'one unpacked addon folder, no leftovers', readdirSync(cacheDir).join(', '));
  const warmStart = await start(port);
  const relogin = await api(base, null, 'POST', '/api/user/login', ADMIN);
  const after = await api(base, relogin.json?.accessToken, 'GET', `/api/attendances?employee=${employee}`);
  check(after.status === 200 && after.json.data.length === 1, 'the restored database holds the punch');
  const out = await api(base, null, 'POST', '/api/clock', { action: 'check-out', pin: PIN }, fromTerminal);
  check(out.status === 200 && out.json.employee?._id === employee, 'the old PIN punches after the restore (secrets restored)', `${out.status} ${out.text}`);
  const shown = await fetchWithin(base + photoUrl, { headers: { authorization: `Bearer ${relogin.json?.accessToken}` } });
  check(
    shown.status === 200 &&
      createHash('sha256')
        .update(Buffer.from(await shown.arrayBuffer()))
        .digest('hex') === photoSha,
    'the old photo shows after the restore',
  );
  // Every line the server wrote is JSON (decision 041), and the process is named jornada.
  const comm = readFileSync(`/proc/${child.pid}/comm`, 'utf8').trim();
  check(runner.length > 0 || comm === 'jornada', 'the process is named jornada', comm);
  await stop();
  const notJson = output.split('\n').filter((line) => {
    if (line.trim() === '') return false;
    try {
      return typeof JSON.parse(line) !== 'object';
    } catch {
      return true;
    }
  });
  check(notJson.length === 0, 'every line the server wrote is JSON', notJson.slice(0, 3).join(' | '));

  const mb = (n) => `${n.toFixed(0)} MB`;
  console.log(`binary: ${path.basename(binary)} ${mb(statSync(binary).size / 1048576)}`);
  console.log(`start-up (spawn -> healthy): first ${coldStart.toFixed(0)} ms (unpacks addons), then ${warmStart.toFixed(0)} ms`);
  console.log(`resident memory: ${mb(rssStart)} when healthy, ${mb(rssIdle)} idle after the checks; SIGTERM -> exit 0 in ${stopMs.toFixed(0)} ms`);
  console.log(`binary smoke test: all ${checks} checks passed`);
}

try {
  await main();
} catch (error) {
  console.error(`binary smoke test FAILED after ${checks} checks: ${error.message}`);
  if (output) console.error(`--- binary output ---\n${output.slice(-4000)}`);
  if (child && child.exitCode === null) child.kill('SIGKILL');
  process.exitCode = 1;
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
