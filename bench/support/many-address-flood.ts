/**
 * The sign-in of people who are not the flood, while wrong passwords come from many addresses (docs/design.md
 * §10a): what an attacker measured as seconds of waiting and an account kept out. Two cases, each beside a quiet
 * run of the same probes:
 * - `MANY_FLOOD_RATE` (40) wrong passwords a second from `FLOOD_ADDRESSES` (50) addresses, each for an account of
 *   its own: another user's correct sign-in, from their known device and from a new browser (no cookie);
 * - `TARGETED_RATE` (5) wrong passwords a second for one account from 50 addresses: that account's own sign-ins
 *   from its usual address, with its known device's cookie and without it.
 * The portal trusts X-Forwarded-For from loopback, so each request names its address. On PGlite, and on PostgreSQL
 * too when DATABASE_URL is set.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { DEMO_PASSWORD } from '../../test-kit/demo.ts';
import { type RunningPortal, startPortal } from '../../test-kit/portal.ts';
import { ms } from './percentiles.ts';

const MANY_FLOOD_RATE = Number(process.env.MANY_FLOOD_RATE ?? 40);
const TARGETED_RATE = Number(process.env.TARGETED_RATE ?? 5);
const FLOOD_ADDRESSES = 50;
/** Each case measured this long, after the flood has run `WARMUP_MS`. */
const MEASURE_MS = Number(process.env.MANY_FLOOD_SECONDS ?? 20) * 1000;
const WARMUP_MS = 3000;
/** Between two probes of one kind: people signing in, not a second flood. */
const PROBE_INTERVAL_MS = 1000;
const GOAL_P90_MS = 1000;

const WRONG = 'Wrong1234!';
const DEVICE_COOKIE = 'portal_device';

interface Answer {
  status: number;
  ms: number;
  device?: string;
}

async function signIn(
  portal: RunningPortal,
  email: string,
  password: string,
  address: string,
  device?: string,
): Promise<Answer> {
  const started = performance.now();
  const response = await fetch(`${portal.url}/api/v1/auth`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': address,
      ...(device && { cookie: `${DEVICE_COOKIE}=${device}` }),
    },
    body: JSON.stringify({ email, password }),
  });
  await response.arrayBuffer();
  const cookie = response.headers
    .getSetCookie()
    .find((line) => line.startsWith(`${DEVICE_COOKIE}=`))
    ?.split(';')[0]
    ?.slice(DEVICE_COOKIE.length + 1);
  return { status: response.status, ms: performance.now() - started, ...(cookie && { device: cookie }) };
}

