// HTTP load generator for the clock punch budget, run in its own process so it does not share an
// event loop with the server under test:
//
//   node bench/lib/load-generator.mjs '<json config>'   -> prints one JSON result line
//
// Config: { url | urls, path, concurrency, warmupMs, durationMs, pins? }. Every request is
// `POST <path>` with a JSON body {action, pin} over a keep-alive agent with `concurrency`
// sockets; `concurrency` clients each send their next request as soon as the previous answer has
// been read. With `pins`, each client takes the next unused PIN and punches it through one working
// day in order (check-in, break-in, break-out, check-out), so every request is a punch the clock
// can accept; without `pins` (the hello-world baseline) it sends the same body shape with PIN
// "0". With `urls` (several app servers on one database), client i sends to urls[i % n], as a
// round-robin proxy would. The warm-up's answers are discarded; the result counts answers completed inside the
// measured window: requests/s, status counts and latency percentiles (ms).
import http from 'node:http';

const ACTIONS = ['check-in', 'break-in', 'break-out', 'check-out'];

const config = JSON.parse(process.argv[2] ?? '{}');
const targets = (config.urls ?? [config.url]).map((url) => new URL(config.path, url));
const agent = new http.Agent({ keepAlive: true, maxSockets: config.concurrency });

function post(target, body) {
  return new Promise((resolve) => {
    const req = http.request(target, { method: 'POST', agent, headers: { 'content-type': 'application/json', 'accept-language': 'en', 'content-length': Buffer.byteLength(body) } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', () => resolve({ status: 0, body: '' }));
    });
    req.on('error', (error) => resolve({ status: 0, body: String(error) }));
    req.end(body);
  });
}

const started = performance.now();
const measureFrom = started + config.warmupMs;
const measureTo = measureFrom + config.durationMs;
const latencies = [];
const statuses = {};
const samples = {};
let nextPin = 0;
let exhausted = false;

async function client(index) {
  const target = targets[index % targets.length];
  for (;;) {
    let pin = '0';
    let actions = [ACTIONS[0]];
    if (config.pins) {
      if (nextPin >= config.pins.length) {
        exhausted = true;
        return;
      }
      pin = config.pins[nextPin++];
      actions = ACTIONS;
    }
    for (const action of actions) {
      const sent = performance.now();
      if (sent >= measureTo) return;
      const answer = await post(target, JSON.stringify({ action, pin }));
      const done = performance.now();
      if (done >= measureFrom && done < measureTo) {
        latencies.push(done - sent);
        statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
        // One example answer per status, so a refusal can be read in the report.
        if (answer.status !== 200 && !samples[answer.status]) samples[answer.status] = answer.body.slice(0, 300);
      }
    }
  }
}

await Promise.all(Array.from({ length: config.concurrency }, (_, i) => client(i)));
agent.destroy();
latencies.sort((a, b) => a - b);
const at = (p) => (latencies.length ? latencies[Math.min(latencies.length - 1, Math.max(0, Math.ceil((p / 100) * latencies.length) - 1))] : NaN);
const measuredMs = Math.min(config.durationMs, performance.now() - measureFrom);
console.log(
  JSON.stringify({
    requests: latencies.length,
    requestsPerSecond: latencies.length / (measuredMs / 1000),
    measuredMs,
    statuses,
    samples,
    exhausted,
    pinsUsed: nextPin,
    p50: at(50),
    p90: at(90),
    p99: at(99),
    max: latencies.at(-1) ?? NaN,
  }),
);
