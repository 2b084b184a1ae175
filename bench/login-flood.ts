/**
 * Sign-in under load, in two parts. First, correct sign-ins at a steady rate (LOGIN_RATE, 20 a second) spread
 * over LOGIN_ACCOUNTS (20) accounts for LOGIN_SECONDS (10), each timed from the moment it was due (an open loop),
 * against the goal of p95 ≤ 150 ms with the portal's argon2id parameters. Then what a login flood from one
 * address costs everyone else: the median latency of other users' calls (an authenticated list, and /healthz)
 * while quiet, then while one client sends 1,000 wrong logins a second (each for an account of its own, so the
 * address's limit is what refuses them), against the goal of staying within twice the quiet median. The flood
 * is autocannon in a thread of its own. Last, sign-in under floods from many addresses (`support/many-address-flood.ts`:
 * another user's, and a targeted account's from its known device). `npm run bench:login-flood`; FLOOD_RATE (1000)
 * and BENCH_SAMPLES (300 per measurement) change the load and the sample size; LOGIN_FLOOD_ONLY=many-addresses
 * runs the last part alone.
 */
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import { Role, type User } from '@portal/contract';
import { DEFAULT_HASHING_COST } from '../apps/server/src/shared/password-hasher.ts';
import { DEMO_PASSWORD } from '../test-kit/demo.ts';
import { type RunningPortal, startPortal } from '../test-kit/portal.ts';
import { api, inBatches, logIn } from '../test-kit/portal-api.ts';
import { measureManyAddressFlood } from './support/many-address-flood.ts';
import { withPostgresDatabase } from './support/postgres.ts';
import { cpuMilliseconds } from './support/proc.ts';

const FLOOD_RATE = Number(process.env.FLOOD_RATE ?? 1000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 300);
/** Between two calls of the measuring client: a person's page, not a second flood. */
const PAUSE_MS = 10;
/** The flood runs this long before measuring starts: the address is over its limit by then. */
const FLOOD_WARMUP_MS = 3000;
const GOAL = 2;
const LOGIN_RATE = Number(process.env.LOGIN_RATE ?? 20);
const LOGIN_SECONDS = Number(process.env.LOGIN_SECONDS ?? 10);
const LOGIN_ACCOUNTS = Number(process.env.LOGIN_ACCOUNTS ?? 20);
const LOGIN_GOAL_P95_MS = 150;

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

/** The value at `fraction` of sorted `values` (nearest rank). */
const percentile = (sorted: number[], fraction: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN;

/**
 * `LOGIN_RATE` correct sign-ins a second for `LOGIN_SECONDS`, round the accounts in turn, each sent at its own
 * moment whatever the others do and timed from that moment to its answer's last byte.
 */
async function signInsAtRate(portal: RunningPortal, emails: string[]) {
  const total = LOGIN_RATE * LOGIN_SECONDS;
  const intervalMs = 1000 / LOGIN_RATE;
  const start = performance.now();
  const times: number[] = [];
  const statuses = new Map<number, number>();
  const sent: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const dueAt = start + i * intervalMs;
    const wait = dueAt - performance.now();
    if (wait > 0) await sleep(wait);
    sent.push(
      fetch(`${portal.url}/api/v1/auth`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: emails[i % emails.length], password: DEMO_PASSWORD }),
      }).then(async (response) => {
        await response.arrayBuffer();
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        if (response.ok) times.push(performance.now() - dueAt);
      }),
    );
  }
  await Promise.all(sent);
  const seconds = (performance.now() - start) / 1000;
  times.sort((a, b) => a - b);
  return { total, seconds, statuses, times };
}

/** `count` customers of the demo customer's business, all with the demo password (made through the admin API). */
async function benchAccounts(portal: RunningPortal, count: number): Promise<string[]> {
  const admin = await logIn(portal, 'admin@demo.test');
  const customer = await logIn(portal, 'customer@demo.test');
  const { business } = JSON.parse(
    Buffer.from(customer.token.split('.')[1] ?? '', 'base64url').toString(),
  ) as {
    business: number;
  };
  return inBatches(
    Array.from({ length: count }, (_, i) => i + 1),
    4,
    async (n) => {
      const email = `sign-in-${n}@bench.test`;
      await api<User>(portal, admin, 'POST', '/api/v1/users', {
        business,
        email,
        name: 'Bench',
        surname: `Sign-in ${n}`,
        password: DEMO_PASSWORD,
        role: Role.Customer,
        enabled: true,
      });
      return email;
    },
  );
}

/** The sign-in case on a portal of its own, with `env` (the database). */
async function measureSignIns(label: string, env: Record<string, string>) {
  const portal = await startPortal({ LOG_LEVEL: 'error', ...env });
  try {
    const emails = await benchAccounts(portal, LOGIN_ACCOUNTS);
    // Each account signed in once first, as the portal's first calls are slower.
    for (const email of emails) await logIn(portal, email);
    const pid = portal.process.child.pid ?? 0;
    const cpuBefore = cpuMilliseconds(pid);
    const signIns = await signInsAtRate(portal, emails);
    const cpuPerSignIn = (cpuMilliseconds(pid) - cpuBefore) / signIns.total;
    const p50 = percentile(signIns.times, 0.5);
    const p95 = percentile(signIns.times, 0.95);
    const answers = [...signIns.statuses].map(([status, count]) => `${count} × ${status}`).join(', ');
    const { memoryCost, timeCost } = DEFAULT_HASHING_COST;
    console.log(
      `\nSign-ins, ${label}: ${LOGIN_RATE}/s over ${emails.length} accounts for ${signIns.seconds.toFixed(1)} s ` +
        `(argon2id m=${memoryCost} KiB, t=${timeCost}, p=1): ${answers}`,
    );
    console.table([
      {
        case: `POST /api/v1/auth, ${LOGIN_RATE}/s over ${emails.length} accounts`,
        'p50 (ms)': Number(p50.toFixed(1)),
        'p95 (ms)': Number(p95.toFixed(1)),
        'max (ms)': Number((signIns.times.at(-1) ?? Number.NaN).toFixed(1)),
        'portal CPU per sign-in (ms)': Number(cpuPerSignIn.toFixed(1)),
        'load average (1 min)': Number(loadavg()[0]?.toFixed(2)),
        [`goal p95 ≤ ${LOGIN_GOAL_P95_MS} ms`]:
          p95 <= LOGIN_GOAL_P95_MS && signIns.times.length === signIns.total ? 'met' : 'MISSED',
      },
    ]);
  } finally {
    await portal.stop();
  }
}

const onlyManyAddresses = process.env.LOGIN_FLOOD_ONLY === 'many-addresses';
if (!onlyManyAddresses) await measureSignIns('embedded database (PGlite)', {});
const serverUrl = process.env.DATABASE_URL;
if (onlyManyAddresses) console.log('\nSign-ins and the one-address flood: skipped (LOGIN_FLOOD_ONLY)');
else if (serverUrl)
  await withPostgresDatabase(serverUrl, (url) => measureSignIns('PostgreSQL', { DATABASE_URL: url }));
else console.log('\nSign-ins, PostgreSQL: skipped (set DATABASE_URL to measure it too)');

const portal = onlyManyAddresses ? null : await startPortal({ LOG_LEVEL: 'error' });
if (portal)
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

await measureManyAddressFlood('PGlite', {});
if (serverUrl)
  await withPostgresDatabase(serverUrl, (url) =>
    measureManyAddressFlood('PostgreSQL', { DATABASE_URL: url }),
  );
