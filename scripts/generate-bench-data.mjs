// Fills a Jornada database with a large, realistic history for the report benchmarks (issue 9):
// by default 500 employees in 10 departments with day, early, late and night shifts (rest days
// on weekends or Sunday/Monday), a year of attendance up to yesterday (about 125,000 rows) with
// breaks, lateness, early departures and overtime computed the way the clock computes them
// (real instants in the company's time zone, so DST nights last 7 or 9 hours), and approved and
// pending leave. Deterministic for a given --today and --seed.
//
//   node scripts/generate-bench-data.mjs --data-dir DIR [--employees 500] [--days 365]
//        [--today YYYY-MM-DD] [--seed 1]
//
// The database must exist and be migrated (start the server on DATA_DIR once, e.g. with --demo);
// the company, roles and leave types there are reused. Safe while the server runs (WAL).
// Needs Node 24 (it imports the app's TypeScript time-zone helpers directly).
import Database from 'better-sqlite3';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { addDays, localDateOf, localDateTimeToUtcIso, weekdayOf } from '../src/domain/time/zoned-time.ts';

const SHIFTS = [
  { start: '09:00', off: '17:00', rest: ['Saturday', 'Sunday'], weight: 4 },
  { start: '08:00', off: '16:00', rest: ['Saturday', 'Sunday'], weight: 3 },
  { start: '07:00', off: '15:00', rest: ['Sunday', 'Monday'], weight: 2 },
  { start: '14:00', off: '22:00', rest: ['Sunday', 'Monday'], weight: 2 },
  { start: '22:00', off: '06:00', rest: ['Sunday', 'Monday'], weight: 1 },
];
const FIRST = ['Ana', 'Luis', 'Marta', 'Jorge', 'Lucía', 'Pablo', 'Elena', 'Hugo', 'Sara', 'Iván', 'Nerea', 'Raúl', 'Irene', 'Óscar', 'Alba', 'Diego'];
const LAST = ['García', 'López', 'Martín', 'Sánchez', 'Pérez', 'Gómez', 'Ruiz', 'Díaz', 'Moreno', 'Muñoz', 'Álvarez', 'Romero', 'Navarro', 'Torres', 'Gil', 'Vidal'];

