// The roster's budgets (issue 39, decision 085): on a demo server with a department of 200 active
// employees (seeded here straight into the database, with weekday schedules), the grid answer
// `GET /api/roster` for 31 days (the month filled from the schedules, half of it published) under
// 300 ms, and one assignment `POST /api/roster/shifts` under 100 ms. Times are taken from the
// client on loopback (an upper bound of the server's), medians after warm-ups, with the ratio to
// /api/health measured in the same run (the floor of any answer).
//
//   JORNADA_DIST=dist node scripts/build.mjs && JORNADA_DIST=dist node bench/roster.mjs
import Database from 'better-sqlite3';
import path from 'node:path';
import { percentile } from './lib/verdict.ts';
import { timeGet } from './employee-list.mjs';
import { demoHeaders, startServer } from './lib/server.mjs';
import { isMain, runAlone } from './lib/standalone.mjs';

const GRID_BUDGET_MS = 300;
const ASSIGN_BUDGET_MS = 100;
const EMPLOYEES = 200;
const RUNS = 10;
// A month far from the demo data: nothing is locked there. 2031-01-01 is a Wednesday.
const FROM = '2031-01-01';
const TO = '2031-01-31';

/** A department of `count` active employees with a weekday schedule each; returns its id. */
function seedDepartment(dataDir, count) {
  const db = new Database(path.join(dataDir, 'jornada.db'));
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 10000');
  const at = new Date().toISOString();
  try {
    return db.transaction(() => {
      const company = db.prepare('select id from companies order by id limit 1').get().id;
      const group = db.prepare('select id from leave_groups where company_id = ? order by id limit 1').get(company).id;
      const dep = Number(db.prepare('insert into departments (name, company_id, created_at, updated_at) values (?, ?, ?, ?)').run('Bench roster', company, at, at).lastInsertRowid);
      const job = Number(db.prepare('insert into job_titles (name, department_id, company_id, created_at, updated_at) values (?, ?, ?, ?, ?)').run('Turnos', dep, company, at, at).lastInsertRowid);
      const employee = db.prepare(
        `insert into employees (first_name, last_name, gender, email, national_id, company_id, department_id, job_title_id, leave_group_id,
          employment_type, pin_key, status, birthday, official_start_date, created_at, updated_at)
         values (?, ?, 'female', ?, ?, ?, ?, ?, ?, 'regular', ?, 'active', '1990-01-01', '2020-01-01', ?, ?)`,
      );
      const schedule = db.prepare(
        `insert into schedules (employee_id, start_time, off_time, total_hours, rest_days, from_date, to_date, status, created_at, updated_at)
         values (?, ?, ?, 7.5, '["Saturday","Sunday"]', '2020-01-01', null, 'current', ?, ?)`,
      );
      for (let i = 1; i <= count; i++) {
        const id = Number(
          employee.run(
            `Turno${i}`,
            `Plantilla ${String(i).padStart(3, '0')}`,
            `turno${i}@bench.test`,
            `R${String(i).padStart(7, '0')}X`,
            company,
            dep,
            job,
            group,
            `roster:${String(i).padStart(8, '0')}`.padEnd(64, '-'),
            at,
            at,
          ).lastInsertRowid,
        );
        const late = i % 3 === 0;
        schedule.run(id, late ? '14:00' : '07:00', late ? '22:00' : '15:00', at, at);
      }
      return dep;
    })();
  } finally {
    db.close();
  }
}

async function post(url, headers, body) {
  const res = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
  const text = await res.text();
  if (!res.ok) throw new Error(`${url} answered ${res.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

export async function run({ log = console.log } = {}) {
  const server = await startServer('bench-roster');
  try {
    const department = seedDepartment(server.dataDir, EMPLOYEES);
    const headers = await demoHeaders(server.url);
    const template = (await post(`${server.url}/api/shift-templates`, headers, { name: 'Mañana', startTime: '07:00', endTime: '15:00', breakMinutes: 30, colour: '#2563eb', department })).data._id;
    const filled = await post(`${server.url}/api/roster/fill`, headers, { department, from: FROM, to: TO });
    const published = await post(`${server.url}/api/roster/publish`, headers, { department, from: FROM, to: '2031-01-15' });
    const employees = (await (await fetch(`${server.url}/api/roster?department=${department}&from=${FROM}&to=${FROM}`, { headers })).json()).employees.map((e) => e._id);
    const floor = (await timeGet(`${server.url}/api/health`, headers, 20)).median;
    log(`roster: ${employees.length} employees, ${filled.created} draft shifts in ${FROM.slice(0, 7)}, ${published.changedDays} days published; /api/health floor ${floor.toFixed(1)} ms`);

    const grid = await timeGet(`${server.url}/api/roster?department=${department}&from=${FROM}&to=${TO}`, headers, RUNS);
    // Each assignment a free cell: the employees' first Saturday of February (the fill left weekends empty).
    const times = [];
    for (let i = 0; i < RUNS + 3; i++) {
      const started = performance.now();
      await post(`${server.url}/api/roster/shifts`, headers, { department, employee: employees[i], date: '2031-02-01', template });
      if (i >= 3) times.push(performance.now() - started);
    }
    const assign = percentile(times, 50);
    return [
      {
        budget: 39,
        name: `roster: grid answer, ${employees.length} employees × 31 days`,
        measured: grid.median,
        limit: GRID_BUDGET_MS,
        unit: 'ms',
        direction: 'max',
        detail: `p95 ${grid.p95.toFixed(0)} ms, ${(grid.median / floor).toFixed(0)}× health, ${(grid.bytes / 1024).toFixed(0)} KB`,
      },
      {
        budget: 39,
        name: 'roster: one assignment (POST /api/roster/shifts)',
        measured: assign,
        limit: ASSIGN_BUDGET_MS,
        unit: 'ms',
        direction: 'max',
        detail: `p95 ${percentile(times, 95).toFixed(0)} ms, ${(assign / floor).toFixed(0)}× health`,
      },
    ];
  } finally {
    await server.stop();
  }
}

if (isMain(import.meta.url)) runAlone(run);
