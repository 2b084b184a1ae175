/**
 * The machine proxy against the board it fronts, in one run: the same requests sent through portal → tunnel →
 * gateway → board and straight to the board, reported as absolute numbers and as ratios. The portal, the gateway
 * (the real CLI) and the simulated board each run in a process of their own; CPU and resident memory are read
 * from /proc, the portal's heap from the portal itself after a full collection. Also: the portal's memory for
 * many idle tunnels and open status streams, and its CPU for many viewers of one webcam.
 *
 * Linux only (/proc). `npm run bench:tunnel` (3 to 4 minutes) on the embedded database, or on a throwaway PostgreSQL database when
 * DATABASE_URL is set; `npm run bench:tunnel -- --quick` is a short smoke run of every part, and
 * `npm run bench:tunnel -- --gateway` leaves out the parts that never reach the gateway under test (the idle
 * tunnels and the status streams): issue 18's figures in half the time.
 */
import http from 'node:http';
import { loadavg } from 'node:os';
import { MAX_STREAMS_PER_USER } from '../apps/server/src/modules/live-status/status-streams.ts';
import { MAX_VIEWERS_PER_USER } from '../apps/server/src/modules/webcam/webcam-hub.ts';
import type { GatewayProcess } from '../test-kit/gateway-process.ts';
import {
  controllerOf,
  createGatewayControllers,
  issueGatewayKey,
  logIn,
  type Session,
} from '../test-kit/portal-api.ts';
import { openStreams } from '../test-kit/streams.ts';
import { customersLike } from './support/customers.ts';
import { connectFleet, waitUntil } from './support/gateways.ts';
import { DOWNLOAD_PATH, startHardware } from './support/hardware.ts';
import { gatewayNode, spawnInstalledGateway } from './support/installed-gateway.ts';
import { atFixedRate, atFullSpeed, getter, type LatencyResult, type Send } from './support/load.ts';
import { type BenchPortal, startBenchPortal } from './support/portal-process.ts';
import { withPostgresDatabase } from './support/postgres.ts';
import {
  cpuMilliseconds,
  type MemoryGrowth,
  residentBytes,
  untilQuiet,
  watchCpu,
  watchPeakMemory,
} from './support/proc.ts';
import { startReplayBoard } from './support/replay-board.ts';
import { download, gcodeFile, upload } from './support/transfer.ts';

const quick = process.argv.includes('--quick');
const gatewayOnly = process.argv.includes('--gateway');
const MIB = 1024 * 1024;

/** How much of everything: the full run follows the issue's figures, `--quick` only shows that every part works. */
const plan = quick
  ? {
      warmupMs: 500,
      latencyMs: 2000,
      speedMs: 2000,
      fileBytes: 10 * MIB,
      viewers: 10,
      webcamMs: 2000,
      tunnels: 50,
      statusStreams: 50,
    }
  : {
      warmupMs: 1000,
      latencyMs: 10_000,
      speedMs: 10_000,
      fileBytes: 100 * MIB,
      viewers: 100,
      webcamMs: 10_000,
      tunnels: 1000,
      statusStreams: 1000,
    };

/** What the issue asks of the proxy. */
const GOALS = {
  rate: 1000,
  addedP50Ms: 3,
  addedP99Ms: 15,
  megabytesPerSecond: 20,
  memoryGrowthMiB: 64,
  // The gateway on a small computer (issue 18): its resident memory idle and at its peak over the whole run, and
  // its CPU per proxied request.
  gatewayIdleMiB: 64,
  gatewayPeakMiB: 96,
  gatewayCpuMsPerRequest: 0.2,
};
/** Steady rates the round trip is timed at: a light load first, then the goal's. */
const RATES = [100, GOALS.rate];
/** Requests in flight at once when measuring the most each path answers (the gateway queues 64 per board). */
const SPEED_CONCURRENCY = 16;
/** The request Duet Web Control repeats most: the live fields of the object model. */
const MODEL_QUERY = '/rr_model?flags=d99fn';
/** How long the portal is watched once the idle tunnels or streams are open. */
const SETTLE_MS = 3000;

const round = (value: number, digits = 2) => Number(value.toFixed(digits));
const mib = (bytes: number) => round(bytes / MIB, 1);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const section = (title: string) => console.log(`\n${title}`);

