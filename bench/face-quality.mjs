// Face matching quality on the face fixtures (tests/fixtures/faces) (issue 7): computes a descriptor for every
// photo with @vladmandic/face-api in Node (see lib/face-node.mjs: CPU backend, no download) and
// reports, at the configured threshold and margin, with the server's own matching
// (src/domain/clock/face-match.ts):
//
// - true accepts: each photo as a probe against a gallery where its person is enrolled with their
//   OTHER photos and everyone else with all of theirs; it must name its own person;
// - false accepts: each photo against a gallery WITHOUT its person (everyone else enrolled with
//   every photo): any match is a false accept; also any probe naming the wrong enrolled person.
//
// Two pipelines, as in the app: enrolment pads each crop with grey (the photo panel), and the
// kiosk sees the face in the middle of a 640 × 480 grey camera frame (the e2e fake camera). The
// "kiosk" rows enrol padded photos and probe with camera-frame descriptors. The budget: at the
// default threshold, zero false accepts and at least 90% true accepts. A sweep of thresholds and
// margins shows how much room there is. `--write FILE` saves the descriptors (JSON) for the
// integration tests; `--from FILE` re-evaluates saved descriptors without computing them (the CPU
// backend takes about 4–9 s per photo on this 2-core machine, so the full run takes minutes).
//
//   node bench/face-quality.mjs [--threshold 0.55] [--margin 0.05] [--write tests/fixtures/face-descriptors.json | --from FILE]
//        [--kiosk-detector tiny|ssd] [--kiosk-frame 640x480x240] [--tiny-size 224] [--tiny-score 0.3] [--enrol-from FILE]
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildGallery, DEFAULT_FACE_MARGIN, DEFAULT_FACE_THRESHOLD, descriptorDistance, matchFace } from '../src/domain/clock/face-match.ts';
import { DETECTOR_INPUT_SIZE, DETECTOR_MIN_SCORE } from '../src/lib/client/face/face-worker-protocol.ts';
import { describeFaces, FACES_DIR, loadFaceApi, pixels } from './lib/face-node.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const threshold = Number(arg('threshold', DEFAULT_FACE_THRESHOLD));
const margin = Number(arg('margin', DEFAULT_FACE_MARGIN));
const writeTo = arg('write', null);
const readFrom = arg('from', null);
// The kiosk's pipeline (decision 045): Tiny Face Detector at this input size and score (defaults:
// the kiosk's own, face-worker-protocol.ts), on camera
// frames of this size with the face this big; `--kiosk-detector ssd` for the pipeline before it.
// `--enrol-from FILE` takes the enrolment descriptors from a saved file (enrolment is unchanged:
// SSD on padded photos) and computes only the kiosk's.
const kioskDetector = arg('kiosk-detector', 'tiny');
const [frameW, frameH, faceSide] = arg('kiosk-frame', '640x480x240').split('x').map(Number);
const tiny = kioskDetector === 'tiny' ? { inputSize: Number(arg('tiny-size', DETECTOR_INPUT_SIZE)), scoreThreshold: Number(arg('tiny-score', DETECTOR_MIN_SCORE)) } : undefined;
const enrolFrom = arg('enrol-from', null);
const savedEnrol = enrolFrom ? JSON.parse(readFileSync(enrolFrom, 'utf8')) : null;

const started = performance.now();
const faceapi = readFrom ? null : await loadFaceApi();
const loadMs = performance.now() - started;

const files = readdirSync(FACES_DIR)
  .filter((f) => /^[a-z]+\d\.png$/.test(f))
  .sort();
const photos = [];
const times = [];
const odd = {};
if (readFrom) {
  const saved = JSON.parse(readFileSync(readFrom, 'utf8'));
  for (const file of files) {
    const entry = saved[file.replace('.png', '')];
    photos.push({ file, person: file.replace(/\d\.png$/, ''), enrol: entry.enrol, kiosk: entry.kiosk });
  }
}
for (const file of readFrom ? [] : files) {
  const person = file.replace(/\d\.png$/, '');
  const full = path.join(FACES_DIR, file);
  const t0 = performance.now();
  const enrol = savedEnrol ? [{ descriptor: savedEnrol[file.replace('.png', '')].enrol, score: null }] : await describeFaces(faceapi, await pixels(full, { pad: 1 }));
  const kiosk = await describeFaces(faceapi, await pixels(full, { frame: [frameW, frameH, faceSide] }), { tiny });
  times.push(performance.now() - t0);
  if (enrol.length !== 1) throw new Error(`${file}: ${enrol.length} faces found in the padded photo`);
  photos.push({ file, person, enrol: enrol[0].descriptor, score: enrol[0].score, kiosk: kiosk.length === 1 ? kiosk[0].descriptor : null });
}
for (const file of readFrom ? [] : ['no-face.png', 'group.jpg']) {
  odd[file] = `${(await describeFaces(faceapi, await pixels(path.join(FACES_DIR, file)))).length} (kiosk detector ${(await describeFaces(faceapi, await pixels(path.join(FACES_DIR, file)), { tiny })).length})`;
}

