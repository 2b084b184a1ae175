/**
 * The machine proxy against the board it fronts, in one run: the same requests sent through portal → tunnel →
 * gateway → board and straight to the board, reported as absolute numbers and as ratios. The portal, the gateway
 * (the real CLI) and the simulated board each run in a process of their own; CPU and resident memory are read
 * from /proc, the portal's heap from the portal itself after a full collection. Also: the portal's memory for
 * many idle tunnels and open status streams, and its CPU for many viewers of one webcam. Last, control panels as
 * they are used: many machines, each with its own gateway and board, whose Duet Web Control pages poll `rr_model`
 * (measurePanels).
 *
 * Linux only (/proc). `npm run bench:tunnel` (3 to 5 minutes) on the embedded database, or on a throwaway PostgreSQL database when
 * DATABASE_URL is set; `npm run bench:tunnel -- --quick` is a short smoke run of every part, and
 * `npm run bench:tunnel -- --gateway` leaves out the parts that never reach the gateway under test (the idle
 * tunnels and the status streams): the gateway's goals in half the time. `npm run bench:tunnel -- --panels` runs
 * the control panels alone (under 2 minutes), and leaves out everything else; `--panel-machines N` sizes them.
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
import { customersLike, customersOfGroups } from './support/customers.ts';
import { connectFleet, SHARED_PROCESS_TUNING, waitUntil } from './support/gateways.ts';
import { DOWNLOAD_PATH, startHardware } from './support/hardware.ts';
import { gatewayNode, spawnInstalledGateway } from './support/installed-gateway.ts';
import { atFixedRate, atFullSpeed, getter, type LatencyResult, type Send } from './support/load.ts';
import { createMachines } from './support/machines.ts';
import { type PanelResult, type PanelTarget, startPanelViewers } from './support/panel-viewers.ts';
import { type BenchPortal, startBenchPortal } from './support/portal-process.ts';
import { withPostgresDatabase } from './support/postgres.ts';
import {
  cpuMilliseconds,
  type MemoryGrowth,
  residentBytes,
  untilQuiet,
  watchCpu,
  watchCpuAndWait,
  watchPeakMemory,
} from './support/proc.ts';
import { startReplayBoard, startReplayBoardProcess } from './support/replay-board.ts';
import { download, gcodeFile, upload } from './support/transfer.ts';

const quick = process.argv.includes('--quick');
const gatewayOnly = process.argv.includes('--gateway');
const panelsOnly = process.argv.includes('--panels');
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
      panels: { machines: 20, viewers: 40, warmupMs: 1000, durationMs: 3000 },
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
      panels: { machines: 200, viewers: 400, warmupMs: 2000, durationMs: 20_000 },
    };

/** What the issue asks of the proxy. */
const GOALS = {
  rate: 1000,
  addedP50Ms: 3,
  addedP99Ms: 15,
  megabytesPerSecond: 20,
  memoryGrowthMiB: 64,
  // The gateway on a small computer: its resident memory idle and at its peak over the whole run, and
  // its CPU per proxied request.
  gatewayIdleMiB: 64,
  gatewayPeakMiB: 96,
  gatewayCpuMsPerRequest: 0.2,
};
/** The goals of the proxy under control panels in use (measurePanels). */
const PANEL_GOALS = { addedP99Ms: 25, portalCpuMsPerRequest: 0.3 };
/** Duet Web Control asks for the object model again this long after its previous answer arrived. */
const PANEL_THINK_MS = 250;
/** Machines each panel customer is assigned; two customers share each such set, one viewer per machine each. */
const MACHINES_PER_CUSTOMER = 4;

/**
 * `--panel-machines N`: the control panels on N machines and 2N viewers instead of the plan's, to see how their
 * tail grows with the load two cores carry (docs/benchmarks.md, `bench:tunnel`).
 */
function panelSize(): { machines: number; viewers: number } {
  const at = process.argv.indexOf('--panel-machines');
  if (at < 0) return plan.panels;
  const machines = Number(process.argv[at + 1]);
  if (!Number.isInteger(machines) || machines <= 0 || machines % MACHINES_PER_CUSTOMER !== 0)
    throw new Error(`--panel-machines takes a positive multiple of ${MACHINES_PER_CUSTOMER}`);
  return { machines, viewers: 2 * machines };
}
/** Steady rates the round trip is timed at: a light load first, then the goal's. */
const RATES = [100, GOALS.rate];
/** Requests in flight at once when measuring the most each path answers (the gateway queues 64 per board). */
const SPEED_CONCURRENCY = 16;
/** The request Duet Web Control repeats most: the live fields of the object model. */
const MODEL_QUERY = '/rr_model?flags=d99fn';
/** How long the portal is watched once the idle tunnels or streams are open. */
const SETTLE_MS = 3000;

const round = (value: number, digits = 2) => Number(value.toFixed(digits));
const round3 = (value: number) => round(value, 3);
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