function ensureNoFailures(what: string, result: { failed: number; failure: string | null }): void {
  if (result.failed > 0)
    throw new Error(`${what}: ${result.failed} failed requests, first: ${result.failure}`);
}

/** Everything one run measures against. */
interface Rig {
  portal: BenchPortal;
  admin: Session;
  customer: Session;
  /**
   * `customer` first, then more customers like it: the portal lets one user hold at most MAX_STREAMS_PER_USER
   * status streams and MAX_VIEWERS_PER_USER viewers of a camera, so the bench's thousand streams and hundred
   * viewers come from as many users as that takes, as they would in use.
   */
  customers: Session[];
  controller: number;
  gatewayPid: number;
  /** The board and webcam process. */
  boardPid: number;
  boardUrl: string;
  /** The same board behind the proxy, on the customer path. */
  proxiedUrl: string;
  /** rr_model straight to the board (which closes every connection, as RepRapFirmware does). */
  direct: Send;
  /** rr_model through the proxy, as a browser sends it: kept-alive connections and the bearer token. */
  proxied: Send;
  /** The gateway's peak RSS in each part that loads it, in MiB. */
  gatewayPeaks: number[];
}

interface Figures {
  latency: { rate: number; addedP50Ms: number; addedP99Ms: number; failed: number; keptUp: boolean }[];
  transfers: { what: string; megabytesPerSecond: number; portalMiB: number; gatewayMiB: number }[];
  gateway: { idleMiB: number; peakMiB: number; cpuMsPerRequest: number };
}

const keptUp = (result: LatencyResult) =>
  result.fellBehindAfterS === null ? 'yes' : `no: stopped after ${round(result.fellBehindAfterS, 1)} s`;

async function measureLatency(rig: Rig): Promise<Figures['latency']> {
  const rows = [];
  const added = [];
  const failures: string[] = [];
  for (const rate of RATES) {
    const run = async (send: Send) => {
      await atFixedRate(send, rate, plan.warmupMs);
      return atFixedRate(send, rate, plan.latencyMs);
    };
    await untilQuiet(rig.portal.pid);
    const straight = await run(rig.direct);
    ensureNoFailures(`direct rr_model at ${rate}/s`, straight);
    const memory = [watchPeakMemory(rig.portal.pid), watchPeakMemory(rig.gatewayPid)];
    const through = await run(rig.proxied);
    const [portalPeak, gatewayPeak] = memory.map((watch) => watch.stop().peakMiB) as [number, number];
    rig.gatewayPeaks.push(gatewayPeak);
    const addedP50Ms = through.p50Ms - straight.p50Ms;
    const addedP99Ms = through.p99Ms - straight.p99Ms;
    added.push({
      rate,
      addedP50Ms,
      addedP99Ms,
      failed: through.failed,
      keptUp: through.fellBehindAfterS === null,
    });
    if (through.failure) failures.push(`at ${rate} req/s the first failure was: ${through.failure}`);
    rows.push(
      {
        'asked req/s': rate,
        path: 'straight to the board',
        'p50 ms': round(straight.p50Ms),
        'p99 ms': round(straight.p99Ms),
        'answered req/s': Math.round(straight.answeredPerSecond),
        'kept up': keptUp(straight),
      },
      {
        'asked req/s': rate,
        path: 'through the proxy',
        'p50 ms': round(through.p50Ms),
        'p99 ms': round(through.p99Ms),
        'answered req/s': Math.round(through.answeredPerSecond),
        'kept up': keptUp(through),
        'portal peak RSS MiB': round(portalPeak, 1),
        'gateway peak RSS MiB': round(gatewayPeak, 1),
        failed: `${through.failed} of ${through.sent}`,
      },
      {
        'asked req/s': rate,
        path: 'added by the proxy',
        'p50 ms': round(addedP50Ms),
        'p99 ms': round(addedP99Ms),
      },
    );
  }
  section(
    `rr_model round trip at a steady rate, ${plan.latencyMs / 1000} s each (${MODEL_QUERY}; timed from when each request was due)`,
  );
  console.table(rows);
  for (const failure of failures) console.log(`Through the proxy ${failure}`);
  return added;
}

