// Lists with 10,000 employees against docs/architecture.md (any page renders in under 300 ms on the server).
// Imports 10,000 employees into the demo data (unless the caller's server already holds them), then
// times from the client on loopback (an upper bound of the server's time) RUNS requests each of the
// JSON employee list (first page, a middle page, a search, a sort, a filter) and every admin list
// page's server-rendered HTML. Each row is the median against the budget, p95 in the detail.
//
//   JORNADA_DIST=dist node scripts/build.mjs && JORNADA_DIST=dist node bench/employee-list.mjs
import { makeCsv } from './lib/employee-csv.mjs';
import { demoHeaders, startServer } from './lib/server.mjs';
import { isMain, runAlone } from './lib/standalone.mjs';
import { percentile } from './lib/verdict.ts';

const BUDGET_MS = 300;
const RUNS = 15;
const WARM = 3;

/** Admin list pages (server-rendered HTML; their islands then call the JSON lists). */
export const LIST_PAGES = ['/employees', '/attendance', '/schedule', '/leave-list', '/users', '/department', '/company', '/jobtitle', '/leavetype', '/leavegroup', '/holidays'];

/** Median and p95 (ms) of `runs` GETs after `warm` discarded ones; throws on a non-2xx answer. */
export async function timeGet(url, headers, runs = RUNS, warm = WARM) {
  const times = [];
  let bytes = 0;
  for (let i = 0; i < runs + warm; i++) {
    const started = performance.now();
    const res = await fetch(url, { headers, redirect: 'manual' });
    const body = await res.arrayBuffer();
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    if (i >= warm) times.push(performance.now() - started);
    bytes = body.byteLength;
  }
  return { median: percentile(times, 50), p95: percentile(times, 95), bytes };
}

/** Imports `count` employees (with PINs) through the CSV import; returns how many there are now. */
export async function importEmployees(url, headers, count = 10_000) {
  const imported = await fetch(`${url}/api/employees/import`, { method: 'POST', headers, body: JSON.stringify({ csv: makeCsv(count, 1) }) });
  if (imported.status !== 201) throw new Error(`import answered ${imported.status}: ${(await imported.text()).slice(0, 300)}`);
  return (await (await fetch(`${url}/api/employees?pageSize=1`, { headers })).json()).total;
}

export async function run({ server: shared, log = console.log } = {}) {
  const server = shared ?? (await startServer('bench-list'));
  try {
    const headers = await demoHeaders(server.url);
    let total = (await (await fetch(`${server.url}/api/employees?pageSize=1`, { headers })).json()).total;
    if (total < 10_000) total = await importEmployees(server.url, headers);
    const lastPage = Math.ceil(total / 25);
    log(`lists: ${total} employees, ${RUNS} runs per page`);
    const cases = [
      ['API employees, first page', '/api/employees?pageSize=25'],
      [`API employees, page ${Math.round(lastPage / 2)}`, `/api/employees?pageSize=25&page=${Math.round(lastPage / 2)}`],
      ['API employees, search', '/api/employees?q=Apellido77&pageSize=25'],
      ['API employees, sort by department', '/api/employees?sort=department&dir=desc&pageSize=25'],
      ['API employees, archived filter', '/api/employees?status=archived&pageSize=25'],
      ['API attendances, first page', '/api/attendances?pageSize=25'],
      ...LIST_PAGES.map((page) => [`HTML ${page}`, page]),
    ];
    const rows = [];
    for (const [name, path] of cases) {
      const r = await timeGet(server.url + path, { ...headers, accept: path.startsWith('/api/') ? 'application/json' : 'text/html' });
      rows.push({ budget: 3, name: `list: ${name}`, measured: r.median, limit: BUDGET_MS, unit: 'ms', direction: 'max', detail: `p95 ${r.p95.toFixed(0)} ms, ${(r.bytes / 1024).toFixed(0)} KB` });
    }
    return rows;
  } finally {
    if (!shared) await server.stop();
  }
}

if (isMain(import.meta.url)) runAlone(run);
