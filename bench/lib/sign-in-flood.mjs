// The hostile load of bench/hostile-sign-in.mjs, in its own process so that making 300 requests at
// once does not stall the probes' event loop (which would be measured as the app):
//
//   node bench/lib/sign-in-flood.mjs '<json config>'   -> prints one JSON result line
//
// Config: { url, addresses, perAddress, waves, gapMs, maxMs }. Each wave sends addresses ×
// perAddress `POST /api/user/login` at once, each on its own connection, with a wrong password for
// a different unknown e-mail and `X-Forwarded-For: 198.18.<n>.7` (the server trusts 127.0.0.1 as
// its proxy). Prints {answers: [{status, ms}], unanswered, ms} once all are answered or maxMs passed.
import http from 'node:http';

const config = JSON.parse(process.argv[2] ?? '{}');
const answers = [];
let pending = config.waves * config.addresses * config.perAddress;
const started = performance.now();

function send(w, i) {
  const body = JSON.stringify({ email: `intruder${w}-${i}@nowhere.example`, password: 'Wrong#2026' });
  const t = performance.now();
  const done = (status) => {
    answers.push({ status, ms: performance.now() - t });
    if (--pending === 0) finish();
  };
  const req = http.request(
    `${config.url}/api/user/login`,
    {
      method: 'POST',
      agent: false,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'accept-language': 'en', 'x-forwarded-for': `198.18.${i % config.addresses}.7` },
    },
    (res) => {
      res.resume();
      res.on('end', () => done(res.statusCode ?? 0));
      res.on('error', () => done(0));
    },
  );
  req.on('error', () => done(0));
  req.end(body);
}

function finish() {
  process.stdout.write(`${JSON.stringify({ answers, unanswered: pending, ms: performance.now() - started })}\n`);
  process.exit(0);
}

for (let w = 0; w < config.waves; w++) {
  setTimeout(() => {
    for (let i = 0; i < config.addresses * config.perAddress; i++) send(w, i);
  }, w * config.gapMs);
}
setTimeout(finish, config.maxMs);