/** Measures the most each path answers; returns the gateway's CPU per proxied request, in milliseconds. */
async function measureThroughput(rig: Rig): Promise<number> {
  /** Runs `send` at full speed and tells the CPU milliseconds each process spent per answered request. */
  const cpuPerRequest = async (send: Send, pids: Record<string, number>) => {
    const watches = Object.entries(pids).map(([name, pid]) => [name, watchCpu(pid)] as const);
    const result = await atFullSpeed(send, SPEED_CONCURRENCY, plan.speedMs);
    const cpu = Object.fromEntries(
      watches.map(([name, watch]) => [`${name} CPU ms/req`, round(watch.stop().cpuMs / result.completed, 3)]),
    );
    return { result, cpu };
  };
  await untilQuiet(rig.portal.pid);
  const straight = await cpuPerRequest(rig.direct, { board: rig.boardPid });
  ensureNoFailures('direct rr_model at full speed', straight.result);
  const gatewayMemory = watchPeakMemory(rig.gatewayPid);
  const through = await cpuPerRequest(rig.proxied, {
    portal: rig.portal.pid,
    gateway: rig.gatewayPid,
    board: rig.boardPid,
  });
  rig.gatewayPeaks.push(gatewayMemory.stop().peakMiB);
  ensureNoFailures('proxied rr_model at full speed', through.result);
  section(
    `rr_model at full speed, ${SPEED_CONCURRENCY} in flight, ${plan.speedMs / 1000} s each (CPU: all threads of each process)`,
  );
  console.table([
    {
      path: 'straight to the board',
      'req/s': Math.round(straight.result.perSecond),
      'vs direct': 1,
      ...straight.cpu,
    },
    {
      path: 'through the proxy',
      'req/s': Math.round(through.result.perSecond),
      'vs direct': round(through.result.perSecond / straight.result.perSecond, 3),
      ...through.cpu,
    },
  ]);
  return through.cpu['gateway CPU ms/req'] as number;
}

async function measureTransfers(rig: Rig): Promise<Figures['transfers']> {
  const downloadPath = `/rr_download?name=${encodeURIComponent(DOWNLOAD_PATH)}`;
  const uploadPath = `/rr_upload?name=${encodeURIComponent('0:/gcodes/bench-upload.gcode')}`;
  // The customer path may upload into 0:/gcodes only, and checks every line of a file there.
  const body = gcodeFile(plan.fileBytes);
  const authorization = { authorization: `Bearer ${rig.customer.token}` };
  const watched = async (transfer: () => ReturnType<typeof download>) => {
    const memory = [watchPeakMemory(rig.portal.pid), watchPeakMemory(rig.gatewayPid)];
    const result = await transfer();
    const [portal, gateway] = memory.map((watch) => watch.stop()) as [MemoryGrowth, MemoryGrowth];
    rig.gatewayPeaks.push(gateway.peakMiB);
    return { result, portal: portal.growthMiB, gateway: gateway.growthMiB };
  };

  await untilQuiet(rig.portal.pid);
  const directDown = await download(`${rig.boardUrl}${downloadPath}`, plan.fileBytes);
  const down = await watched(() =>
    download(`${rig.proxiedUrl}${downloadPath}`, plan.fileBytes, authorization),
  );
  // A board takes uploads from a logged-in client only: the gateway has its own session, the bench opens one.
  await getter(`${rig.boardUrl}/rr_connect?password=reprap`, { agent: new http.Agent() })();
  const directUp = await upload(`${rig.boardUrl}${uploadPath}`, body);
  const up = await watched(() => upload(`${rig.proxiedUrl}${uploadPath}`, body, authorization));

  const rows = [
    { what: 'download (rr_download)', direct: directDown, ...down },
    { what: 'upload (rr_upload with Content-Length)', direct: directUp, ...up },
  ];
  section(
    `One ${plan.fileBytes / MIB} MiB file (MB/s = 10^6 bytes/s; +MiB = peak RSS growth of the process during the proxied transfer)`,
  );
  console.table(
    rows.map((row) => ({
      transfer: row.what,
      'direct MB/s': round(row.direct.megabytesPerSecond, 1),
      'proxied MB/s': round(row.result.megabytesPerSecond, 1),
      'vs direct': round(row.result.megabytesPerSecond / row.direct.megabytesPerSecond, 3),
      'portal +MiB': round(row.portal, 1),
      'gateway +MiB': round(row.gateway, 1),
    })),
  );
  return rows.map((row) => ({
    what: row.what,
    megabytesPerSecond: row.result.megabytesPerSecond,
    portalMiB: row.portal,
    gatewayMiB: row.gateway,
  }));
}

