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
// `--server` computes the descriptors with the server's own pipeline instead (issue 34.4,
// decision 065: the server computes every descriptor it matches): each photo as uploaded is
// described by describeEnrolmentPhoto (the fixtures are PNGs, which the upload's sanitizePhoto
// re-encodes losslessly: the same pixels), and each camera frame is
// sent as the kiosk sends it (the 640 × 480 frame as a JPEG of quality 0.7) to describePunchFrame,
// both in the server's face worker (src/server/faces/snapshot-face-worker.ts, WASM backend). It
// adds a row for installations enrolled before that change: the server's frame probes against
// the browser's enrolment descriptors (tests/fixtures/face-descriptors.json), and reports how far
// the server's descriptors are from the browser's.
//
//   node bench/face-quality.mjs [--threshold 0.55] [--margin 0.05] [--write tests/fixtures/face-descriptors.json | --from FILE | --server]
//        [--kiosk-detector tiny|ssd] [--kiosk-frame 640x480x240] [--tiny-size 224] [--tiny-score 0.3] [--enrol-from FILE]
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildGallery, DEFAULT_FACE_MARGIN, DEFAULT_FACE_THRESHOLD, descriptorDistance, matchFace } from '../src/domain/clock/face-match.ts';
import { DETECTOR_INPUT_SIZE, DETECTOR_MIN_SCORE } from '../src/lib/client/face/face-worker-protocol.ts';
import { describeFaces, FACES_DIR, loadFaceApi, pixels } from './lib/face-node.mjs';
import sharp from 'sharp';

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
const serverPipeline = process.argv.includes('--server');
if (serverPipeline && (readFrom || writeTo || enrolFrom || kioskDetector !== 'tiny')) {
  throw new Error('--server computes with the server pipeline as configured: no --from, --write, --enrol-from or --kiosk-detector');
}
/** The browser pipeline's descriptors (bench/face-quality.mjs --write): compared with the server's. */
const BROWSER_FIXTURE = path.resolve(import.meta.dirname, '..', 'tests', 'fixtures', 'face-descriptors.json');

const started = performance.now();
const faceapi = readFrom || serverPipeline ? null : await loadFaceApi();
const loadMs = performance.now() - started;
const server = serverPipeline ? await import('../src/server/faces/snapshot-face-worker.ts') : null;
/** The kiosk's frame of a photo as it sends it with a face punch: a JPEG of quality 0.7 (kiosk-capture.ts). */
async function kioskJpeg(file, options) {
  const { data, width, height } = await pixels(file, options);
  return sharp(data, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 70 })
    .toBuffer();
}
/** describeEnrolmentPhoto / describePunchFrame's answer as describeFaces would give it, with its time. */
async function viaServer(describe, bytes) {
  const t = performance.now();
  const face = await describe(bytes);
  const ms = performance.now() - t;
  if (face.kind === 'unavailable') throw new Error(`the server's face pipeline is unavailable: ${face.reason}`);
  return { ms, kind: face.kind, faces: face.kind === 'one' ? [{ descriptor: face.descriptor, score: null }] : [] };
}
const serverTimes = { enrol: [], frame: [] };

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
for (const file of serverPipeline ? files : []) {
  const person = file.replace(/\d\.png$/, '');
  const full = path.join(FACES_DIR, file);
  const enrol = await viaServer(server.describeEnrolmentPhoto, readFileSync(full));
  const kiosk = await viaServer(server.describePunchFrame, await kioskJpeg(full, { frame: [frameW, frameH, faceSide] }));
  serverTimes.enrol.push(enrol.ms);
  serverTimes.frame.push(kiosk.ms);
  if (enrol.faces.length !== 1) throw new Error(`${file}: ${enrol.kind} on the server's enrolment pipeline`);
  photos.push({ file, person, enrol: enrol.faces[0].descriptor, kiosk: kiosk.faces.length === 1 ? kiosk.faces[0].descriptor : null });
}
for (const file of serverPipeline ? ['no-face.png', 'group.jpg'] : []) {
  const full = path.join(FACES_DIR, file);
  odd[file] = `${(await viaServer(server.describeEnrolmentPhoto, readFileSync(full))).kind} (punch frame ${(await viaServer(server.describePunchFrame, await kioskJpeg(full))).kind})`;
}
if (server) await server.stopSnapshotFaceWorker();
for (const file of readFrom || serverPipeline ? [] : files) {
  const person = file.replace(/\d\.png$/, '');
  const full = path.join(FACES_DIR, file);
  const t0 = performance.now();
  const enrol = savedEnrol ? [{ descriptor: savedEnrol[file.replace('.png', '')].enrol, score: null }] : await describeFaces(faceapi, await pixels(full, { pad: 1 }));
  const kiosk = await describeFaces(faceapi, await pixels(full, { frame: [frameW, frameH, faceSide] }), { tiny });
  times.push(performance.now() - t0);
  if (enrol.length !== 1) throw new Error(`${file}: ${enrol.length} faces found in the padded photo`);
  photos.push({ file, person, enrol: enrol[0].descriptor, score: enrol[0].score, kiosk: kiosk.length === 1 ? kiosk[0].descriptor : null });
}
for (const file of readFrom || serverPipeline ? [] : ['no-face.png', 'group.jpg']) {
  odd[file] = `${(await describeFaces(faceapi, await pixels(path.join(FACES_DIR, file)))).length} (kiosk detector ${(await describeFaces(faceapi, await pixels(path.join(FACES_DIR, file)), { tiny })).length})`;
}