interface PanelFigures {
  answeredPerSecond: number;
  addedP50Ms: number;
  addedP99Ms: number;
  portalCpuMsPerRequest: number;
  busy: number;
  failed: number;
  failure: string | null;
}

/**
 * Control panels as they are used: `plan.panels.machines` machines made through the admin API, each
 * with its gateway (all in the bench's process, as in bench:fanout) in front of its board (the replay board, in a
 * process of its own: every machine's board answers there), and `plan.panels.viewers` Duet Web Control pages
 * polling `rr_model` (bench/support/panel-viewers.ts, in a process of their own): each asks again PANEL_THINK_MS
 * after its previous answer arrived, two per machine. The viewers are customers of the machines' business, each
 * assigned MACHINES_PER_CUSTOMER machines and watching each of them once, with their bearer tokens, two
 * customers to each set of machines: no user comes near a cap of the portal's.
 *
 * Added latency is measured as the steady-rate section measures it: the same viewers (same think time, same
 * number, same timing from when each request was due) run first straight to the board, then through the proxy,
 * and the proxy's p50 and p99 are the proxied ones minus the straight ones. The portal's CPU per request is its
 * CPU during the proxied round, less what it used idle over as long with the same tunnels open (the live status
 * following each board every 2 s), over the requests it answered.
 */
async function measurePanels(portal: BenchPortal, admin: Session): Promise<PanelFigures> {
  const { warmupMs, durationMs } = plan.panels;
  const { machines: machineCount, viewers: viewerCount } = panelSize();
  const viewersPerMachine = viewerCount / machineCount;
  const created = performance.now();
  const { machines, business } = await createMachines(portal, admin, machineCount, {
    like: 'Prusa linea 1',
    prefix: 'Panel',
    licensed: true,
  });
  // Customer c sees the c/viewersPerMachine-th set of MACHINES_PER_CUSTOMER machines; each machine of a set is
  // watched once by each of its viewersPerMachine customers.
  const sets = machineCount / MACHINES_PER_CUSTOMER;
  const customerMachines = Array.from({ length: sets * viewersPerMachine }, (_, customer) => {
    const first = Math.floor(customer / viewersPerMachine) * MACHINES_PER_CUSTOMER;
    return machines.slice(first, first + MACHINES_PER_CUSTOMER);
  });
  const customers = await customersOfGroups(
    portal,
    admin,
    business,
    customerMachines.map((set) => set.map((machine) => machine.group)),
    { prefix: 'bench-panel' },
  );
  const createSeconds = (performance.now() - created) / 1000;
  const board = await startReplayBoardProcess();
  const viewers = startPanelViewers();
  const stops: (() => Promise<unknown>)[] = [() => viewers.stop(), () => board.close()];
  try {
    const fleet = await connectFleet(
      `ws://${new URL(portal.url).host}`,
      machines,
      board.url,
      50,
      SHARED_PROCESS_TUNING,
    );
    stops.unshift(() => fleet.close());
    const straight: PanelTarget[] = [];
    const proxied: PanelTarget[] = [];
    customerMachines.forEach((set, customer) => {
      const headers = { authorization: `Bearer ${(customers[customer] as Session).token}` };
      for (const { controller } of set) {
        straight.push({ url: `${board.url}${MODEL_QUERY}` });
        proxied.push({ url: `${portal.url}/proxy/duet/3.6/customer/${controller}${MODEL_QUERY}`, headers });
      }
    });
    const poll = async (targets: PanelTarget[], keepAlive: boolean, watched: Record<string, number>) => {
      await viewers.run(targets, { thinkMs: PANEL_THINK_MS, durationMs: warmupMs, keepAlive });
      const watches = Object.entries(watched).map(([name, pid]) => [name, watchCpu(pid)] as const);
      const waits = watchCpuAndWait(Object.values(watched));
      const result = await viewers.run(targets, { thinkMs: PANEL_THINK_MS, durationMs, keepAlive });
      const cpu = Object.fromEntries(watches.map(([name, watch]) => [name, watch.stop()]));
      const waited = waits
        .stop()
        .map(({ waitPercent }, index) => `${watches[index]?.[0]} ${round(waitPercent, 1)} %`);
      return { result, cpu, waited };
    };
    // The live status follows every board through its tunnel: the portal is never idle, only steady.
    await untilQuiet(portal.pid, 20);
    const idle = watchCpu(portal.pid);
    await sleep(SETTLE_MS);
    const idlePercent = idle.stop().percent;
    const direct = await poll(straight, false, { board: board.pid });
    const through = await poll(proxied, true, {
      portal: portal.pid,
      gateways: process.pid,
      board: board.pid,
      viewers: viewers.pid,
    });
    const perRequest = (result: PanelResult, cpuMs: number) => round3(cpuMs / Math.max(1, result.answered));
    const portalCpu = through.cpu.portal as { cpuMs: number; wallMs: number };
    const portalNetMs = portalCpu.cpuMs - (idlePercent / 100) * portalCpu.wallMs;
    const figures: PanelFigures = {
      answeredPerSecond: (through.result.ok * 1000) / through.result.wallMs,
      addedP50Ms: through.result.p50Ms - direct.result.p50Ms,
      addedP99Ms: through.result.p99Ms - direct.result.p99Ms,
      portalCpuMsPerRequest: portalNetMs / Math.max(1, through.result.answered),
      busy: through.result.busy,
      failed: through.result.failed,
      failure: through.result.failure,
    };
    const row = (path: string, { result, cpu }: typeof direct) => ({
      path,
      'answered req/s': Math.round((result.ok * 1000) / result.wallMs),
      'p50 ms': round(result.p50Ms),
      'p99 ms': round(result.p99Ms),
      '503 SERVER_BUSY': result.busy,
      failed: result.failed,
      ...Object.fromEntries(
        Object.entries(cpu).map(([name, { cpuMs }]) => [`${name} CPU ms/req`, perRequest(result, cpuMs)]),
      ),
    });
    section(
      `Control panels: ${machineCount} machines, each with its gateway (in the bench's process) and board (one replay ` +
        `board process), ${viewerCount} viewers (a process of their own) polling ${MODEL_QUERY} ${PANEL_THINK_MS} ms ` +
        `after each answer, ${viewersPerMachine} per machine, from ${customers.length} customers; ${durationMs / 1000} s each ` +
        `after ${warmupMs / 1000} s of warm-up (CPU: all threads, per request answered)`,
    );
    console.table([
      row('straight to the board', direct),
      row('through the proxy', through),
      {
        path: 'added by the proxy',
        'p50 ms': round(figures.addedP50Ms),
        'p99 ms': round(figures.addedP99Ms),
      },
    ]);
    console.log(
      `The portal used ${round(idlePercent, 1)} % of a core idle with the ${machineCount} tunnels open (the live ` +
        `status), taken off its CPU per request: ${round3(figures.portalCpuMsPerRequest)} ms net. ` +
        `(${machineCount} machines and ${customers.length} customers made through the admin API in ${round(createSeconds, 1)} s)`,
    );
    // On a shared machine a process may be held back more than it works: how long each main thread waited for a CPU.
    console.log(`Main threads' time waiting for a CPU through the proxy: ${through.waited.join(', ')}`);
    if (through.result.failure)
      console.log(`Through the proxy the first failure was: ${through.result.failure}`);
    if (direct.result.failure)
      console.log(`Straight to the board the first failure was: ${direct.result.failure}`);
    return figures;
  } finally {
    for (const stop of stops) await stop();
  }
}