/**
 * Who opens the `index`-th of `count` streams when each user may hold `cap` at once: turn by turn among the
 * fewest of `users` that stay within the cap.
 */
function spread(users: readonly Session[], count: number, cap: number): (index: number) => Session {
  const needed = Math.ceil(count / cap);
  if (needed > users.length)
    throw new Error(`${count} streams need ${needed} users, the bench has ${users.length}`);
  return (index) => users[index % needed] as Session;
}

async function measureWebcam(rig: Rig): Promise<void> {
  const base = `${rig.portal.machineUrl(rig.controller)}/proxy/webcam/${rig.controller}/?action=stream&token=`;
  // The single viewer's user is left out of the many viewers: its stream may still count until the portal sees
  // it closed.
  const [single, ...others] = rig.customers as [Session, ...Session[]];
  const watch = async (viewers: number) => {
    const viewer = viewers === 1 ? () => single : spread(others, viewers, MAX_VIEWERS_PER_USER);
    const streams = await openStreams((index) => `${base}${viewer(index).videoToken}`, viewers, 20);
    const portal = watchCpu(rig.portal.pid);
    const gateway = watchCpu(rig.gatewayPid);
    const gatewayMemory = watchPeakMemory(rig.gatewayPid);
    const bytesBefore = streams.bytes();
    await sleep(plan.webcamMs);
    rig.gatewayPeaks.push(gatewayMemory.stop().peakMiB);
    const row = {
      viewers,
      'portal CPU %': round(portal.stop().percent, 1),
      'gateway CPU %': round(gateway.stop().percent, 1),
      'MB/s to viewers': round((streams.bytes() - bytesBefore) / 1e6 / (plan.webcamMs / 1000), 2),
    };
    streams.close();
    return row;
  };
  await untilQuiet(rig.portal.pid);
  const one = await watch(1);
  const many = await watch(plan.viewers);
  section(
    `One webcam (640x480, 8 frames/s) through the machine origin's relay, ${plan.webcamMs / 1000} s each; ` +
      `${plan.viewers} viewers from ${Math.ceil(plan.viewers / MAX_VIEWERS_PER_USER)} customers with ${MAX_VIEWERS_PER_USER} at most each`,
  );
  console.table([
    { ...one, 'portal CPU vs 1 viewer': 1 },
    { ...many, 'portal CPU vs 1 viewer': round(many['portal CPU %'] / one['portal CPU %'], 1) },
  ]);
}

/** The portal's memory before and after `open()` has opened `count` of something; `close()` ends them. */
async function memoryPer(
  rig: Rig,
  count: number,
  open: () => Promise<{ close(): unknown }>,
): Promise<Record<string, number>> {
  await untilQuiet(rig.portal.pid);
  const heapBefore = await rig.portal.heap();
  const rssBefore = residentBytes(rig.portal.pid);
  const opened = performance.now();
  const things = await open();
  const openSeconds = (performance.now() - opened) / 1000;
  const cpu = watchCpu(rig.portal.pid);
  await sleep(SETTLE_MS);
  const idleCpu = cpu.stop();
  const heapAfter = await rig.portal.heap();
  const rssAfter = residentBytes(rig.portal.pid);
  await things.close();
  const heapGrowth = heapAfter.heapUsed + heapAfter.external - heapBefore.heapUsed - heapBefore.external;
  return {
    count,
    'open in s': round(openSeconds, 1),
    'RSS before MiB': mib(rssBefore),
    'RSS after MiB': mib(rssAfter),
    'RSS KiB each': round((rssAfter - rssBefore) / 1024 / count, 1),
    'heap KiB each': round(heapGrowth / 1024 / count, 1),
    [`portal CPU % then (${SETTLE_MS / 1000} s)`]: round(idleCpu.percent, 1),
  };
}