function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function generateBenchData({ dataDir, employees = 500, days = 365, today, seed = 1 }) {
  const db = new Database(path.join(dataDir, 'jornada.db'));
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 10000');
  db.pragma('foreign_keys = ON');
  const random = prng(seed);
  const int = (min, max) => min + Math.floor(random() * (max - min + 1));
  const chance = (p) => random() < p;

  const zoneRow = db.prepare("select value from settings where key = 'timezone'").get();
  const zone = zoneRow ? JSON.parse(zoneRow.value) : 'Europe/Lisbon';
  const graceRow = db.prepare("select value from settings where key = 'graceMinutes'").get();
  const grace = graceRow ? JSON.parse(graceRow.value) : 5;
  const day0 = today ?? localDateOf(Date.now(), zone);
  const company = db.prepare('select id from companies order by id limit 1').get();
  if (!company) throw new Error('No company: start the server on this DATA_DIR once first.');
  const leaveTypes = db.prepare('select id, name from leave_types where company_id = ? order by id').all(company.id);
  let group = db.prepare('select id from leave_groups where company_id = ? order by id limit 1').get(company.id);
  const at = new Date().toISOString();
  const stamp = localDateTimeToUtcIso(addDays(day0, -days - 30), '09:00', zone);

  // Instants of a shift's start and off time on a date, memoised (each is two zone lookups).
  const instants = new Map();
  const scheduled = (date, shift) => {
    const key = `${date}|${shift.start}`;
    let v = instants.get(key);
    if (!v) {
      const start = Date.parse(localDateTimeToUtcIso(date, shift.start, zone));
      const off = Date.parse(localDateTimeToUtcIso(shift.off <= shift.start ? addDays(date, 1) : date, shift.off, zone));
      instants.set(key, (v = { start, off }));
    }
    return v;
  };

  const counts = { employees: 0, attendances: 0, breaks: 0, leaves: 0 };
  db.transaction(() => {
    if (!group) {
      group = {
        id: Number(db.prepare("insert into leave_groups (name, description, status, company_id, created_at, updated_at) values ('Bench', 'Bench', 'active', ?, ?, ?)").run(company.id, stamp, stamp).lastInsertRowid),
      };
    }
    const departments = [];
    for (let d = 1; d <= 10; d++) {
      const dep = Number(db.prepare('insert into departments (name, company_id, created_at, updated_at) values (?, ?, ?, ?)').run(`Bench ${String(d).padStart(2, '0')}`, company.id, stamp, stamp).lastInsertRowid);
      const job = Number(db.prepare('insert into job_titles (name, department_id, company_id, created_at, updated_at) values (?, ?, ?, ?, ?)').run(`Operario ${d}`, dep, company.id, stamp, stamp).lastInsertRowid);
      departments.push({ dep, job });
    }
    const insertEmployee = db.prepare(
      `insert into employees (first_name, last_name, gender, email, national_id, company_id, department_id, job_title_id, leave_group_id,
        employment_type, pin_key, status, birthday, official_start_date, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'active', ?, ?, ?, ?)`,
    );
    const insertSchedule = db.prepare(
      `insert into schedules (employee_id, start_time, off_time, total_hours, rest_days, from_date, to_date, status, created_at, updated_at)
       values (?, ?, ?, 8, ?, ?, null, 'current', ?, ?)`,
    );
    const insertAttendance = db.prepare(
      `insert into attendances (employee_id, date, timezone, time_in, time_out, worked_seconds, break_seconds, status_in, late_seconds,
        early_departure_seconds, reason, source, revision, created_by, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, null, 'clock', 1, null, ?, ?)`,
    );
    const insertBreak = db.prepare('insert into attendance_breaks (attendance_id, start_at, end_at) values (?, ?, ?)');
    const insertLeave = db.prepare(
      `insert into leaves (employee_id, leave_type_id, from_date, to_date, reason, return_date, status, comment, decided_by, decided_at, created_at, updated_at)
       values (?, ?, ?, ?, 'Bench', ?, ?, null, null, ?, ?, ?)`,
    );
    const pool = SHIFTS.flatMap((s) => Array(s.weight).fill(s));
    const iso = (ms) => new Date(ms).toISOString();
    for (let i = 0; i < employees; i++) {
      const { dep, job } = departments[i % departments.length];
      const shift = pool[int(0, pool.length - 1)];
      const first = FIRST[i % FIRST.length];
      const last = `${LAST[int(0, LAST.length - 1)]} ${LAST[int(0, LAST.length - 1)]} ${i + 1}`;
      const birthday = `${int(1960, 2004)}-${String(int(1, 12)).padStart(2, '0')}-${String(int(1, 28)).padStart(2, '0')}`;
      const id = Number(
        insertEmployee.run(
          first,
          last,
          i % 2 ? 'male' : 'female',
          `bench${i + 1}@bench.example`,
          `B${String(i + 1).padStart(7, '0')}`,
          company.id,
          dep,
          job,
          group.id,
          chance(0.1) ? 'trainee' : 'regular',
          `bench:${seed}:${String(i + 1).padStart(8, '0')}`.padEnd(64, '-'),
          birthday,
          addDays(day0, -days - 30),
          stamp,
          stamp,
        ).lastInsertRowid,
      );
      counts.employees++;
      insertSchedule.run(id, shift.start, shift.off, JSON.stringify(shift.rest), addDays(day0, -days - 1), stamp, stamp);
      // One approved week of leave and the odd pending request.
      const leaveStart = addDays(day0, -int(20, days - 10));
      const onLeave = new Set();
      if (leaveTypes.length > 0) {
        const leaveEnd = addDays(leaveStart, 6);
        insertLeave.run(id, leaveTypes[0].id, leaveStart, leaveEnd, addDays(leaveEnd, 1), 'approved', at, at, at);
        counts.leaves++;
        for (let d = leaveStart; d <= leaveEnd; d = addDays(d, 1)) onLeave.add(d);
        if (chance(0.2)) {
          const from = addDays(day0, int(5, 40));
          insertLeave.run(id, leaveTypes[0].id, from, addDays(from, 2), addDays(from, 3), 'pending', null, at, at);
          counts.leaves++;
        }
      }
      for (let back = days; back >= 1; back--) {
        const date = addDays(day0, -back);
        if (shift.rest.includes(weekdayOf(date)) || onLeave.has(date) || chance(0.02)) continue;
        const { start, off } = scheduled(date, shift);
        const late = chance(0.08);
        const checkIn = late ? start + int(6 * 60, 30 * 60) * 1000 : start - int(0, 10 * 60) * 1000;
        const early = chance(0.05);
        const checkOut = early ? off - int(10 * 60, 50 * 60) * 1000 : off + int(0, 40 * 60) * 1000;
        const breakStart = start + int(3.5 * 3600, 4.5 * 3600) * 1000;
        const breakEnd = breakStart + int(15 * 60, 35 * 60) * 1000;
        const takesBreak = chance(0.85);
        const breakSeconds = takesBreak ? (breakEnd - breakStart) / 1000 : 0;
        const lateSeconds = (checkIn - start) / 1000 > grace * 60 ? (checkIn - start) / 1000 : 0;
        const attendance = Number(
          insertAttendance.run(
            id,
            date,
            zone,
            iso(checkIn),
            iso(checkOut),
            (checkOut - checkIn) / 1000 - breakSeconds,
            breakSeconds,
            lateSeconds > 0 ? 'late' : 'on_time',
            lateSeconds,
            Math.max(0, (off - checkOut) / 1000),
            iso(checkOut),
            iso(checkOut),
          ).lastInsertRowid,
        );
        counts.attendances++;
        if (takesBreak) {
          insertBreak.run(attendance, iso(breakStart), iso(breakEnd));
          counts.breaks++;
        }
      }
    }
  })();
  db.close();
  return counts;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      'data-dir': { type: 'string' },
      employees: { type: 'string', default: '500' },
      days: { type: 'string', default: '365' },
      today: { type: 'string' },
      seed: { type: 'string', default: '1' },
    },
  });
  const dataDir = values['data-dir'] ?? process.env.DATA_DIR;
  if (!dataDir) {
    console.error('Usage: node scripts/generate-bench-data.mjs --data-dir DIR [--employees 500] [--days 365] [--today YYYY-MM-DD] [--seed 1]');
    process.exit(2);
  }
  const started = performance.now();
  const counts = generateBenchData({ dataDir, employees: Number(values.employees), days: Number(values.days), today: values.today, seed: Number(values.seed) });
  console.log(`Generated ${counts.employees} employees, ${counts.attendances} attendances, ${counts.breaks} breaks, ${counts.leaves} leaves in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
