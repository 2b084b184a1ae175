/**
 * How long a deployment's machines stay away when one instance dies (deploy/README.md, "Running several instances";
 * docs/design.md §7): FAILOVER_GATEWAYS gateways (1,000, in this process, with idle boards behind them) dial through
 * HAProxy, round robin over FAILOVER_INSTANCES portal instances (3); the instance holding the most tunnels is killed
 * with SIGKILL, as a crash or the kernel's OOM killer would. Each of its gateways is timed from the kill until its
 * tunnel is up on a surviving instance (the gateway's own `connected`) and until its board answers a proxied
 * `rr_model` through a survivor (alternately one and the other, so half of them are forwarded over the instance
 * link to the new holder): the machine is online again for everyone. Reports p50, p95 and max against the goal:
 * p95 ≤ 30 s, every gateway back. A gateway not back within FAILOVER_TIMEOUT_S (120) counts as missed.
 *
 * `npm run bench:failover` (about 2 minutes; needs PostgreSQL on 127.0.0.1, `redis-server` and `haproxy`, as the
 * several-instances tests do). FAILOVER_PROFILE (a folder) has every portal write a CPU profile there (the killed
 * one writes none).
 */
import { loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { boardProxyPath } from '@portal/contract';
import { counterSum, type DeploymentInstance, metricsOf, startDeployment } from '../test-kit/deployment.ts';
import { createGatewayControllers, logIn } from '../test-kit/portal-api.ts';
import { connectFleet, SHARED_PROCESS_TUNING, waitUntil } from './support/gateways.ts';
import { ms, summarize } from './support/percentiles.ts';
import { cpuProfileEnv, watchCpuAndWait } from './support/proc.ts';
import { startReplayBoardProcess } from './support/replay-board.ts';

const size = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number from 1 up`);
  return value;
};
const GATEWAYS = size('FAILOVER_GATEWAYS', 1000);
const INSTANCES = size('FAILOVER_INSTANCES', 3);
const TIMEOUT_MS = size('FAILOVER_TIMEOUT_S', 120) * 1000;
const GOAL_P95_MS = 30_000;
/** Between two tries of one machine's board through a survivor, while its gateway is not back. */
const RETRY_MS = 100;

if (INSTANCES < 2) throw new Error('FAILOVER_INSTANCES must be 2 or more: one is killed');
const loadAverage = () => loadavg()[0]?.toFixed(1);
console.log(
  `${GATEWAYS} gateways over ${INSTANCES} instances, one killed. Load average at the start: ${loadAverage()}`,
);

const deployment = await startDeployment({
  instances: INSTANCES,
  env: cpuProfileEnv(process.env.FAILOVER_PROFILE),
});
const board = await startReplayBoardProcess();
const stops: (() => Promise<unknown>)[] = [];
try {
  const admin = await logIn(deployment, 'admin@demo.test');
  let started = performance.now();
  const controllers = await createGatewayControllers(deployment, admin, GATEWAYS, 'Failover gateway', {
    parallel: 16,
  });
  console.log(
    `${GATEWAYS} controllers and keys made through the API in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  started = performance.now();
  const fleet = await connectFleet(
    `ws://${new URL(deployment.url).host}`,
    controllers,
    board.url,
    50,
    SHARED_PROCESS_TUNING,
  );
  stops.push(() => fleet.close());
  const held = async (instance: DeploymentInstance) =>
    counterSum(await metricsOf(instance), 'portal_tunnels_held');
  let before: number[] = [];
  await waitUntil(
    async () => {
      before = await Promise.all(deployment.instances.map(held));
      const total = before.reduce((sum, count) => sum + count, 0);
      if (total !== GATEWAYS) throw new Error(`${total} of ${GATEWAYS} tunnels held`);
    },
    60_000,
    'the fleet did not come online',
  );
  console.log(
    `gateways online in ${((performance.now() - started) / 1000).toFixed(1)} s, tunnels held: ${deployment.instances
      .map((instance, index) => `${instance.name} ${before[index]}`)
      .join(', ')}`,
  );

  const victimIndex = before.indexOf(Math.max(...before));
  const victim = deployment.instances[victimIndex] as DeploymentInstance;
  const survivors = deployment.instances.filter((instance) => instance !== victim);
  const answers = async (controller: number, instance: DeploymentInstance) => {
    const response = await fetch(
      `${instance.url}${boardProxyPath('3.6', 'admin', controller, 'rr_model?key=state')}`,
      { headers: { authorization: `Bearer ${admin.token}` } },
    ).catch(() => null);
    await response?.body?.cancel();
    return response?.status === 200;
  };
  // Before the kill, machines answer through every survivor (every 50th is asked): what follows measures the
  // failover alone.
  for (const instance of survivors) {
    for (const { controller } of controllers.filter((_, index) => index % 50 === 0)) {
      await waitUntil(
        async () => {
          if (!(await answers(controller, instance))) throw new Error('no answer');
        },
        30_000,
        `controller ${controller}'s board did not answer through ${instance.name} before the kill`,
      );
    }
  }

  interface Lost {
    down: number;
    up?: number;
    answered?: number;
  }
  const lost = new Map<number, Lost>();
  let killedAt = 0;
  const deadline = () => killedAt + TIMEOUT_MS;
  const sleep = (delay: number) => new Promise((resolve) => setTimeout(resolve, delay));
  /** Tries the board through a survivor until it answers: the machine is back for everyone. */
  const untilAnswers = async (index: number, entry: Lost) => {
    const { controller } = controllers[index] as (typeof controllers)[number];
    const survivor = survivors[index % survivors.length] as DeploymentInstance;
    while (performance.now() < deadline()) {
      if (await answers(controller, survivor)) {
        entry.answered = performance.now() - killedAt;
        return;
      }
      await sleep(RETRY_MS);
    }
  };
  fleet.gateways.forEach((gateway, index) => {
    gateway.once('disconnected', () => {
      const entry: Lost = { down: performance.now() - killedAt };
      lost.set(index, entry);
      gateway.once('connected', () => {
        entry.up = performance.now() - killedAt;
        void untilAnswers(index, entry);
      });
    });
  });
  let haproxyDownMs: number | null = null;
  const watchHaproxy = async () => {
    while (performance.now() < deadline()) {
      const states = await deployment.serverStates('portal').catch(() => ({}) as Record<string, string>);
      if (states[victim.name] && !states[victim.name]?.startsWith('UP')) {
        haproxyDownMs = performance.now() - killedAt;
        return;
      }
      await sleep(RETRY_MS);
    }
  };

  const usage = watchCpuAndWait([
    ...survivors.map((instance) => instance.process.child.pid as number),
    process.pid,
  ]);
  const expected = before[victimIndex] as number;
  // The gateways' side of the failover runs in this process: its event loop's delay is part of every figure.
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  killedAt = performance.now();
  victim.process.child.kill('SIGKILL');
  const haproxyWatched = watchHaproxy();
  const allBack = () =>
    lost.size >= expected && [...lost.values()].every((entry) => entry.answered !== undefined);
  while (!allBack() && performance.now() < deadline()) await sleep(RETRY_MS);
  const backMs = performance.now() - killedAt;
  const used = usage.stop();
  loopDelay.disable();
  await haproxyWatched;
  const after = await Promise.all(survivors.map(held));

  const entries = [...lost.values()];
  const rows = [
    {
      measure: 'kill → the gateway sees its tunnel closed',
      values: entries.map((entry) => entry.down),
      goal: false,
    },
    {
      measure: 'kill → its tunnel up on a survivor (gateway connected)',
      values: entries.flatMap((entry) => (entry.up === undefined ? [] : [entry.up])),
      goal: false,
    },
    {
      measure: 'kill → its board answers through a survivor',
      values: entries.flatMap((entry) => (entry.answered === undefined ? [] : [entry.answered])),
      goal: true,
    },
  ];
  const back = rows[2]?.values.length ?? 0;
  console.log(
    `\nSIGKILL of ${victim.name}, which held ${expected} of ${GATEWAYS} tunnels; times from the kill, per gateway:\n`,
  );
  console.log(
    '| measure | gateways | p50 ms | p95 ms | max ms | goal p95 ≤ 30 s, all back |\n|---|---|---|---|---|---|',
  );
  for (const row of rows) {
    const summary = summarize(row.values);
    const verdict =
      back === expected && lost.size === expected && summary.p95 <= GOAL_P95_MS ? 'met' : 'missed';
    console.log(
      `| ${row.measure} | ${summary.count} | ${ms(summary.p50)} | ${ms(summary.p95)} | ${ms(summary.max)} | ` +
        `${row.goal ? verdict : '(not a goal)'} |`,
    );
  }
  console.log(
    `\n${back} of ${expected} back within ${TIMEOUT_MS / 1000} s (${lost.size} disconnected); the survivors hold ` +
      `${after.reduce((sum, count) => sum + count, 0)} of ${GATEWAYS} tunnels (${survivors
        .map((instance, index) => `${instance.name} ${after[index]}`)
        .join(', ')}); HAProxy marked ${victim.name} down ${
        haproxyDownMs === null ? 'never' : `after ${ms(haproxyDownMs)} ms`
      }`,
  );
  const share = ({ cpuPercent, waitPercent }: { cpuPercent: number; waitPercent: number }) =>
    `${cpuPercent.toFixed(0)} % CPU, ${waitPercent.toFixed(0)} % waiting for one`;
  console.log(
    `From the kill until all were back (${(backMs / 1000).toFixed(1)} s): ${survivors
      .map((instance, index) => `${instance.name} ${share(used[index] as (typeof used)[number])}`)
      .join(', ')}; the gateways (this process) ${share(used[survivors.length] as (typeof used)[number])}, ` +
      `event loop delayed p50 ${ms(loopDelay.percentile(50) / 1e6)} ms, max ${ms(loopDelay.max / 1e6)} ms; ` +
      `load average at the end: ${loadAverage()}`,
  );
} finally {
  for (const stop of stops.reverse()) await stop().catch(() => undefined);
  await board.close();
  await deployment.stop();
}