/** Wrong passwords at `rate` a second, round `FLOOD_ADDRESSES` addresses, each sent on time whatever the answers. */
function startWrongPasswords(
  portal: RunningPortal,
  rate: number,
  emailOf: (i: number) => string,
  net: number,
) {
  const statuses = new Map<number, number>();
  const sent: Promise<void>[] = [];
  let running = true;
  const loop = (async () => {
    const start = performance.now();
    for (let i = 0; running; i++) {
      const wait = start + (i * 1000) / rate - performance.now();
      if (wait > 0) await sleep(wait);
      const address = `10.${net}.0.${(i % FLOOD_ADDRESSES) + 1}`;
      sent.push(
        signIn(portal, emailOf(i), WRONG, address).then(
          ({ status }) => void statuses.set(status, (statuses.get(status) ?? 0) + 1),
          () => void statuses.set(0, (statuses.get(0) ?? 0) + 1),
        ),
      );
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      await Promise.all(sent);
      return statuses;
    },
  };
}

interface Probe {
  title: string;
  email: string;
  address: string;
  device?: string;
}

/**
 * Each probe's correct sign-in every `PROBE_INTERVAL_MS` for `MEASURE_MS`, as a person does it: the next once the
 * last is answered (at once if that took longer), each timed from sending to its answer's last byte.
 */
async function probeFor(portal: RunningPortal, probes: Probe[]) {
  const start = performance.now();
  return Promise.all(
    probes.map(async (probe) => {
      const answers: Answer[] = [];
      for (let i = 0; performance.now() - start < MEASURE_MS; i++) {
        const wait = start + i * PROBE_INTERVAL_MS - performance.now();
        if (wait > 0) await sleep(wait);
        answers.push(await signIn(portal, probe.email, DEMO_PASSWORD, probe.address, probe.device));
      }
      return answers;
    }),
  );
}

const rank = (sorted: number[], fraction: number) =>
  sorted.length === 0 ? Number.NaN : (sorted[Math.ceil(fraction * sorted.length) - 1] as number);

/** `goal`: p90 within a second and none refused (another user), all signed in (the targeted account), or none. */
function row(run: string, probe: Probe, answers: Answer[], goal?: 'p90' | 'all') {
  const times = answers.filter((a) => a.status === 200).map((a) => a.ms);
  times.sort((a, b) => a - b);
  const refused = answers.filter((a) => a.status !== 200);
  const byStatus = new Map<number, number>();
  for (const a of refused) byStatus.set(a.status, (byStatus.get(a.status) ?? 0) + 1);
  const p90 = rank(times, 0.9);
  return {
    run,
    'sign-in': probe.title,
    'p50 (ms)': ms(rank(times, 0.5)),
    'p90 (ms)': ms(p90),
    'max (ms)': ms(times.at(-1) ?? Number.NaN),
    refused:
      refused.length === 0
        ? `0 of ${answers.length}`
        : `${[...byStatus].map(([s, n]) => `${n} × ${s}`).join(', ')} of ${answers.length}`,
    goal:
      goal === undefined
        ? ''
        : refused.length === 0 && (goal === 'all' || p90 <= GOAL_P90_MS)
          ? `${goal === 'all' ? 'all in' : `p90 ≤ ${GOAL_P90_MS} ms, none refused`}: met`
          : 'MISSED',
  };
}

const statusText = (statuses: Map<number, number>) =>
  [...statuses].map(([status, count]) => `${count} × ${status || 'network error'}`).join(', ');

/** Both cases on a portal of their own, with `env` (the database) named `label`. */
export async function measureManyAddressFlood(label: string, env: Record<string, string>): Promise<void> {
  const portal = await startPortal({ LOG_LEVEL: 'error', TRUST_PROXY: '127.0.0.1', ...env });
  try {
    // Each probe's account signs in once from its usual address: the known device's cookie, and a warm portal.
    const known = await signIn(portal, 'customer@demo.test', DEMO_PASSWORD, '192.0.2.10');
    await signIn(portal, 'customer2@demo.test', DEMO_PASSWORD, '192.0.2.11');
    const owner = await signIn(portal, 'manager@demo.test', DEMO_PASSWORD, '192.0.2.20');
    if (!known.device || !owner.device) throw new Error('no device cookie was set at sign-in');
    const others: Probe[] = [
      {
        title: 'another user, known device',
        email: 'customer@demo.test',
        address: '192.0.2.10',
        device: known.device,
      },
      { title: 'another user, new browser', email: 'customer2@demo.test', address: '192.0.2.11' },
    ];
    const targeted: Probe[] = [
      {
        title: 'targeted account, known device',
        email: 'manager@demo.test',
        address: '192.0.2.20',
        device: owner.device,
      },
      {
        title: 'targeted account, same address, no cookie',
        email: 'manager@demo.test',
        address: '192.0.2.20',
      },
    ];

    const rows: ReturnType<typeof row>[] = [];
    const quiet = await probeFor(portal, [...others, ...targeted]);
    for (const [i, probe] of [...others, ...targeted].entries())
      rows.push(row('quiet', probe, quiet[i] ?? []));

    const many = startWrongPasswords(portal, MANY_FLOOD_RATE, (i) => `flood-${i}@elsewhere.test`, 66);
    await sleep(WARMUP_MS);
    const underMany = await probeFor(portal, others);
    const manyStatuses = await many.stop();
    const manyRun = `${MANY_FLOOD_RATE}/s wrong, ${FLOOD_ADDRESSES} addresses`;
    for (const [i, probe] of others.entries())
      rows.push(row(manyRun, probe, underMany[i] ?? [], i === 0 ? 'p90' : undefined));

    const aimed = startWrongPasswords(portal, TARGETED_RATE, () => 'manager@demo.test', 67);
    await sleep(WARMUP_MS);
    const underAimed = await probeFor(portal, targeted);
    const aimedStatuses = await aimed.stop();
    const aimedRun = `${TARGETED_RATE}/s wrong at it, ${FLOOD_ADDRESSES} addresses`;
    for (const [i, probe] of targeted.entries())
      rows.push(row(aimedRun, probe, underAimed[i] ?? [], i === 0 ? 'all' : undefined));

    console.log(
      `\nSign-in under floods from ${FLOOD_ADDRESSES} addresses (${label}; each probe every ${PROBE_INTERVAL_MS} ms, or once answered, for ` +
        `${MEASURE_MS / 1000} s each): the ${MANY_FLOOD_RATE}/s flood was answered ${statusText(manyStatuses)}; ` +
        `the ${TARGETED_RATE}/s one ${statusText(aimedStatuses)}`,
    );
    console.table(rows);
  } finally {
    await portal.stop();
  }
}