/** Accept counts for probes of `probeOf(photo)` against galleries of padded enrolment descriptors. */
function evaluate(probeOf, options) {
  let trueAccepts = 0;
  let genuine = 0;
  let falseAccepts = 0;
  let impostor = 0;
  const misses = [];
  for (const probe of photos) {
    const descriptor = probeOf(probe);
    if (!descriptor) {
      genuine++;
      misses.push(`${probe.file} (no face)`);
      continue;
    }
    // Genuine: own person enrolled with their other photos.
    const withSelf = buildGallery(photos.filter((p) => p !== probe).map((p) => ({ personId: files.indexOf(`${p.person}1.png`), descriptor: p.enrol })));
    const m = matchFace(withSelf, descriptor, options);
    genuine++;
    if (m.kind === 'match' && m.personId === files.indexOf(`${probe.person}1.png`)) trueAccepts++;
    else if (m.kind === 'match') falseAccepts++;
    else misses.push(`${probe.file} (${m.reason}${m.distance === null ? '' : ` ${m.distance.toFixed(2)}`})`);
    // Impostor: own person not enrolled at all.
    const without = buildGallery(photos.filter((p) => p.person !== probe.person).map((p) => ({ personId: files.indexOf(`${p.person}1.png`), descriptor: p.enrol })));
    impostor++;
    if (matchFace(without, descriptor, options).kind === 'match') falseAccepts++;
  }
  return { trueAccepts, genuine, falseAccepts, impostor, misses };
}

function distances(probeOf) {
  const same = [];
  const other = [];
  for (const a of photos) {
    for (const b of photos) {
      if (a === b || !probeOf(a)) continue;
      (a.person === b.person ? same : other).push(descriptorDistance(probeOf(a), b.enrol));
    }
  }
  const range = (xs) => `${Math.min(...xs).toFixed(2)}–${Math.max(...xs).toFixed(2)} (median ${[...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)].toFixed(2)})`;
  return `same person ${range(same)}, different people ${range(other)}`;
}

const pipelines = [
  ['enrolment photo', (p) => p.enrol],
  ['kiosk camera frame', (p) => p.kiosk],
];
console.log(`Face quality bench: ${photos.length} photos of ${new Set(photos.map((p) => p.person)).size} people`);
if (faceapi) {
  console.log(`face-api ${faceapi.version} on TensorFlow.js ${faceapi.tf.version_core} (${faceapi.tf.getBackend()} backend); models loaded in ${loadMs.toFixed(0)} ms`);
  console.log(
    `kiosk pipeline: ${tiny ? `Tiny Face Detector (input ${tiny.inputSize}, score ${tiny.scoreThreshold})` : 'SSD MobileNet v1'} on ${frameW} × ${frameH} frames, face ${faceSide} px${savedEnrol ? `; enrolment descriptors from ${enrolFrom}` : ''}`,
  );
  console.log(`detection + landmarks + descriptor: median ${[...times].sort((a, b) => a - b)[Math.floor(times.length / 2)].toFixed(0)} ms per photo (${savedEnrol ? 'kiosk frame only' : 'padded photo and kiosk frame'})`);
  console.log(`no-face.png: ${odd['no-face.png']} faces; group.jpg: ${odd['group.jpg']} faces`);
} else {
  console.log(`descriptors read from ${readFrom}`);
}
let pass = true;
for (const [name, probeOf] of pipelines) {
  const r = evaluate(probeOf, { threshold, margin });
  const rate = r.trueAccepts / r.genuine;
  const ok = r.falseAccepts === 0 && rate >= 0.9;
  pass &&= ok;
  console.log(`\n${name} probes: ${distances(probeOf)}`);
  console.log(
    `  threshold ${threshold}, margin ${margin}: true accepts ${r.trueAccepts}/${r.genuine} (${(rate * 100).toFixed(0)}%), false accepts ${r.falseAccepts} of ${r.impostor + r.genuine} probes  ${ok ? 'PASS' : 'FAIL'}`,
  );
  if (r.misses.length) console.log(`  not accepted: ${r.misses.join(', ')}`);
  const sweep = [0.45, 0.5, 0.55, 0.6, 0.65].map((t) => {
    const s = evaluate(probeOf, { threshold: t, margin });
    return `${t}: TA ${s.trueAccepts}/${s.genuine} FA ${s.falseAccepts}`;
  });
  console.log(`  thresholds (margin ${margin}): ${sweep.join(' | ')}`);
  const margins = [0, 0.05, 0.08, 0.1, 0.15].map((m) => {
    const s = evaluate(probeOf, { threshold, margin: m });
    return `${m}: TA ${s.trueAccepts}/${s.genuine} FA ${s.falseAccepts}`;
  });
  console.log(`  margins (threshold ${threshold}): ${margins.join(' | ')}`);
}

if (writeTo) {
  const round = (d) => d.map((x) => Math.round(x * 1e6) / 1e6);
  const out = Object.fromEntries(photos.map((p) => [p.file.replace('.png', ''), { enrol: round(p.enrol), kiosk: p.kiosk && round(p.kiosk) }]));
  writeFileSync(writeTo, JSON.stringify(out) + '\n');
  console.log(`\nwrote ${photos.length} descriptors to ${writeTo}`);
}
process.exitCode = pass ? 0 : 1;