async function measureIdleTunnels(rig: Rig): Promise<void> {
  const created = performance.now();
  const controllers = await createGatewayControllers(rig.portal, rig.admin, plan.tunnels, 'bench idle', {
    like: rig.controller,
    parallel: 8,
  });
  const createSeconds = (performance.now() - created) / 1000;
  // Idle machines: their gateways log in to an idle board and the portal's live status follows each of them.
  const board = await startReplayBoard();
  const server = `ws://${new URL(rig.portal.url).host}`;
  try {
    const row = await memoryPer(rig, plan.tunnels, () => connectFleet(server, controllers, board.url, 50));
    section(
      `Idle tunnels: ${plan.tunnels} gateways (in the bench's process) in front of idle boards, followed by the live status`,
    );
    console.table([row]);
  } finally {
    await board.close();
  }
  console.log(
    `(their ${plan.tunnels} controllers and keys were made through the admin API in ${round(createSeconds, 1)} s)`,
  );
}

async function measureStatusStreams(rig: Rig): Promise<void> {
  const viewer = spread(rig.customers, plan.statusStreams, MAX_STREAMS_PER_USER);
  const url = (index: number) =>
    `${rig.portal.url}/api/v1/machines/status/stream?token=${encodeURIComponent(viewer(index).token)}`;
  const row = await memoryPer(rig, plan.statusStreams, () => openStreams(url, plan.statusStreams, 50));
  section(
    `Open status streams: ${plan.statusStreams} (GET /api/v1/machines/status/stream, each after its first snapshot), ` +
      `${Math.ceil(plan.statusStreams / MAX_STREAMS_PER_USER)} customers with ${MAX_STREAMS_PER_USER} at most each`,
  );
  console.table([row]);
}

function reportGoals(figures: Figures): void {
  const atGoalRate = figures.latency.find((row) => row.rate === GOALS.rate);
  const rows = [];
  if (atGoalRate) {
    const met = atGoalRate.keptUp && atGoalRate.failed === 0;
    const caveat = met ? '' : ` (${atGoalRate.keptUp ? '' : 'fell behind, '}${atGoalRate.failed} refused)`;
    rows.push(
      {
        goal: `added p50 ≤ ${GOALS.addedP50Ms} ms at ${GOALS.rate} req/s`,
        measured: `${round(atGoalRate.addedP50Ms)} ms${caveat}`,
        met: met && atGoalRate.addedP50Ms <= GOALS.addedP50Ms,
      },
      {
        goal: `added p99 ≤ ${GOALS.addedP99Ms} ms at ${GOALS.rate} req/s`,
        measured: `${round(atGoalRate.addedP99Ms)} ms${caveat}`,
        met: met && atGoalRate.addedP99Ms <= GOALS.addedP99Ms,
      },
    );
  }
  for (const transfer of figures.transfers) {
    const growth = Math.max(transfer.portalMiB, transfer.gatewayMiB);
    rows.push(
      {
        goal: `${transfer.what} ≥ ${GOALS.megabytesPerSecond} MB/s`,
        measured: `${round(transfer.megabytesPerSecond, 1)} MB/s`,
        met: transfer.megabytesPerSecond >= GOALS.megabytesPerSecond,
      },
      {
        goal: `${transfer.what}: portal and gateway each grow ≤ ${GOALS.memoryGrowthMiB} MiB`,
        measured: `portal ${round(transfer.portalMiB, 1)} MiB, gateway ${round(transfer.gatewayMiB, 1)} MiB`,
        met: growth <= GOALS.memoryGrowthMiB,
      },
    );
  }
  section('Goals of issue 7');
  console.table(rows);
  const { gateway } = figures;
  section(`Goals of issue 18: the gateway as installed (${gatewayNode()})`);
  console.table([
    {
      goal: `gateway RSS idle ≤ ${GOALS.gatewayIdleMiB} MiB`,
      measured: `${round(gateway.idleMiB, 1)} MiB`,
      met: gateway.idleMiB <= GOALS.gatewayIdleMiB,
    },
    {
      goal: `gateway peak RSS ≤ ${GOALS.gatewayPeakMiB} MiB through every part`,
      measured: `${round(gateway.peakMiB, 1)} MiB`,
      met: gateway.peakMiB <= GOALS.gatewayPeakMiB,
    },
    {
      goal: `gateway CPU ≤ ${GOALS.gatewayCpuMsPerRequest} ms per proxied request`,
      measured: `${round(gateway.cpuMsPerRequest, 3)} ms`,
      met: gateway.cpuMsPerRequest <= GOALS.gatewayCpuMsPerRequest,
    },
  ]);
}

