/**
 * Control-panel viewers in a process of their own, polling `rr_model` as Duet Web Control does: each viewer asks
 * again `thinkMs` after its previous answer arrived (a closed loop per viewer), so the load follows the answers
 * as a browser's does. Each viewer has its own kept-alive connection (a browser of its own) and its own headers
 * (its user's bearer token); the viewers start spread evenly over one think time, as browsers opened at random
 * moments would be. Running here, their requests take no CPU from the portal's process nor from the gateways'.
 */
import { fork } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import { createHistogram } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

export interface PanelTarget {
  url: string;
  headers?: Record<string, string>;
}

export interface PanelRound {
  thinkMs: number;
  durationMs: number;
  /** Kept-alive connections (the portal's origin, as a browser) or a new one per request (a board closes each). */
  keepAlive: boolean;
}

export interface PanelResult {
  /** Requests answered at all (any status), over the round. */
  answered: number;
  ok: number;
  /** 503 SERVER_BUSY: the gateway's own refusal once its queue for a board is full (its board protection). */
  busy: number;
  /** Everything else: another status, or no answer (a connection error). */
  failed: number;
  failure: string | null;
  /** Of the 2xx answers, timed from the moment each request was due (`thinkMs` after the previous answer). */
  p50Ms: number;
  p99Ms: number;
  /** From the first request due to the last answer. */
  wallMs: number;
}

export interface PanelViewers {
  readonly pid: number;
  /** Runs one viewer per target for one round and reports it. */
  run(targets: readonly PanelTarget[], round: PanelRound): Promise<PanelResult>;
  stop(): Promise<void>;
}

type Request = { id: number; targets: PanelTarget[] } & PanelRound;
type Reply = { id: number } & ({ ok: true; result: PanelResult } | { ok: false; error: string });

/** Starts the viewers' process; each `run` gives it the viewers' targets, one per viewer. */
export function startPanelViewers(): PanelViewers {
  const child = fork(fileURLToPath(import.meta.url), [], { stdio: 'inherit' });
  const exited = once(child, 'exit');
  let next = 0;
  return {
    pid: child.pid as number,
    async run(targets, round) {
      const id = next++;
      const reply = await Promise.race([
        new Promise<Reply>((resolve) => {
          const listen = (message: Reply) => {
            if (message.id !== id) return;
            child.off('message', listen);
            resolve(message);
          };
          child.on('message', listen);
          child.send({ id, targets: [...targets], ...round } satisfies Request);
        }),
        exited.then(
          ([code]): Reply => ({ id, ok: false, error: `the viewers' process exited with ${code}` }),
        ),
      ]);
      if (!reply.ok) throw new Error(reply.error);
      // NaN (no answer timed) crosses the IPC channel as null.
      const { p50Ms, p99Ms } = reply.result;
      return { ...reply.result, p50Ms: p50Ms ?? Number.NaN, p99Ms: p99Ms ?? Number.NaN };
    },
    async stop() {
      if (child.exitCode !== null) return;
      child.disconnect();
      await exited;
    },
  };
}

/** One GET, its body read to the end: resolves with its status and the start of an error's body. */
function get(target: PanelTarget, agent: http.Agent): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(target.url, { agent, headers: target.headers }, (response) => {
      const status = response.statusCode ?? 0;
      let text = '';
      response.on('data', (chunk: Buffer) => {
        if ((status < 200 || status >= 300) && text.length < 200) text += chunk.toString('utf8', 0, 200);
      });
      response.once('error', reject);
      response.once('end', () => resolve({ status, text }));
    });
    request.once('error', reject);
  });
}

async function runRound({ targets, thinkMs, durationMs, keepAlive }: Request): Promise<PanelResult> {
  const micros = createHistogram();
  const result = { answered: 0, ok: 0, busy: 0, failed: 0, failure: null as string | null };
  const start = performance.now();
  const end = start + durationMs;
  const agents: http.Agent[] = [];
  const viewer = async (target: PanelTarget, index: number) => {
    const agent = new http.Agent({ keepAlive, maxSockets: 1 });
    agents.push(agent);
    // Spread over one think time, evenly: viewer i first asks i/n of the way into it.
    let due = start + (thinkMs * index) / targets.length;
    while (due < end) {
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      // Timed from when it was due, or from when it was sent if a timer fired early (Node's timers keep whole
      // milliseconds of a cached clock): never from before the request existed.
      const from = Math.min(due, performance.now());
      try {
        const { status, text } = await get(target, agent);
        result.answered++;
        if (status >= 200 && status < 300) {
          result.ok++;
          micros.record(Math.max(1, Math.round((performance.now() - from) * 1000)));
        } else if (status === 503 && text.includes('SERVER_BUSY')) result.busy++;
        else {
          result.failed++;
          result.failure ??= `answered ${status} ${text}`;
        }
      } catch (error) {
        result.failed++;
        result.failure ??= (error as Error).message;
      }
      due = performance.now() + thinkMs;
    }
  };
  await Promise.all(targets.map(viewer));
  const wallMs = performance.now() - start;
  for (const agent of agents) agent.destroy();
  return {
    ...result,
    p50Ms: micros.count ? micros.percentile(50) / 1000 : Number.NaN,
    p99Ms: micros.count ? micros.percentile(99) / 1000 : Number.NaN,
    wallMs,
  };
}

if (import.meta.main) {
  process.on('message', (request: Request) => {
    runRound(request).then(
      (result) => process.send?.({ id: request.id, ok: true, result } satisfies Reply),
      (error: Error) => process.send?.({ id: request.id, ok: false, error: error.message } satisfies Reply),
    );
  });
  // The bench going away (or disconnecting on purpose) ends this process.
  process.once('disconnect', () => process.exit(0));
}