function reportPanelGoals(panels: PanelFigures): void {
  const failures = panels.failed === 0 ? '' : ` (${panels.failed} failed)`;
  section('Goals: control panels in use');
  console.table([
    {
      goal: `added p99 ≤ ${PANEL_GOALS.addedP99Ms} ms`,
      measured: `${round(panels.addedP99Ms)} ms${failures}`,
      met: panels.failed === 0 && panels.addedP99Ms <= PANEL_GOALS.addedP99Ms,
    },
    {
      goal: `portal CPU ≤ ${PANEL_GOALS.portalCpuMsPerRequest} ms per request`,
      measured: `${round3(panels.portalCpuMsPerRequest)} ms`,
      met: panels.portalCpuMsPerRequest <= PANEL_GOALS.portalCpuMsPerRequest,
    },
  ]);
  console.log(
    `${Math.round(panels.answeredPerSecond)} answered req/s; the gateways' own 503 SERVER_BUSY (their board ` +
      `protection, not failures): ${panels.busy}; failures: ${panels.failed}`,
  );
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
  section('Goals: the proxy');
  console.table(rows);
  const { gateway } = figures;
  section(`Goals: the gateway as installed (${gatewayNode()})`);
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

/** The control panels alone (`--panels`): a portal, and what measurePanels starts. */
async function runPanels(databaseUrl: string | undefined): Promise<void> {
  const portal = await startBenchPortal(databaseUrl);
  try {
    console.log(
      `Portal on ${databaseUrl ? 'PostgreSQL' : 'the embedded database (PGlite)'}; the control panels only${quick ? '; quick run' : ''}`,
    );
    reportPanelGoals(await measurePanels(portal, await logIn(portal, 'admin@demo.test')));
    console.log(`\nCPU time used in all: portal ${round(cpuMilliseconds(portal.pid) / 1000, 1)} s`);
  } finally {
    await portal.stop();
  }
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
    // Many gateways of their own, never the one under test: left out with the gateway's parts only.
    const panels = gatewayOnly ? null : await measurePanels(portal, admin);
    const gatewayFigures = {
      idleMiB: gatewayIdleMiB,
      peakMiB: Math.max(...rig.gatewayPeaks),
      cpuMsPerRequest,
    };
    reportGoals({ latency, transfers, gateway: gatewayFigures });
    if (panels) reportPanelGoals(panels);
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
const bench = panelsOnly ? runPanels : run;
if (serverUrl) await withPostgresDatabase(serverUrl, bench);
else await bench(undefined);
console.log(`Load average at the end: ${load()}`);
