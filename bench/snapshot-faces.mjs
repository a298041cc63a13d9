// The server-side check that a punch snapshot shows exactly one face (decision 043): its cost
// and its verdicts on the face fixtures, through the module the server uses
// (src/server/faces/snapshot-face-worker.ts: a worker thread with face-api's TinyFaceDetector on
// the CPU backend, the rule src/domain/clock/snapshot-faces.ts).
//
// Snapshots are made as the kiosk sends them: a 320 × 240 JPEG (quality 70) of grey with the
// face(s) in it. Rows: each fixture face alone at 70, 120 and 200 px (must be `one`), a photo
// without a face (must be `none`), pairs of faces side by side (should be `many`). Reports the
// worker's start (first check: thread, library, model) and the time of each later check, median
// and 95th percentile, and the process's resident memory with the worker up and after it stops.
//
//   node bench/snapshot-faces.mjs [--quick]   (--quick: 120 px only, four pairs)
import { readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { FACE_SCORE } from '../src/domain/clock/snapshot-faces.ts';
import { checkSnapshotFaces, stopSnapshotFaceWorker } from '../src/server/faces/snapshot-face-worker.ts';

const FACES = path.resolve(import.meta.dirname, '..', 'tests', 'fixtures', 'faces');
const quick = process.argv.includes('--quick');

async function snapshot(files, side) {
  const [w, h] = [320, 240];
  const gap = Math.floor((w - files.length * side) / (files.length + 1));
  const parts = await Promise.all(files.map((f) => sharp(path.join(FACES, f)).resize(side, side).png().toBuffer()));
  return sharp({ create: { width: w, height: h, channels: 3, background: { r: 128, g: 128, b: 128 } } })
    .composite(parts.map((input, i) => ({ input, left: gap * (i + 1) + side * i, top: Math.floor((h - side) / 2) })))
    .jpeg({ quality: 70 })
    .toBuffer();
}

const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))];
const mb = (bytes) => `${Math.round(bytes / 1e6)} MB`;

const rssBefore = process.memoryUsage().rss;
const cases = [];
const singles = readdirSync(FACES).filter((f) => /\d\.png$/.test(f));
for (const side of quick ? [120] : [70, 120, 200]) for (const f of singles) cases.push({ name: `${f} ${side}px`, files: [f], side, expect: 'one' });
cases.push({ name: 'no-face.png 200px', files: ['no-face.png'], side: 200, expect: 'none' });
const pairs = [
  ['amy1.png', 'raj1.png'],
  ['penny2.png', 'sheldon1.png'],
  ['howard1.png', 'leonard2.png'],
  ['stuart1.png', 'bernadette1.png'],
  ['amy3.png', 'raj1.png'],
];
for (const side of quick ? [110] : [80, 110, 120]) for (const pair of quick ? pairs.slice(0, 4) : pairs) cases.push({ name: `${pair.join(' + ')} ${side}px`, files: pair, side, expect: 'many' });

const started = performance.now();
const first = await checkSnapshotFaces(await snapshot(['amy3.png'], 120));
const startMs = performance.now() - started;
const rssUp = process.memoryUsage().rss;
const times = [];
const wrong = { one: 0, none: 0, many: 0 };
const count = { one: 0, none: 0, many: 0 };
const lowest = { one: 1, many: 1 };
for (const c of cases) {
  const check = await checkSnapshotFaces(await snapshot(c.files, c.side));
  if (check.kind === 'unavailable') throw new Error(`the detector is unavailable: ${check.reason}`);
  times.push(check.ms);
  count[c.expect]++;
  if (check.kind !== c.expect) {
    wrong[c.expect]++;
    console.log(`  ${c.name}: ${check.kind} (expected ${c.expect}), scores ${check.scores.map((s) => s.toFixed(2)).join(', ') || '-'}`);
  }
  const sorted = [...check.scores].sort((a, b) => b - a);
  if (c.expect === 'one' && sorted[0] !== undefined) lowest.one = Math.min(lowest.one, sorted[0]);
  if (c.expect === 'many') lowest.many = Math.min(lowest.many, sorted[1] ?? 0);
}
await stopSnapshotFaceWorker();
const rssAfter = process.memoryUsage().rss;

console.log(`snapshot face check (TinyFaceDetector 224, CPU backend, worker thread), FACE_SCORE ${FACE_SCORE}`);
console.log(`  start + first check: ${Math.round(startMs)} ms (${first.kind})`);
console.log(`  per check: median ${percentile(times, 50)} ms, p95 ${percentile(times, 95)} ms over ${times.length}`);
console.log(`  resident memory: ${mb(rssBefore)} before, ${mb(rssUp)} with the worker, ${mb(rssAfter)} after it stopped`);
console.log(`  one face: ${count.one - wrong.one}/${count.one} right (lowest score ${lowest.one.toFixed(2)})`);
console.log(`  no face: ${count.none - wrong.none}/${count.none} right`);
console.log(`  two faces: ${count.many - wrong.many}/${count.many} found (lowest second score ${lowest.many.toFixed(2)})`);
