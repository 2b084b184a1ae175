/**
 * Throughput of the main API paths against the cheapest one (/healthz), measured in the same run on the
 * real server: once on its embedded database and, when DATABASE_URL is set, once on PostgreSQL. Ratios,
 * not absolute numbers, are what to compare. `npm run bench`; BENCH_SECONDS sets the length of each
 * measurement (default 5), BENCH_CASES a comma-separated list of the case numbers to run (0, the baseline, for ratios),
 * API_PROFILE=<folder> has the portal write a CPU profile there (`--cpu-prof`; PORTAL_PROFILE does the same for bench:tunnel).
 */
import autocannon from 'autocannon';
import { DEMO_PASSWORD } from '../test-kit/demo.ts';
import { type RunningPortal, startPortal } from '../test-kit/portal.ts';
import { withPostgresDatabase } from './support/postgres.ts';
import { cpuMilliseconds, cpuProfileEnv } from './support/proc.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);

type Case = Omit<Partial<autocannon.Options>, 'url'> & { path: string };

async function login(portal: RunningPortal, email: string): Promise<{ token: string; id: number }> {
  const response = await fetch(`${portal.url}/api/v1/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  const { access_token: token } = (await response.json()) as { access_token: string };
  const { id } = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { id: number };
  return { token, id };
}

/** Answers a second, and the portal's CPU per answer (from /proc: steadier than the rate on a shared machine). */
async function measure(
  portal: RunningPortal,
  title: string,
  { path, ...options }: Case,
): Promise<{ rate: number; cpuMs: number }> {
  const pid = portal.process.child.pid;
  const cpuBefore = pid ? cpuMilliseconds(pid) : 0;
  const result = await autocannon({
    url: `${portal.url}${path}`,
    connections: 10,
    duration: seconds,
    ...options,
  });
  const failures = result.non2xx + result.errors + result.timeouts;
  if (failures > 0) throw new Error(`${title}: ${failures} failed requests`);
  const cpuMs = pid ? cpuMilliseconds(pid) - cpuBefore : Number.NaN;
  return { rate: result.requests.average, cpuMs: cpuMs / result.requests.total };
}

/** Every case on one running portal, as rows of a table. */
async function run(portal: RunningPortal) {
  const customer = await login(portal, 'customer@demo.test');
  const admin = await login(portal, 'admin@demo.test');
  const cases: [string, Case][] = [
    ['GET /healthz (baseline)', { path: '/healthz' }],
    ['GET /api/v1/operator (public read)', { path: '/api/v1/operator' }],
    [
      'GET /api/v1/users/{id} (authenticated read)',
      { path: `/api/v1/users/${customer.id}`, headers: { authorization: `Bearer ${customer.token}` } },
    ],
    [
      'GET /api/v1/users?page=1 (authenticated list)',
      { path: '/api/v1/users?page=1&pageSize=25', headers: { authorization: `Bearer ${admin.token}` } },
    ],
    [
      'POST /api/v1/auth (argon2id, one account)',
      {
        // One login at a time, as this case has always been measured: one account's hashing throughput.
        // `npm run bench:login-flood` measures sign-ins at a steady rate over many accounts.
        connections: 1,
        path: '/api/v1/auth',
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'manager@demo.test', password: DEMO_PASSWORD }),
      },
    ],
  ];
  const rows: { case: string; 'req/s': number; 'vs baseline': string; 'portal CPU ms/req': string }[] = [];
  let baseline = 0;
  const chosen = process.env.BENCH_CASES?.split(',').map(Number);
  for (const [index, [title, options]] of cases.entries()) {
    if (chosen && !chosen.includes(index)) continue;
    const { rate, cpuMs } = await measure(portal, title, options);
    if (index === 0) baseline = rate;
    rows.push({
      case: title,
      'req/s': Math.round(rate),
      'vs baseline': baseline ? (rate / baseline).toFixed(3) : '',
      'portal CPU ms/req': cpuMs.toFixed(3),
    });
  }
  return rows;
}

async function bench(label: string, env: Record<string, string>) {
  const portal = await startPortal({ LOG_LEVEL: 'error', ...cpuProfileEnv(process.env.API_PROFILE), ...env });
  try {
    console.log(`\n${label}`);
    console.table(await run(portal));
  } finally {
    await portal.stop();
  }
}

await bench('Embedded database (PGlite)', {});
const serverUrl = process.env.DATABASE_URL;
if (serverUrl) {
  await withPostgresDatabase(serverUrl, (url) => bench('PostgreSQL', { DATABASE_URL: url }));
} else {
  console.log('\nPostgreSQL: skipped (set DATABASE_URL to measure it too)');
}