/** Accept counts for probes of `probeOf(photo)` against galleries of padded enrolment descriptors. */
function evaluate(probeOf, options, galleryOf = (p) => p.enrol) {
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
    const withSelf = buildGallery(photos.filter((p) => p !== probe).map((p) => ({ personId: files.indexOf(`${p.person}1.png`), descriptor: galleryOf(p) })));
    const m = matchFace(withSelf, descriptor, options);
    genuine++;
    if (m.kind === 'match' && m.personId === files.indexOf(`${probe.person}1.png`)) trueAccepts++;
    else if (m.kind === 'match') falseAccepts++;
    else misses.push(`${probe.file} (${m.reason}${m.distance === null ? '' : ` ${m.distance.toFixed(2)}`})`);
    // Impostor: own person not enrolled at all.
    const without = buildGallery(photos.filter((p) => p.person !== probe.person).map((p) => ({ personId: files.indexOf(`${p.person}1.png`), descriptor: galleryOf(p) })));
    impostor++;
    if (matchFace(without, descriptor, options).kind === 'match') falseAccepts++;
  }
  return { trueAccepts, genuine, falseAccepts, impostor, misses };
}

function distances(probeOf, galleryOf = (p) => p.enrol) {
  const same = [];
  const other = [];
  for (const a of photos) {
    for (const b of photos) {
      if (a === b || !probeOf(a)) continue;
      (a.person === b.person ? same : other).push(descriptorDistance(probeOf(a), galleryOf(b)));
    }
  }
  const range = (xs) => `${Math.min(...xs).toFixed(2)}–${Math.max(...xs).toFixed(2)} (median ${[...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)].toFixed(2)})`;
  return `same person ${range(same)}, different people ${range(other)}`;
}

const pipelines = [
  ['enrolment photo', (p) => p.enrol],
  ['kiosk camera frame', (p) => p.kiosk],
];
const browser = serverPipeline ? JSON.parse(readFileSync(BROWSER_FIXTURE, 'utf8')) : null;
if (browser) {
  for (const p of photos) p.browserEnrol = browser[p.file.replace('.png', '')].enrol;
  pipelines.push(['kiosk camera frame (server) against browser enrolments', (p) => p.kiosk, (p) => p.browserEnrol]);
}
console.log(`Face quality bench: ${photos.length} photos of ${new Set(photos.map((p) => p.person)).size} people`);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
if (server) {
  console.log(`the server's pipeline (src/server/faces/snapshot-face-worker.ts): enrolment = describeEnrolmentPhoto of the PNG; frame = JPEG q70 of ${frameW} × ${frameH}, face ${faceSide} px, + describePunchFrame`);
  console.log(
    `enrolment photo: median ${median(serverTimes.enrol).toFixed(0)} ms (first, with the worker starting and SSD loading: ${serverTimes.enrol[0].toFixed(0)} ms); punch frame: median ${median(serverTimes.frame).toFixed(0)} ms (first, loading Tiny + landmarks + recognition: ${serverTimes.frame[0].toFixed(0)} ms)`,
  );
  console.log(`no-face.png: ${odd['no-face.png']}; group.jpg: ${odd['group.jpg']}`);
  const gap = (key) => {
    const ds = photos.filter((p) => p[key] && browser[p.file.replace('.png', '')][key]).map((p) => descriptorDistance(p[key], browser[p.file.replace('.png', '')][key]));
    return `median ${median(ds).toFixed(4)}, max ${Math.max(...ds).toFixed(4)} over ${ds.length}`;
  };
  console.log(`distance server ↔ browser descriptor of the same image: enrolment ${gap('enrol')}; kiosk frame ${gap('kiosk')}`);
} else if (faceapi) {
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
for (const [name, probeOf, galleryOf] of pipelines) {
  const r = evaluate(probeOf, { threshold, margin }, galleryOf);
  const rate = r.trueAccepts / r.genuine;
  const ok = r.falseAccepts === 0 && rate >= 0.9;
  pass &&= ok;
  console.log(`\n${name} probes: ${distances(probeOf, galleryOf)}`);
  console.log(
    `  threshold ${threshold}, margin ${margin}: true accepts ${r.trueAccepts}/${r.genuine} (${(rate * 100).toFixed(0)}%), false accepts ${r.falseAccepts} of ${r.impostor + r.genuine} probes  ${ok ? 'PASS' : 'FAIL'}`,
  );
  if (r.misses.length) console.log(`  not accepted: ${r.misses.join(', ')}`);
  const sweep = [0.45, 0.5, 0.55, 0.6, 0.65].map((t) => {
    const s = evaluate(probeOf, { threshold: t, margin }, galleryOf);
    return `${t}: TA ${s.trueAccepts}/${s.genuine} FA ${s.falseAccepts}`;
  });
  console.log(`  thresholds (margin ${margin}): ${sweep.join(' | ')}`);
  const margins = [0, 0.05, 0.08, 0.1, 0.15].map((m) => {
    const s = evaluate(probeOf, { threshold, margin: m }, galleryOf);
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
