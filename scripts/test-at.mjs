// `npm run test:at -- "YYYY-MM-DD HH:MM" [--project LAYER …] [FILE …]`: runs the tests (scripts/test.mjs,
// same arguments) with every process's clock moved to that local time in Europe/Madrid, the demo's
// and the tests' usual zone, and running on from there. Tests must pass at any hour: this is how to
// try 00:30, 06:00, 17:30, 23:30 or a DST night without waiting for it. Needs Debian's `faketime`
// (apt-get install faketime), which moves the clock of the whole process tree by one offset.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { root } from './build.mjs';

const [when, ...rest] = process.argv.slice(2);
const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}):(\d{2})$/.exec(when ?? '');
if (!match) {
  console.error('Usage: npm run test:at -- "YYYY-MM-DD HH:MM" [test arguments]  (local time in Europe/Madrid)');
  process.exit(2);
}
if (spawnSync('faketime', ['-f', '+0s', 'true']).status !== 0) {
  console.error('faketime is not installed: apt-get install faketime');
  process.exit(2);
}

/** The UTC instant of a wall-clock time in Europe/Madrid (the first of two in the autumn's repeated hour). */
function madrid(date, hh, mm) {
  const guess = Date.parse(`${date}T${hh}:${mm}:00Z`);
  const offsetAt = (ms) => {
    const parts = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Madrid', timeZoneName: 'longOffset' }).formatToParts(ms);
    const m = /GMT([+-])(\d{2}):(\d{2})/.exec(parts.find((p) => p.type === 'timeZoneName')?.value ?? '');
    return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) * 60_000 : 0;
  };
  return guess - Math.max(offsetAt(guess - 2 * 3_600_000), offsetAt(guess));
}

const target = madrid(match[1], match[2], match[3]);
const offset = Math.round((target - Date.now()) / 1000);
console.log(`Clock moved by ${offset} s: the tests start at ${new Date(target).toISOString()} (${when} in Madrid).`);
const result = spawnSync('faketime', ['-f', `${offset >= 0 ? '+' : ''}${offset}s`, process.execPath, path.join(root, 'scripts', 'test.mjs'), ...rest], { cwd: root, stdio: 'inherit' });
process.exit(result.status ?? 1);