async function run(databaseUrl: string | undefined): Promise<void> {
  const hardware = await startHardware(plan.fileBytes);
  const portal = await startBenchPortal(databaseUrl);
  let gateway: GatewayProcess | undefined;
  try {
    const admin = await logIn(portal, 'admin@demo.test');
    const customer = await logIn(portal, 'customer@demo.test');
    const controller = await controllerOf(portal, admin, 'Prusa linea 1');
    const key = await issueGatewayKey(portal, admin, controller);
    gateway = await spawnInstalledGateway({
      server: portal.url,
      controller,
      key,
      board: hardware.boardUrl,
      webcam: hardware.webcamUrl,
    });
    const gatewayPid = gateway.child.pid as number;
    const proxiedUrl = `${portal.url}/proxy/duet/3.6/customer/${controller}`;
    const customers = await customersLike(
      portal,
      admin,
      customer,
      Math.max(
        Math.ceil(plan.statusStreams / MAX_STREAMS_PER_USER),
        1 + Math.ceil(plan.viewers / MAX_VIEWERS_PER_USER),
      ),
      { prefix: 'bench-customer' },
    );
    const rig: Rig = {
      portal,
      admin,
      customer,
      customers,
      controller,
      gatewayPid,
      boardPid: hardware.pid,
      boardUrl: hardware.boardUrl,
      proxiedUrl,
      gatewayPeaks: [],
      direct: getter(`${hardware.boardUrl}${MODEL_QUERY}`, { agent: new http.Agent({ keepAlive: false }) }),
      proxied: getter(`${proxiedUrl}${MODEL_QUERY}`, {
        agent: new http.Agent({ keepAlive: true }),
        headers: { authorization: `Bearer ${customer.token}` },
      }),
    };
    await waitUntil(rig.proxied, 30_000, 'the gateway did not come online');
    await untilQuiet(gatewayPid);
    const gatewayIdleMiB = residentBytes(gatewayPid) / MIB;
    console.log(
      `Portal on ${databaseUrl ? 'PostgreSQL' : 'the embedded database (PGlite)'}, RSS ${mib(residentBytes(portal.pid))} MiB; ` +
        `gateway (the bundle on ${gatewayNode()}) idle RSS ${round(gatewayIdleMiB, 1)} MiB${quick ? '; quick run' : ''}${gatewayOnly ? "; the gateway's parts only" : ''}`,
    );
    // Memory first, while the portal's heap has not yet grown under load: its RSS then shows new memory.
    if (!gatewayOnly) {
      await measureIdleTunnels(rig);
      await measureStatusStreams(rig);
    }
    const latency = await measureLatency(rig);
    const cpuMsPerRequest = await measureThroughput(rig);
    const transfers = await measureTransfers(rig);
    await measureWebcam(rig);
    const gatewayFigures = {
      idleMiB: gatewayIdleMiB,
      peakMiB: Math.max(...rig.gatewayPeaks),
      cpuMsPerRequest,
    };
    reportGoals({ latency, transfers, gateway: gatewayFigures });
    console.log(
      `\nCPU time used in all: portal ${round(cpuMilliseconds(portal.pid) / 1000, 1)} s, gateway ` +
        `${round(cpuMilliseconds(gatewayPid) / 1000, 1)} s; gateway RSS at the end ${mib(residentBytes(gatewayPid))} MiB`,
    );
  } finally {
    await gateway?.stop();
    await portal.stop();
    await hardware.stop();
  }
}

/** The machine is shared: its load says how far to trust the figures. */
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
console.log(`Load average at the start: ${load()}`);
const serverUrl = process.env.DATABASE_URL;
if (serverUrl) await withPostgresDatabase(serverUrl, run);
else await run(undefined);
console.log(`Load average at the end: ${load()}`);
