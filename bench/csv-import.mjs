// CSV import of 10,000 employees against the budget of docs/architecture.md (under 5 s, all or nothing).
//
// Starts the built server (`scripts/start.mjs --no-build --demo`, honouring JORNADA_DIST) on a free
// port with a fresh DATA_DIR, signs in as the demo administrator, and times from the client:
//   1. a dry run of the 10,000-row file (parse + every check, nothing written),
//   2. three imports of 10,000 new rows each (so the last one checks against 20,025 employees),
// each as one `POST /api/employees/import` including the upload of the ~2 MB JSON body, and checks
// that every row was written. The budget row is the slowest import.
//
//   JORNADA_DIST=dist node scripts/build.mjs && JORNADA_DIST=dist node bench/csv-import.mjs [rows]
import { makeCsv } from './lib/employee-csv.mjs';
import { demoHeaders, startServer } from './lib/server.mjs';
import { isMain, runAlone } from './lib/standalone.mjs';

const BUDGET_MS = 5_000;
const IMPORTS = 3;

export async function run({ rows: ROWS = 10_000, log = console.log } = {}) {
  const server = await startServer('bench-csv');
  try {
    const headers = await demoHeaders(server.url);
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
    log(`csv import: ${ROWS} rows per file, ${(Buffer.byteLength(files[0]) / 1024 / 1024).toFixed(2)} MB of CSV`);

    const dry = await post({ csv: files[0], dryRun: true });
    if (dry.status !== 201) throw new Error(`dry run answered ${dry.status}: ${JSON.stringify(dry.answer).slice(0, 500)}`);

    const before = await total();
    const times = [];
    for (let b = 0; b < IMPORTS; b++) {
      const run = await post({ csv: files[b] });
      if (run.status !== 201 || run.answer.created !== ROWS) throw new Error(`import ${b + 1} answered ${run.status}: ${JSON.stringify(run.answer).slice(0, 500)}`);
      times.push(run.ms);
    }
    const after = await total();
    if (after !== before + IMPORTS * ROWS) throw new Error(`expected ${before + IMPORTS * ROWS} employees, found ${after}`);
    const worst = Math.max(...times);
    return [
      {
        budget: 5,
        name: `CSV import of ${ROWS.toLocaleString('en-US')} employees (slowest of ${IMPORTS})`,
        measured: worst,
        limit: BUDGET_MS,
        unit: 'ms',
        direction: 'max',
        detail: `imports ${times.map((t) => t.toFixed(0)).join(' / ')} ms with ${before.toLocaleString('en-US')}-${(before + (IMPORTS - 1) * ROWS).toLocaleString('en-US')} employees before; dry run ${dry.ms.toFixed(0)} ms`,
      },
    ];
  } finally {
    await server.stop();
  }
}

if (isMain(import.meta.url)) runAlone(() => run({ rows: Number(process.argv[2] ?? 10_000) }));
