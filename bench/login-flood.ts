/**
 * What a login flood from one address costs everyone else: the median latency of other users' calls
 * (an authenticated list, and /healthz) while quiet, then while one client sends 1,000 wrong logins a
 * second (each for an account of its own, so the address's limit is what refuses them), against the goal
 * of staying within twice the quiet median. The flood is autocannon in a thread of its own. `npm run bench:login-flood`; FLOOD_RATE (1000) and
 * BENCH_SAMPLES (300 per measurement) change the load and the sample size.
 */
import { createRequire } from 'node:module';
import { setTimeout as sleep } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import { DEMO_PASSWORD } from '../test-kit/demo.ts';
import { type RunningPortal, startPortal } from '../test-kit/portal.ts';

const FLOOD_RATE = Number(process.env.FLOOD_RATE ?? 1000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 300);
/** Between two calls of the measuring client: a person's page, not a second flood. */
const PAUSE_MS = 10;
/** The flood runs this long before measuring starts: the address is over its limit by then. */
const FLOOD_WARMUP_MS = 3000;
const GOAL = 2;

const autocannonPath = createRequire(import.meta.url).resolve('autocannon');

interface Probe {
  title: string;
  path: string;
  headers?: Record<string, string>;
}

async function token(portal: RunningPortal, email: string): Promise<string> {
  const response = await fetch(`${portal.url}/api/v1/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`login of ${email}: ${response.status}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** The median of `samples` calls, one after another (milliseconds, from sending to the last byte). */
async function median(
  portal: RunningPortal,
  { title, path, headers }: Probe,
  samples = SAMPLES,
): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const started = performance.now();
    const response = await fetch(`${portal.url}${path}`, { headers: headers ?? {} });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${title}: ${response.status}`);
    times.push(performance.now() - started);
    await sleep(PAUSE_MS);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? Number.NaN;
}

interface FloodResult {
  totalCompletedRequests: number;
  /** Seconds. */
  duration: number;
  statusCodeStats: Record<string, { count: number }>;
  errors: number;
  timeouts: number;
}

/** Runs autocannon with the options it is given until told to stop, then posts its result. */
const FLOOD_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const autocannon = require(workerData.autocannon);
const instance = autocannon(workerData.options, (error, result) =>
  parentPort.postMessage(error ? { error: String(error) } : { result: JSON.stringify(result) }));
parentPort.once('message', () => instance.stop());
`;

/**
 * One client sending wrong logins at `FLOOD_RATE` a second, each for an account of its own, until
 * stopped; in a thread of its own, so that it does not delay the measuring client.
 */
function startFlood(portal: RunningPortal): { stop(): Promise<FloodResult> } {
  const options = {
    url: `${portal.url}/api/v1/auth`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'flood-[<id>]@elsewhere.test', password: 'Wrong1234!' }),
    idReplacement: true,
    overallRate: FLOOD_RATE,
    connections: 50,
    duration: 3600,
  };
  const worker = new Worker(FLOOD_WORKER, {
    eval: true,
    workerData: { autocannon: autocannonPath, options },
  });
  const result = new Promise<FloodResult>((resolve, reject) => {
    worker.once('error', reject);
    worker.once('message', (message: { error?: string; result?: string }) => {
      if (message.result) resolve(JSON.parse(message.result) as FloodResult);
      else reject(new Error(`the flood failed: ${message.error}`));
      void worker.terminate();
    });
  });
  return {
    stop() {
      worker.postMessage('stop');
      return result;
    },
  };
}

const portal = await startPortal({ LOG_LEVEL: 'error' });
try {
  const admin = await token(portal, 'admin@demo.test');
  const probes: Probe[] = [
    {
      title: 'GET /api/v1/machinegroup (bearer)',
      path: '/api/v1/machinegroup?pageSize=25',
      headers: { authorization: `Bearer ${admin}` },
    },
    { title: 'GET /healthz', path: '/healthz' },
  ];
  // Warmed up first, so that the quiet figures are not the server's first, slower calls.
  for (const probe of probes) await median(portal, probe, SAMPLES / 3);
  const quiet: number[] = [];
  for (const probe of probes) quiet.push(await median(portal, probe));

  const flood = startFlood(portal);
  await sleep(FLOOD_WARMUP_MS);
  const flooded: number[] = [];
  for (const probe of probes) flooded.push(await median(portal, probe));
  const sent = await flood.stop();

  const answers = Object.entries(sent.statusCodeStats)
    .map(([status, { count }]) => `${count} × ${status}`)
    .join(', ');
  console.log(
    `\nLogin flood from one address: ${Math.round(sent.totalCompletedRequests / sent.duration)} attempts/s ` +
      `(asked ${FLOOD_RATE}/s) for ${sent.duration} s: ${answers}; ${sent.errors} errors, ${sent.timeouts} timeouts`,
  );
  console.table(
    probes.map((probe, i) => {
      const ratio = (flooded[i] ?? Number.NaN) / (quiet[i] ?? Number.NaN);
      return {
        case: probe.title,
        'quiet p50 (ms)': Number(quiet[i]?.toFixed(2)),
        'flood p50 (ms)': Number(flooded[i]?.toFixed(2)),
        ratio: Number(ratio.toFixed(2)),
        [`goal ≤ ${GOAL}×`]: ratio <= GOAL ? 'met' : 'MISSED',
      };
    }),
  );
} finally {
  await portal.stop();
}
