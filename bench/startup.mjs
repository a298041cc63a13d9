// Startup and idle memory against docs/architecture.md: the built server (and the single binary, when
// <distDir>/bin/jornada-linux-<arch> has been built) answers /api/health within 1 s of being
// spawned with a fresh DATA_DIR, and idles under 150 MB RSS after a sign-in and a few pages.
//
// Startup: STARTS spawns of `node scripts/start.mjs --no-build` (first run: migrations on an empty
// database, no account), polling /api/health every 5 ms; the row is the median. Idle RSS: a fresh
// server whose first account comes from JORNADA_ADMIN_EMAIL, three sign-ins (argon2 on up to
// three thread-pool threads), the dashboard, employee, attendance, report and clock pages and a
// JSON list, then SETTLE_MS of quiet; VmRSS of the server process.
//
//   JORNADA_DIST=dist node scripts/build.mjs && JORNADA_DIST=dist node bench/startup.mjs
import { existsSync } from 'node:fs';
import path from 'node:path';
import { distDir } from '../scripts/build.mjs';
import { demoHeaders, rssMb, startServer } from './lib/server.mjs';
import { isMain, runAlone } from './lib/standalone.mjs';
import { percentile } from './lib/verdict.ts';

const STARTUP_BUDGET_MS = 1_000;
const RSS_BUDGET_MB = 150;
const STARTS = 5;
const SETTLE_MS = 3_000;
const ADMIN = { JORNADA_ADMIN_EMAIL: 'bench-admin@example.com', JORNADA_ADMIN_PASSWORD: 'Bench#Admin-2026' };
const PAGES = ['/dashboard', '/employees', '/attendance', '/reports/employee-attendance', '/clock', '/api/employees?pageSize=25'];

export const binaryPath = () => path.join(distDir, 'bin', `jornada-linux-${process.arch}`);

async function startupMs(label, command) {
  const times = [];
  for (let i = 0; i < STARTS; i++) {
    const server = await startServer(label, { demo: false, command, pollMs: 5 });
    times.push(server.startupMs);
    await server.stop();
  }
  return times;
}

async function idleRss(label, command) {
  const server = await startServer(label, { demo: false, command, env: ADMIN });
  try {
    const afterStart = rssMb(server.pid);
    let headers;
    for (let i = 0; i < 3; i++) headers = await demoHeaders(server.url, ADMIN.JORNADA_ADMIN_EMAIL, ADMIN.JORNADA_ADMIN_PASSWORD);
    for (const page of PAGES) {
      const res = await fetch(server.url + page, { headers: { ...headers, accept: page.startsWith('/api/') ? 'application/json' : 'text/html' } });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${page} answered ${res.status}`);
    }
    const afterPages = rssMb(server.pid);
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    return { afterStart, afterPages, settled: rssMb(server.pid) };
  } finally {
    await server.stop();
  }
}

export async function run({ log = console.log } = {}) {
  const targets = [['built server', undefined]];
  if (existsSync(binaryPath())) targets.push(['single binary', [binaryPath()]]);
  else log(`startup: no single binary at ${path.relative(process.cwd(), binaryPath())} (npm run build:binary), measuring the built server only`);
  const rows = [];
  for (const [label, command] of targets) {
    const times = await startupMs(`bench-startup`, command);
    rows.push({
      budget: 6,
      name: `Startup of the ${label} (fresh DATA_DIR, median of ${STARTS})`,
      measured: percentile(times, 50),
      limit: STARTUP_BUDGET_MS,
      unit: 'ms',
      direction: 'max',
      detail: `runs ${times.map((t) => t.toFixed(0)).join(' / ')} ms`,
    });
    const rss = await idleRss('bench-rss', command);
    rows.push({
      budget: 6,
      name: `Idle RSS of the ${label} (after sign-ins and pages)`,
      measured: rss.settled,
      limit: RSS_BUDGET_MB,
      unit: 'MB',
      direction: 'max',
      detail: `${rss.afterStart.toFixed(0)} MB after start, ${rss.afterPages.toFixed(0)} MB after 3 sign-ins and ${PAGES.length} pages, then ${SETTLE_MS / 1000} s idle`,
    });
  }
  return rows;
}

if (isMain(import.meta.url)) runAlone(run);
