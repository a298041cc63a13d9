// Reports and dashboards against docs/architecture.md / issue 9: with 500 employees and a year of attendance
// (about 125,000 rows, from scripts/generate-bench-data.mjs on top of the demo data), each report
// and the dashboard render in under 300 ms on the server, and the month's attendance exports
// finish in under 5 s. Times are taken from the client on loopback (an upper bound of the
// server's time), 10 runs after 3 warm-ups; each row is the median against the budget, with p95,
// the ratio to /api/health measured in the same run (the floor of any answer) and the size.
//
//   JORNADA_DIST=dist node scripts/build.mjs && JORNADA_DIST=dist node bench/reports.mjs
import { generateBenchData } from '../scripts/generate-bench-data.mjs';
import { timeGet } from './employee-list.mjs';
import { demoHeaders, startServer } from './lib/server.mjs';
import { isMain, runAlone } from './lib/standalone.mjs';

const PAGE_BUDGET_MS = 300;
const EXPORT_BUDGET_MS = 5000;
const RUNS = 10;

/** Adds the 500 × 365 history to a running demo server's database; returns the counts. */
export function generateYear(server) {
  const started = performance.now();
  const counts = generateBenchData({ dataDir: server.dataDir, employees: 500, days: 365 });
  return { ...counts, seconds: (performance.now() - started) / 1000 };
}

/** `server`: a demo server that already holds the generated year (else one is started and filled). */
export async function run({ server: shared, log = console.log } = {}) {
  const server = shared ?? (await startServer('bench-reports'));
  try {
    if (!shared) {
      const counts = generateYear(server);
      log(`reports: generated ${counts.employees} employees, ${counts.attendances} attendances, ${counts.leaves} leaves in ${counts.seconds.toFixed(1)} s`);
    }
    const headers = { ...(await demoHeaders(server.url)), accept: 'text/html' };
    const today = (await (await fetch(`${server.url}/api/dashboard`, { headers })).json()).data.today;
    const month = today.slice(0, 7);
    const [y, m] = month.split('-').map(Number);
    const lastMonth = new Date(Date.UTC(y, m - 2, 1)).toISOString().slice(0, 7);
    const lastMonthEnd = new Date(Date.UTC(y, m - 1, 0)).toISOString().slice(0, 10);
    const yearFrom = `${y - 1}-${String(m).padStart(2, '0')}-01`;

    const floor = (await timeGet(`${server.url}/api/health`, headers, 20)).median;
    const login = await fetch(`${server.url}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'manager@demo.jornada', password: 'Demo#2026' }) });
    const manager = { accept: 'text/html', cookie: `token=${/token=([^;]+)/.exec(login.headers.getSetCookie().join(';'))?.[1]}` };
    const pages = [
      ['dashboard', '/dashboard', headers],
      ['attendance report, this month', '/reports/employee-attendance', headers],
      ['attendance report, last month', `/reports/employee-attendance?from=${lastMonth}-01&to=${lastMonthEnd}`, headers],
      ['attendance report, a year', `/reports/employee-attendance?from=${yearFrom}&to=${lastMonthEnd}`, headers, true],
      ['attendance report JSON, a month', `/api/reports/employee-attendance?month=${lastMonth}`, headers],
      ['attendance report JSON, a year', `/api/reports/employee-attendance?from=${yearFrom}&to=${lastMonthEnd}`, headers, true],
      ['monthly record, one employee', `/reports/employee-attendance?view=record&month=${lastMonth}&employee=30`, headers],
      ['monthly record, all (page of 20)', `/reports/employee-attendance?view=record&month=${lastMonth}`, headers],
      ['birthdays, all months', '/reports/employee-birthdays?month=all', headers],
      ['leaves, a year with balances', '/reports/employee-leaves', headers],
      ['employee list report', '/reports/employee-list', headers],
      ['employee schedule report', '/reports/employee-schedule', headers],
      ['organization profile', '/reports/organization-profile', headers],
      ['user accounts', '/reports/user-accounts', headers],
      ['my attendance (manager)', `/personal/attendance?month=${lastMonth}`, manager],
      ['personal dashboard (manager)', '/personal/dashboard', manager],
    ];
    log(`reports: ${pages.length} pages, ${RUNS} runs each; /api/health floor ${floor.toFixed(1)} ms`);
    const rows = [];
    // A year-long report is beyond the budget (a month report over the year's data): shown, not judged.
    for (const [name, path, h, beyond = false] of pages) {
      const r = await timeGet(server.url + path, h, RUNS);
      rows.push({
        budget: 3,
        informational: beyond,
        name: `report: ${name}${beyond ? ' (beyond the budget)' : ''}`,
        measured: r.median,
        limit: PAGE_BUDGET_MS,
        unit: 'ms',
        direction: 'max',
        detail: `p95 ${r.p95.toFixed(0)} ms, ${(r.median / floor).toFixed(0)}× health, ${(r.bytes / 1024).toFixed(0)} KB`,
      });
    }
    const exports = [
      ['attendance report .xlsx, a month', `/api/reports/employee-attendance/export?month=${lastMonth}&lang=es`],
      ['monthly records .xlsx, all employees', `/api/reports/monthly-record/export?month=${lastMonth}&lang=es`],
      ['attendance list .xlsx, a month', `/api/attendances/export?from=${lastMonth}-01&to=${lastMonthEnd}&lang=es`],
    ];
    for (const [name, path] of exports) {
      const r = await timeGet(server.url + path, headers, 3, 1);
      rows.push({ budget: 4, name: `export: ${name}`, measured: r.median, limit: EXPORT_BUDGET_MS, unit: 'ms', direction: 'max', detail: `${(r.bytes / 1024).toFixed(0)} KB` });
    }
    return rows;
  } finally {
    if (!shared) await server.stop();
  }
}

if (isMain(import.meta.url)) runAlone(run);
