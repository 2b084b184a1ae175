/**
 * Throughput of the main API paths against the cheapest one (/healthz), measured in the same run on
 * the real server with its embedded database: ratios, not absolute numbers, are what to compare.
 * `npm run bench`; BENCH_SECONDS sets the length of each measurement (default 5).
 */
import autocannon from 'autocannon';
import { startPortal } from '../e2e/support/portal.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const portal = await startPortal({ LOG_LEVEL: 'error' });

async function login(email: string): Promise<{ token: string; id: number }> {
  const response = await fetch(`${portal.url}/api/v1/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Demo1234!' }),
  });
  const { access_token: token } = (await response.json()) as { access_token: string };
  const { id } = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { id: number };
  return { token, id };
}

type Case = Omit<Partial<autocannon.Options>, 'url'> & { path: string };

async function measure(title: string, { path, ...options }: Case): Promise<number> {
  const result = await autocannon({
    url: `${portal.url}${path}`,
    connections: 10,
    duration: seconds,
    ...options,
  });
  const failures = result.non2xx + result.errors + result.timeouts;
  if (failures > 0) throw new Error(`${title}: ${failures} failed requests`);
  return result.requests.average;
}

try {
  const session = await login('customer@demo.test');
  const cases: [string, Case][] = [
    ['GET /healthz (baseline)', { path: '/healthz' }],
    ['GET /api/v1/operator', { path: '/api/v1/operator' }],
    [
      'GET /api/v1/users/{id} (session check)',
      { path: `/api/v1/users/${session.id}`, headers: { authorization: `Bearer ${session.token}` } },
    ],
    [
      'POST /api/v1/auth (argon2id, two at once)',
      {
        path: '/api/v1/auth',
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'manager@demo.test', password: 'Demo1234!' }),
      },
    ],
  ];
  const rows: { case: string; 'req/s': number; 'vs baseline': string }[] = [];
  let baseline = 0;
  for (const [title, options] of cases) {
    const rate = await measure(title, options);
    baseline ||= rate;
    rows.push({ case: title, 'req/s': Math.round(rate), 'vs baseline': (rate / baseline).toFixed(3) });
  }
  console.table(rows);
} finally {
  await portal.stop();
}
