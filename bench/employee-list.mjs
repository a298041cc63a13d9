// Employee list with 10,000 employees against DESIGN.md / issue 5 (a page in under 100 ms on the
// server). Imports 10,000 employees into the demo data, then times, from the client on loopback,
// 30 requests each of: the JSON list (first page, a middle page, a search, a sort by department,
// archived filter) and the server-rendered /employees page. Prints median and p95 and PASS/FAIL
// on the median of each against the budget.
//
//   node scripts/build.mjs && node bench/employee-list.mjs
import { makeCsv } from './lib/employee-csv.mjs';
import { demoHeaders, startServer } from './lib/server.mjs';

const BUDGET_MS = 100;
const RUNS = 30;

const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))];

async function main() {
  const server = await startServer('bench-list');
  try {
    const headers = await demoHeaders(server.url);
    const imported = await fetch(`${server.url}/api/employees/import`, { method: 'POST', headers, body: JSON.stringify({ csv: makeCsv(10_000, 1) }) });
    if (imported.status !== 201) throw new Error(`import answered ${imported.status}`);
    const total = (await (await fetch(`${server.url}/api/employees?pageSize=1`, { headers })).json()).total;
    console.log(`Employee list bench: ${total} employees, ${RUNS} runs each, budget ${BUDGET_MS} ms (median)`);
    const cases = [
      ['API first page', '/api/employees?pageSize=25'],
      ['API page 200', '/api/employees?pageSize=25&page=200'],
      ['API search "Apellido77"', '/api/employees?q=Apellido77&pageSize=25'],
      ['API sort by department desc', '/api/employees?sort=department&dir=desc&pageSize=25'],
      ['API archived filter', '/api/employees?status=archived&pageSize=25'],
      ['HTML /employees', '/employees'],
    ];
    let pass = true;
    for (const [name, path] of cases) {
      const times = [];
      for (let i = 0; i < RUNS + 3; i++) {
        const started = performance.now();
        const res = await fetch(server.url + path, { headers });
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`${path} answered ${res.status}`);
        if (i >= 3) times.push(performance.now() - started);
      }
      const median = percentile(times, 50);
      const ok = median < BUDGET_MS;
      pass &&= ok;
      console.log(`${name.padEnd(30)} median ${median.toFixed(1).padStart(6)} ms  p95 ${percentile(times, 95).toFixed(1).padStart(6)} ms  ${(median / BUDGET_MS).toFixed(2)} x budget  ${ok ? 'PASS' : 'FAIL'}`);
    }
    process.exitCode = pass ? 0 : 1;
  } finally {
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
