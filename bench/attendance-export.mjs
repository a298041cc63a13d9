// Excel export of 100,000 attendance rows against docs/architecture.md (under 5 s, server under 300 MB RSS).
//
// Starts the built server (`scripts/start.mjs --no-build --demo`, honouring JORNADA_DIST) on a free
// port with a fresh DATA_DIR; once it has created the schema and the demo data, adds 400
// employees and 100,000 attendance rows (with a break each, some late, some early, some with
// formula-like reasons) straight into its database in one better-sqlite3 transaction. Then times
// `GET /api/attendances/export` (every row, streamed) from the client, sampling the server
// process's VmRSS (/proc/<pid>/status) every 10 ms meanwhile. Prints time, bytes, peak RSS (and
// RSS before) against the budgets. Finally reads the file back with exceljs' streaming reader
// to check it holds every row (an incomplete file fails the time row).
//
//   JORNADA_DIST=dist node scripts/build.mjs && JORNADA_DIST=dist node bench/attendance-export.mjs [rows]
import path from 'node:path';
import { Readable } from 'node:stream';
import Database from 'better-sqlite3';
import ExcelJS from 'exceljs';
import { demoHeaders, rssMb, startServer } from './lib/server.mjs';
import { isMain, runAlone } from './lib/standalone.mjs';

const EMPLOYEES = 400;
const BUDGET_MS = 5_000;
const BUDGET_RSS_MB = 300;

/** Adds employees and `ROWS` attendances (one break each) directly into the database. */
function seed(dataDir, ROWS) {
  const db = new Database(path.join(dataDir, 'jornada.db'));
  db.pragma('busy_timeout = 10000');
  const started = performance.now();
  const template = db.prepare('select * from employees order by id limit 1').get();
  const insertEmployee = db.prepare(
    `insert into employees (first_name, last_name, gender, email, national_id, company_id, department_id, job_title_id, leave_group_id,
       employment_type, pin_key, status, created_at, updated_at)
     values (?, ?, 'female', ?, ?, ?, ?, ?, ?, 'regular', ?, 'active', ?, ?)`,
  );
  const insertAttendance = db.prepare(
    `insert into attendances (employee_id, date, timezone, time_in, time_out, worked_seconds, break_seconds, status_in, late_seconds,
       early_departure_seconds, reason, source, revision, created_by, created_at, updated_at)
     values (?, ?, 'Europe/Lisbon', ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, null, ?, ?)`,
  );
  const insertBreak = db.prepare('insert into attendance_breaks (attendance_id, start_at, end_at) values (?, ?, ?)');
  const iso = (ms) => new Date(ms).toISOString();
  const reasons = ['=1+1', '+34 600 000 000', '-', '@home', 'Olvidó fichar a la salida', 'Reloj sin conexión'];
  db.transaction(() => {
    const ids = [];
    for (let i = 0; i < EMPLOYEES; i++) {
      const at = new Date().toISOString();
      ids.push(
        Number(
          insertEmployee.run(
            `Nombre${i}`,
            `Apellido${String(i).padStart(3, '0')} Bench`,
            `bench${i}@example.com`,
            `B${String(10_000_000 + i)}`,
            template.company_id,
            template.department_id,
            template.job_title_id,
            template.leave_group_id,
            `bench-pin-${i}`,
            at,
            at,
          ).lastInsertRowid,
        ),
      );
    }
    const perEmployee = Math.ceil(ROWS / EMPLOYEES);
    const firstDay = Date.UTC(2024, 0, 1);
    let n = 0;
    for (let e = 0; e < EMPLOYEES && n < ROWS; e++) {
      for (let d = 0; d < perEmployee && n < ROWS; d++, n++) {
        const day = firstDay + d * 86_400_000;
        const date = new Date(day).toISOString().slice(0, 10);
        const late = n % 9 === 0 ? 600 + (n % 1200) : 0;
        const early = n % 13 === 0 ? 900 : 0;
        const timeIn = day + 9 * 3_600_000 + late * 1000 - (late ? 0 : (n % 600) * 1000);
        const timeOut = day + 17 * 3_600_000 - early * 1000;
        const open = n % 997 === 0;
        const breakStart = day + 13 * 3_600_000;
        const breakEnd = breakStart + 1_800_000;
        const worked = open ? null : Math.round((timeOut - timeIn) / 1000) - 1800;
        const manual = n % 50 === 0;
        const id = Number(
          insertAttendance.run(
            ids[e],
            date,
            iso(timeIn),
            open ? null : iso(timeOut),
            worked,
            1800,
            late ? 'late' : 'on_time',
            late,
            open ? 0 : early,
            manual ? reasons[n % reasons.length] : null,
            manual ? 'manual' : 'clock',
            iso(timeIn),
            iso(open ? timeIn : timeOut),
          ).lastInsertRowid,
        );
        insertBreak.run(id, iso(breakStart), iso(breakEnd));
      }
    }
  })();
  const count = db.prepare('select count(*) as n from attendances').get().n;
  db.close();
  return { count, seconds: (performance.now() - started) / 1000 };
}

async function countRows(buffer) {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([buffer]), { worksheets: 'emit', sharedStrings: 'cache', styles: 'ignore' });
  let rows = 0;
  for await (const sheet of reader) for await (const _row of sheet) rows++;
  return rows;
}

export async function run({ rows: ROWS = 100_000, log = console.log } = {}) {
  const server = await startServer('bench-export');
  try {
    const headers = await demoHeaders(server.url);
    const seeded = seed(server.dataDir, ROWS);
    const total = (await (await fetch(`${server.url}/api/attendances?pageSize=1`, { headers })).json()).total;
    if (total !== seeded.count) throw new Error(`the list shows ${total} attendances, the database holds ${seeded.count}`);
    log(`excel export: ${total} attendance rows seeded in ${seeded.seconds.toFixed(1)} s`);

    // Warm-up: a small export, so the timed one does not pay for loading exceljs.
    await (await fetch(`${server.url}/api/attendances/export?pageSize=1&from=2024-01-01&to=2024-01-01`, { headers })).arrayBuffer();
    const before = rssMb(server.pid);

    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMb(server.pid));
    }, 10);
    const started = performance.now();
    const res = await fetch(`${server.url}/api/attendances/export`, { headers });
    if (res.status !== 200) throw new Error(`export answered ${res.status}`);
    const chunks = [];
    let bytes = 0;
    let firstByteMs;
    for await (const chunk of res.body) {
      firstByteMs ??= performance.now() - started;
      chunks.push(chunk);
      bytes += chunk.byteLength;
    }
    const ms = performance.now() - started;
    clearInterval(sampler);
    peak = Math.max(peak, rssMb(server.pid));

    const rows = await countRows(Buffer.concat(chunks));
    const complete = rows === total + 1;
    return [
      {
        budget: 4,
        name: `Excel export of ${total.toLocaleString('en-US')} attendance rows`,
        measured: complete ? ms : NaN,
        limit: BUDGET_MS,
        unit: 'ms',
        direction: 'max',
        detail: `first byte ${firstByteMs.toFixed(0)} ms, ${(bytes / 1024 / 1024).toFixed(1)} MB, ${rows - 1} rows read back${complete ? '' : ' (INCOMPLETE)'}`,
      },
      { budget: 4, name: 'Excel export: server peak RSS', measured: peak, limit: BUDGET_RSS_MB, unit: 'MB', direction: 'max', detail: `${before.toFixed(0)} MB before the export` },
    ];
  } finally {
    await server.stop();
  }
}

if (isMain(import.meta.url)) runAlone(() => run({ rows: Number(process.argv[2] ?? 100_000) }));
