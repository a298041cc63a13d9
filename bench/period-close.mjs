// The month-close screen against issue 21 point 3 / decision 051: with 500 employees and a year of
// attendance (scripts/generate-bench-data.mjs on top of the demo data, as bench/reports.mjs), the
// screen of last month (every employee's totals and exceptions from the legal record) renders in
// under 300 ms on the server. Times are taken from the client on loopback (an upper bound of the
// server's time), 10 runs after 3 warm-ups: the median against the budget, with p95, the ratio to
// /api/health measured in the same run (the floor of any answer) and the size.
//
//   JORNADA_DIST=dist node scripts/build.mjs && JORNADA_DIST=dist node bench/period-close.mjs
import { timeGet } from './employee-list.mjs';
import { generateYear } from './reports.mjs';
import { demoHeaders, startServer } from './lib/server.mjs';
import { isMain, runAlone } from './lib/standalone.mjs';

const PAGE_BUDGET_MS = 300;
const RUNS = 10;

/** `server`: a demo server that already holds the generated year (else one is started and filled). */
export async function run({ server: shared, log = console.log } = {}) {
  const server = shared ?? (await startServer('bench-period-close'));
  try {
    if (!shared) {
      const counts = generateYear(server);
      log(`period-close: generated ${counts.employees} employees, ${counts.attendances} attendances in ${counts.seconds.toFixed(1)} s`);
    }
    const headers = { ...(await demoHeaders(server.url)), accept: 'text/html' };
    const view = (await (await fetch(`${server.url}/api/periods`, { headers })).json()).data;
    const date = view.period.from;
    // Half of the employees approved, so the screen reads approvals too.
    const half = view.rows.slice(0, Math.floor(view.rows.length / 2)).map((r) => r.employee.id);
    const approved = await fetch(`${server.url}/api/periods/approve`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ date, employees: half }),
    });
    if (!approved.ok) throw new Error(`approve answered ${approved.status}: ${(await approved.text()).slice(0, 300)}`);
    const floor = (await timeGet(`${server.url}/api/health`, headers, 20)).median;
    log(`period-close: ${view.rows.length} employees in ${date.slice(0, 7)}, ${half.length} approved; /api/health floor ${floor.toFixed(1)} ms`);
    const rows = [];
    for (const [name, path] of [
      [`period-close screen, ${view.rows.length} employees`, `/period-close?date=${date}`],
      [`period-close JSON, ${view.rows.length} employees`, `/api/periods?date=${date}`],
    ]) {
      const r = await timeGet(server.url + path, headers, RUNS);
      rows.push({
        budget: 3,
        name: `period-close: ${name}`,
        measured: r.median,
        limit: PAGE_BUDGET_MS,
        unit: 'ms',
        direction: 'max',
        detail: `p95 ${r.p95.toFixed(0)} ms, ${(r.median / floor).toFixed(0)}× health, ${(r.bytes / 1024).toFixed(0)} KB`,
      });
    }
    return rows;
  } finally {
    if (!shared) await server.stop();
  }
}

if (isMain(import.meta.url)) runAlone(run);
