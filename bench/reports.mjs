// Reports and dashboards against DESIGN.md / issue 9: with 500 employees and a year of attendance
// (about 125,000 rows, from scripts/generate-bench-data.mjs on top of the demo data), each report
// and the dashboard render in under 300 ms on the server, and the month's attendance exports
// finish in under 5 s. Times are taken from the client on loopback (an upper bound of the
// server's time), 10 runs after 2 warm-ups; PASS/FAIL on the median. The ratio column compares
// each median with /api/health measured in the same run (the floor of any answer).
//
//   JORNADA_DIST=dist node scripts/build.mjs && node bench/reports.mjs
import { generateBenchData } from '../scripts/generate-bench-data.mjs';
import { demoHeaders, startServer } from './lib/server.mjs';

const PAGE_BUDGET_MS = 300;
const EXPORT_BUDGET_MS = 5000;
const RUNS = 10;
const WARM = 2;

const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))];

async function time(url, headers, runs = RUNS) {
  const times = [];
  let bytes = 0;
  for (let i = 0; i < runs + WARM; i++) {
    const started = performance.now();
    const res = await fetch(url, { headers });
    const body = await res.arrayBuffer();
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    if (i >= WARM) times.push(performance.now() - started);
    bytes = body.byteLength;
  }
  return { median: percentile(times, 50), p95: percentile(times, 95), bytes };
}

async function main() {
  const server = await startServer('bench-reports');
  try {
    const generated = performance.now();
    const counts = generateBenchData({ dataDir: server.dataDir, employees: 500, days: 365 });
    const generationSeconds = (performance.now() - generated) / 1000;
    const headers = { ...(await demoHeaders(server.url)), accept: 'text/html' };
    const today = (await (await fetch(`${server.url}/api/dashboard`, { headers })).json()).data.today;
    const month = today.slice(0, 7);
    const [y, m] = month.split('-').map(Number);
    const lastMonth = new Date(Date.UTC(y, m - 2, 1)).toISOString().slice(0, 7);
    const lastMonthEnd = new Date(Date.UTC(y, m - 1, 0)).toISOString().slice(0, 10);
    console.log(`Reports bench: ${counts.employees} generated employees (+25 demo), ${counts.attendances} generated attendances, ${counts.breaks} breaks, ${counts.leaves} leaves (generated in ${generationSeconds.toFixed(1)} s)`);
    console.log(`Budget: ${PAGE_BUDGET_MS} ms per page (median of ${RUNS}), ${EXPORT_BUDGET_MS} ms per month export\n`);

    const floor = (await time(`${server.url}/api/health`, headers, 20)).median;
    const pages = [
      ['dashboard', '/dashboard'],
      ['attendance report (this month)', '/reports/employee-attendance'],
      ['attendance report (last month)', `/reports/employee-attendance?from=${lastMonth}-01&to=${lastMonthEnd}`],
      ['attendance report (a year)', `/reports/employee-attendance?from=${y - 1}-${String(m).padStart(2, '0')}-01&to=${lastMonthEnd}`],
      ['attendance report JSON', `/api/reports/employee-attendance?month=${lastMonth}`],
      ['attendance report JSON (a year)', `/api/reports/employee-attendance?from=${y - 1}-${String(m).padStart(2, '0')}-01&to=${lastMonthEnd}`],
      ['monthly record, one employee', `/reports/employee-attendance?view=record&month=${lastMonth}&employee=30`],
      ['monthly record, all (page of 20)', `/reports/employee-attendance?view=record&month=${lastMonth}`],
      ['my attendance (personal record)', null],
      ['birthdays (all months)', '/reports/employee-birthdays?month=all'],
      ['leaves (year, balances)', '/reports/employee-leaves'],
      ['employee list', '/reports/employee-list'],
      ['employee schedule', '/reports/employee-schedule'],
      ['organization profile', '/reports/organization-profile'],
      ['user accounts', '/reports/user-accounts'],
      ['personal dashboard (manager)', null],
    ];
    const login = await fetch(`${server.url}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'manager@demo.jornada', password: 'Demo#2026' }) });
    const manager = { cookie: `token=${/token=([^;]+)/.exec(login.headers.getSetCookie().join(';'))?.[1]}` };
    let pass = true;
    const line = (name, r, budget) => {
      const ok = r.median < budget;
      pass &&= ok;
      console.log(
        `${name.padEnd(34)} median ${r.median.toFixed(1).padStart(7)} ms  p95 ${r.p95.toFixed(1).padStart(7)} ms  ${(r.median / floor).toFixed(0).padStart(4)} x health  ${(r.median / budget).toFixed(2)} x budget  ${(r.bytes / 1024).toFixed(0).padStart(5)} KB  ${ok ? 'PASS' : 'FAIL'}`,
      );
    };
    for (const [name, path] of pages) {
      if (path === null) {
        line(name, await time(`${server.url}${name.startsWith('my') ? `/personal/attendance?month=${lastMonth}` : '/personal/dashboard'}`, manager), PAGE_BUDGET_MS);
        continue;
      }
      line(name, await time(server.url + path, headers), PAGE_BUDGET_MS);
    }
    console.log('');
    const exports = [
      ['attendance report .xlsx (month)', `/api/reports/employee-attendance/export?month=${lastMonth}&lang=es`],
      ['monthly records .xlsx (525 sheets)', `/api/reports/monthly-record/export?month=${lastMonth}&lang=es`],
      ['attendance list .xlsx (month)', `/api/attendances/export?from=${lastMonth}-01&to=${lastMonthEnd}&lang=es`],
    ];
    for (const [name, path] of exports) line(name, await time(server.url + path, headers, 3), EXPORT_BUDGET_MS);
    console.log(`\nhealth floor ${floor.toFixed(2)} ms; ${pass ? 'all PASS' : 'some FAIL'}`);
    process.exitCode = pass ? 0 : 1;
  } finally {
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
