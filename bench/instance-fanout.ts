/**
 * How fast a machine's status change reaches every open status stream of a deployment (deploy/README.md,
 * "Running several instances"; docs/design.md §7): FANOUT_MACHINES machines (1,000) whose gateways, in this process, dial through
 * HAProxy (round robin over FANOUT_INSTANCES portal instances, 3) with idle boards behind them, and FANOUT_STREAMS
 * (1,000) status streams spread evenly over the instances, read in a process of their own
 * (bench/support/status-listeners.ts). The streams are opened by managers of the machines' business, who see every
 * machine, at most MAX_STREAMS_PER_USER each, as the portal allows.
 *
 * The change is a gateway going offline and coming back: the status change a card shows whatever its board does,
 * and one the portal publishes the moment it sees it (a board's own changes are read every 2 s, so their delay is
 * the poll's before any fan-out). Each of FANOUT_ROUNDS rounds (10) takes FANOUT_BATCH random machines' gateways
 * offline together and times the change ("gateway offline" on the card) from the gateway's close to its arrival
 * on every stream; then starts them again and times, from each gateway's start (its dial through HAProxy, key
 * check and tunnel included), the arrival of the first status that is not offline, and of "idle" (after the new
 * holder's first reading of the board). Reports p50, p95 and max of every arrival against the goal: p95 ≤ 1 s.
 *
 * `npm run bench:fanout` (about 2 minutes; needs PostgreSQL on 127.0.0.1, `redis-server` and `haproxy`, as the
 * several-instances tests do). FANOUT_PROFILE (a folder) has every portal write a CPU profile there.
 */
import { loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { MAX_STREAMS_PER_USER } from '../apps/server/src/modules/live-status/status-streams.ts';
import { startDeployment } from '../test-kit/deployment.ts';
import { api, logIn } from '../test-kit/portal-api.ts';
import { managersOf } from './support/customers.ts';
import { connectFleet, SHARED_PROCESS_TUNING, waitUntil } from './support/gateways.ts';
import { createMachines } from './support/machines.ts';
import { ms, summarize } from './support/percentiles.ts';
import { cpuProfileEnv, watchCpuAndWait } from './support/proc.ts';
import { startReplayBoardProcess } from './support/replay-board.ts';
import { type Awaited, openStatusListeners, wallClock } from './support/status-listeners.ts';

const size = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number from 1 up`);
  return value;
};
const MACHINES = size('FANOUT_MACHINES', 1000);
const STREAMS = size('FANOUT_STREAMS', 1000);
const INSTANCES = size('FANOUT_INSTANCES', 3);
const ROUNDS = size('FANOUT_ROUNDS', 10);
const BATCH = Math.min(size('FANOUT_BATCH', 10), MACHINES);
const GOAL_P95_MS = 1000;
/** A change not seen on a stream by then is counted missing (the bench goes on). */
const ARRIVAL_TIMEOUT_MS = 30_000;

const loadAverage = () => loadavg()[0]?.toFixed(1);
console.log(
  `${MACHINES} machines, ${STREAMS} status streams, ${INSTANCES} instances; ${ROUNDS} rounds of ${BATCH} ` +
    `machines offline and back. Load average at the start: ${loadAverage()}`,
);

const deployment = await startDeployment({
  instances: INSTANCES,
  env: cpuProfileEnv(process.env.FANOUT_PROFILE),
});
const board = await startReplayBoardProcess();
const stops: (() => Promise<unknown>)[] = [];
try {
  const admin = await logIn(deployment, 'admin@demo.test');
  let started = performance.now();
  const { machines, business } = await createMachines(deployment, admin, MACHINES, {
    like: 'Prusa linea 1',
    prefix: 'Fan-out',
  });
  const viewers = await managersOf(deployment, admin, business, Math.ceil(STREAMS / MAX_STREAMS_PER_USER), {
    prefix: 'fanout-manager',
  });
  console.log(
    `${MACHINES} machines (controller, key, machine group) and ${viewers.length} managers made through the API ` +
      `in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  started = performance.now();
  const fleet = await connectFleet(
    `ws://${new URL(deployment.url).host}`,
    machines,
    board.url,
    50,
    SHARED_PROCESS_TUNING,
  );
  stops.push(() => fleet.close());
  // Every machine idle on every instance before the streams open: their snapshots then show the fleet as it stays.
  const controllers = new Set(machines.map((machine) => machine.controller));
  for (const instance of deployment.instances) {
    await waitUntil(
      async () => {
        const statuses = await api<{ controllerId: number; status: { state: string } }[]>(
          instance,
          admin,
          'GET',
          '/api/v1/machines/status',
        );
        const states = new Map<string, number>();
        for (const { controllerId, status } of statuses) {
          if (controllers.has(controllerId)) states.set(status.state, (states.get(status.state) ?? 0) + 1);
        }
        if (states.get('idle') !== MACHINES) {
          throw new Error(
            `on ${instance.name}: ${[...states].map(([state, count]) => `${count} ${state}`).join(', ')}`,
          );
        }
      },
      60_000,
      'the fleet did not become idle',
    );
  }
  console.log(
    `gateways online and every machine idle in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  started = performance.now();
  const streamUrl = (index: number) => {
    const instance = deployment.instances[index % INSTANCES] as (typeof deployment.instances)[number];
    const viewer = viewers[index % viewers.length] as (typeof viewers)[number];
    return `${instance.url}/api/v1/machines/status/stream?token=${encodeURIComponent(viewer.token)}`;
  };
  const listeners = await openStatusListeners(
    Array.from({ length: STREAMS }, (_, index) => streamUrl(index)),
    50,
  );
  stops.push(() => listeners.stop());
  console.log(`${STREAMS} status streams open in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const usage = watchCpuAndWait([
    ...deployment.instances.map((instance) => instance.process.child.pid as number),
    listeners.pid,
    process.pid,
  ]);
  // The gateways run in this process: its event loop's delay is part of every figure (a close or a dial sent late).
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const samples: Record<Awaited, number[]> = { gatewayOffline: [], notOffline: [], idle: [] };
  const fanOut: Record<Awaited, number[]> = { gatewayOffline: [], notOffline: [], idle: [] };
  let missing = 0;
  let ended = 0;
  const shown = new Map<string, number>();
  const collect = async (awaited: Awaited, changes: { controller: number; at: number }[]) => {
    const result = await listeners.arrivals({ changes, awaited, timeoutMs: ARRIVAL_TIMEOUT_MS });
    samples[awaited].push(...result.latencies);
    fanOut[awaited].push(...result.fanOut);
    missing += result.missing;
    ended = result.ended;
    // Every event of the changed machines since the change: after a close "gateway offline" once, after a dial
    // "waiting" then "idle", and nothing else.
    if (awaited !== 'notOffline') {
      const after = awaited === 'idle' ? 'dial' : 'close';
      for (const [state, count] of Object.entries(result.states)) {
        shown.set(`${after}: ${state}`, (shown.get(`${after}: ${state}`) ?? 0) + count);
      }
    }
  };
  for (let round = 0; round < ROUNDS; round++) {
    const chosen = new Set<number>();
    while (chosen.size < BATCH) chosen.add(Math.floor(Math.random() * MACHINES));
    const indexes = [...chosen];
    const at = (index: number) => (machines[index] as (typeof machines)[number]).controller;
    const offline = indexes.map((index) => ({ controller: at(index), at: wallClock() }));
    await Promise.all(indexes.map((index) => fleet.takeOffline(index)));
    await collect('gatewayOffline', offline);
    const online = indexes.map((index) => {
      const change = { controller: at(index), at: wallClock() };
      fleet.bringOnline(index);
      return change;
    });
    await collect('notOffline', online);
    await collect('idle', online);
    process.stdout.write(`round ${round + 1} of ${ROUNDS}\r`);
  }
  loopDelay.disable();
  const used = usage.stop();

  const rows = [
    {
      change: 'gateway offline: its close → "gateway offline" on the stream',
      awaited: 'gatewayOffline',
      goal: true,
    },
    { change: 'gateway online: its dial → first status not offline', awaited: 'notOffline', goal: true },
    { change: 'gateway online: its dial → "idle" (first board reading)', awaited: 'idle', goal: false },
  ] as const;
  const results = rows.map((row) => ({
    ...row,
    ...summarize(samples[row.awaited]),
    fanOut: summarize(fanOut[row.awaited]),
  }));
  const verdict = (p95: number) => (missing === 0 && p95 <= GOAL_P95_MS ? 'met' : 'missed');
  console.log(
    `\nStatus changes of ${ROUNDS * BATCH} machines (${ROUNDS} rounds of ${BATCH}), each timed on all ` +
      `${STREAMS} streams over ${INSTANCES} instances (${MACHINES} machines online):\n`,
  );
  console.log(
    '| change | arrivals | p50 ms | p95 ms | max ms | goal p95 ≤ 1 s | of which from the holder deriving the ' +
      'status (its updatedAt) to arrival: p50 / p95 / max ms |\n|---|---|---|---|---|---|---|',
  );
  for (const result of results) {
    console.log(
      `| ${result.change} | ${result.count} | ${ms(result.p50)} | ${ms(result.p95)} | ${ms(result.max)} | ` +
        `${result.goal ? verdict(result.p95) : '(not a goal)'} | ${ms(result.fanOut.p50)} / ` +
        `${ms(result.fanOut.p95)} / ${ms(result.fanOut.max)} |`,
    );
  }
  console.log(
    `\nmissing arrivals (not seen within ${ARRIVAL_TIMEOUT_MS / 1000} s): ${missing}; streams ended by the portal: ` +
      `${ended}; states the streams showed for the changed machines after each change, all streams: ${[
        ...shown,
      ]
        .map(([state, count]) => `${state} ${count}`)
        .join(', ')}`,
  );
  const share = (index: number) => {
    const { cpuPercent, waitPercent } = used[index] as (typeof used)[number];
    return `${cpuPercent.toFixed(0)} % CPU, ${waitPercent.toFixed(0)} % waiting for one`;
  };
  console.log(
    `During the rounds: ${deployment.instances.map((instance, index) => `${instance.name} ${share(index)}`).join(', ')}; ` +
      `the stream reader ${share(INSTANCES)}; the gateways (this process) ${share(INSTANCES + 1)}, event loop ` +
      `delayed p50 ${ms(loopDelay.percentile(50) / 1e6)} ms, max ${ms(loopDelay.max / 1e6)} ms; load average at the ` +
      `end: ${loadAverage()}`,
  );
} finally {
  for (const stop of stops.reverse()) await stop().catch(() => undefined);
  await board.close();
  await deployment.stop();
}
