// `npm run bench`: every performance budget of docs/architecture.md in one run, one table, bench/results.json.
//
// Builds when stale (JORNADA_DIST honoured), then runs, in this order:
//   face match (in process) · startup and idle RSS (fresh servers) · a demo server with 10,000
//   imported employees (lists, JS weight, then clock punches) · a demo server with a generated
//   year of 500 employees (reports) · Excel export (own server, 100,000 rows) · CSV import
//   (own server) · the personal clock's page weight and punch (own demo server) · hostile sign-ins (own server: health, a page and a punch under a sign-in flood) ·
//   kiosk face punch (own server, Chromium with a fake camera and 4× CPU throttling) · the clock
//   punch on PostgreSQL against SQLite and on two servers, and month reports (bench/postgres.mjs). Each data set
//   is made once per run, in seconds, so nothing is cached.
// Prints the table (budget, measured, limit, ratio, verdict) and writes bench/results.json with
// the machine (CPUs, memory, Node, load average before and after: other work on the machine
// skews the figures) and every row (bench/results-partial.json with --only, not committed).
// Exit code 1 when a budget row fails; informational rows are shown, not counted.
//
//   npm run bench [-- --only face,startup,lists,reports,period-close,js,clock,personal,roster,export,csv,hostile,kiosk,postgres]
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { build, distDir, root as ROOT_DIR } from '../scripts/build.mjs';
import { run as exportBench } from './attendance-export.mjs';
import { run as clockBench } from './clock-punch.mjs';
import { run as csvBench } from './csv-import.mjs';
import { importEmployees, run as listBench } from './employee-list.mjs';
import { run as faceBench } from './face-match.mjs';
import { run as hostileBench } from './hostile-sign-in.mjs';
import { run as jsBench } from './js-weight.mjs';
import { run as kioskBench } from './kiosk-face.mjs';
import { generateYear, run as reportBench } from './reports.mjs';
import { run as periodCloseBench } from './period-close.mjs';
import { run as personalClockBench } from './personal-clock.mjs';
import { run as postgresBench } from './postgres.mjs';
import { run as rosterBench } from './roster.mjs';
import { demoHeaders, startServer } from './lib/server.mjs';
import { run as startupBench } from './startup.mjs';
import { failedStep, formatTable, judge, summary } from './lib/verdict.ts';

const ALL = ['face', 'startup', 'lists', 'reports', 'period-close', 'js', 'clock', 'personal', 'roster', 'export', 'csv', 'hostile', 'kiosk', 'postgres'];
const { values } = parseArgs({ options: { only: { type: 'string' } } });
const only = new Set(values.only ? values.only.split(',') : ALL);
const log = (line) => console.log(`  ${line}`);

const started = Date.now();
const loadBefore = os.loadavg();
if (build()) console.log('(built)');
console.log(`Jornada benchmarks: ${[...only].join(', ')} on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, Node ${process.version}, build ${path.relative(ROOT_DIR, distDir)}`);

const inputs = [];
// A bench that throws (one false reject at the kiosk, a refused punch) is a failed row of its own:
// the other rows and the table are still printed.
const step = async (name, fn) => {
  if (!only.has(name)) return;
  const t = performance.now();
  try {
    inputs.push(...(await fn()));
    log(`${name} done in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  } catch (error) {
    log(`${name} FAILED after ${((performance.now() - t) / 1000).toFixed(1)} s: ${error?.stack ?? error}`);
    inputs.push(failedStep(name, error));
  }
};

await step('face', () => faceBench());
await step('startup', () => startupBench({ log }));
if (['lists', 'js', 'clock'].some((n) => only.has(n))) {
  // 10,000 employees with PINs: the list budget's size, and enough people for the clock load.
  const server = await startServer('bench-lists');
  try {
    const t = performance.now();
    const total = await importEmployees(server.url, await demoHeaders(server.url), 10_000);
    log(`data: ${total} employees after the CSV import (${((performance.now() - t) / 1000).toFixed(1)} s)`);
    await step('lists', () => listBench({ server, log }));
    await step('js', () => jsBench({ server, log }));
    await step('clock', () => clockBench({ server, log }));
  } finally {
    await server.stop();
  }
}
if (only.has('reports') || only.has('period-close')) {
  // The report budget's data: 500 employees × a year of attendance on top of the demo company.
  const server = await startServer('bench-reports');
  try {
    const year = generateYear(server);
    log(`data: ${year.employees} employees with ${year.attendances} attendances over a year generated in ${year.seconds.toFixed(1)} s`);
    await step('reports', () => reportBench({ server, log }));
    await step('period-close', () => periodCloseBench({ server, log }));
  } finally {
    await server.stop();
  }
}
await step('personal', () => personalClockBench({ log }));
await step('roster', () => rosterBench({ log }));
await step('export', () => exportBench({ log }));
await step('csv', () => csvBench({ log }));
await step('hostile', () => hostileBench({ log }));
await step('kiosk', () => kioskBench({ log }));
await step('postgres', () => postgresBench({ log }));

const rows = inputs.map(judge);
const { passed, failed } = summary(rows);
console.log(`\n${formatTable(rows)}\n\n${passed} passed, ${failed} failed`);

const cpus = os.cpus();
const results = {
  date: new Date(started).toISOString(),
  durationSeconds: Math.round((Date.now() - started) / 1000),
  machine: {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model ?? null,
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    node: process.version,
    loadAverageBefore: loadBefore.map((l) => Number(l.toFixed(2))),
    loadAverageAfter: os.loadavg().map((l) => Number(l.toFixed(2))),
  },
  benches: [...only],
  summary: { passed, failed },
  rows: rows.map((r) => ({ ...r, measured: Number.isFinite(r.measured) ? Number(r.measured.toFixed(3)) : null, ratio: Number.isFinite(r.ratio) ? Number(r.ratio.toFixed(3)) : null })),
};
// A partial run (--only) must not replace the committed results of a full one.
const file = only.size === ALL.length ? 'results.json' : 'results-partial.json';
writeFileSync(path.join(ROOT_DIR, 'bench', file), JSON.stringify(results, null, 2) + '\n');
console.log(`bench/${file} written (${results.durationSeconds} s)`);
process.exitCode = failed === 0 ? 0 : 1;
