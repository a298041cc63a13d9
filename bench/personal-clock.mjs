// The personal clock's budgets (issue 36, decision 067): the JavaScript of /personal/clock under
// 100 KB gzipped, and a personal punch answered in under 300 ms.
//
// Signs in as the demo worker (employee@demo.jornada; the demo company has the personal clock on),
// weighs /personal/clock as js-weight.mjs weighs the admin pages, then sends the worker's punches
// of a day one after another over HTTP (`POST /api/personal/clock`): check-in, break-in, break-out,
// check-out — each a real write (engine, chain, audit, webhooks) — then 16 repeats of the
// check-out in the same (frozen) second: the double tap, answered in the same transaction with the
// first one's time, nothing written. The row is the slowest answer.
// Its own server's business clock is faked (JORNADA_FAKE_NOW_FILE): the demo is made on a Monday,
// the punches are sent on a Wednesday six weeks on at 09:00, inside the worker's shift window, so
// the four punches of the day are real writes whatever the hour the bench runs.
//
//   JORNADA_DIST=dist node scripts/build.mjs && JORNADA_DIST=dist node bench/personal-clock.mjs
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addDays, localDateTimeToUtcIso } from '../src/domain/time/zoned-time.ts';
import { measurePage } from './js-weight.mjs';
import { demoHeaders, startServer } from './lib/server.mjs';
import { isMain, runAlone } from './lib/standalone.mjs';

const JS_BUDGET_KB = 100;
const PUNCH_BUDGET_MS = 300;

const DEMO_DAY = '2027-03-01';
const ZONE = 'Europe/Lisbon';

export async function run({ log = console.log } = {}) {
  const clockDir = mkdtempSync(path.join(os.tmpdir(), 'jornada-bench-personal-'));
  const clockFile = path.join(clockDir, 'now');
  writeFileSync(clockFile, localDateTimeToUtcIso(DEMO_DAY, '09:00', ZONE));
  const server = await startServer('bench-personal-clock', { env: { JORNADA_TEST: '1', JORNADA_FAKE_NOW_FILE: clockFile } });
  writeFileSync(clockFile, localDateTimeToUtcIso(addDays(DEMO_DAY, 44), '09:00', ZONE));
  try {
    const headers = await demoHeaders(server.url, 'employee@demo.jornada');
    const page = await measurePage(server.url, headers, '/personal/clock');
    const punch = async (action) => {
      const t = performance.now();
      const res = await fetch(`${server.url}/api/personal/clock`, { method: 'POST', headers, body: JSON.stringify({ action, workMode: 'remote' }) });
      await res.text();
      return { action, status: res.status, ms: performance.now() - t };
    };
    const answers = [];
    for (const action of ['check-in', 'break-in', 'break-out', 'check-out']) answers.push(await punch(action));
    for (let i = 0; i < 16; i++) answers.push(await punch('check-out'));
    const written = answers.slice(0, 4).filter((a) => a.status === 200).length;
    const wrong = answers.filter((a) => a.status !== 200);
    if (wrong.length > 0) throw new Error(`unexpected answers: ${wrong.map((a) => `${a.action} ${a.status}`).join(', ')}`);
    const slowest = answers.reduce((a, b) => (b.ms > a.ms ? b : a));
    const sorted = answers.map((a) => a.ms).sort((a, b) => a - b);
    log(`personal clock: page ${page.gzipKb.toFixed(0)} KB gz; punches ${answers.map((a) => `${a.status}:${a.ms.toFixed(0)}`).join(' ')}`);
    return [
      {
        budget: 36,
        name: 'JS to /personal/clock, gzipped',
        measured: page.gzipKb,
        limit: JS_BUDGET_KB,
        unit: 'KB',
        direction: 'max',
        detail: `${page.files} files + ${page.inline} inline, ${page.rawKb.toFixed(0)} KB raw, largest ${page.largest
          .slice(0, 4)
          .map((f) => `${f.file.replace(/\.[\w-]+\.js$/, '')} ${f.gzipKb.toFixed(0)}`)
          .join(', ')}`,
      },
      {
        budget: 36,
        name: 'Personal punch answered (slowest of 20, one after another)',
        measured: slowest.ms,
        limit: PUNCH_BUDGET_MS,
        unit: 'ms',
        direction: 'max',
        detail: `${written} written + 16 double taps; median ${sorted[Math.floor(sorted.length / 2)].toFixed(0)} ms; slowest ${slowest.action} ${slowest.status}`,
      },
    ];
  } finally {
    await server.stop();
    rmSync(clockDir, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) runAlone(run);
