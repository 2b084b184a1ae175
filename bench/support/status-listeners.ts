/**
 * Many open status streams (GET /api/v1/machines/status/stream, the server-sent events the web app's cards follow)
 * read in a process of their own, so that parsing a thousand streams' events neither takes the event loop of the
 * process that makes the changes nor is delayed by it. Every `status` event is noted with its arrival time on
 * `wallClock()`, which both processes share; the bench then asks when a change reached each stream.
 */
import { fork } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import { fileURLToPath } from 'node:url';

/** Milliseconds since the epoch with sub-millisecond precision, comparable between processes of one machine. */
export const wallClock = (): number => performance.timeOrigin + performance.now();

/** What a card shows of a change: its gateway offline, any state but offline (back online), or one state. */
export type Awaited = 'gatewayOffline' | 'notOffline' | 'idle';

export interface ArrivalQuery {
  /** Each changed controller with the moment of its change, on `wallClock()`. */
  changes: { controller: number; at: number }[];
  awaited: Awaited;
  timeoutMs: number;
}

export interface Arrivals {
  /** Milliseconds from each change to its arrival, for every stream and change that arrived. */
  latencies: number[];
  /**
   * Of the same arrivals, milliseconds from the moment the instance following the board derived the status (its
   * `updatedAt`, on the same machine's clock) to the arrival: the fan-out alone, over Redis to every instance's streams.
   */
  fanOut: number[];
  /** Stream × change pairs that had not arrived by the timeout. */
  missing: number;
  /** Streams that ended (the portal closed them, or they failed) since they were opened. */
  ended: number;
  /** How many of the changed machines' events since their change showed each state, on every stream. */
  states: Record<string, number>;
}

export interface StatusListeners {
  readonly pid: number;
  /** When each change reached each stream: resolves once all have, or at the timeout with what had. */
  arrivals(query: ArrivalQuery): Promise<Arrivals>;
  stop(): Promise<void>;
}

type Ask = { type: 'open'; urls: string[]; parallel: number } | ({ type: 'arrivals' } & ArrivalQuery);
type Request = Ask & { id: number };
type Reply = { id: number } & ({ ok: true; arrivals?: Arrivals } | { ok: false; error: string });

/** Opens a stream of each of `urls`, `parallel` at a time, in a child process; resolves once each sent its snapshot. */
export async function openStatusListeners(
  urls: readonly string[],
  parallel: number,
): Promise<StatusListeners> {
  const child = fork(fileURLToPath(import.meta.url), [], { stdio: 'inherit' });
  let next = 0;
  const pending = new Map<number, { resolve(reply: Reply): void; reject(error: Error): void }>();
  const exited = once(child, 'exit');
  void exited.then(([code]) => {
    for (const { reject } of pending.values()) reject(new Error(`the status listeners exited with ${code}`));
    pending.clear();
  });
  child.on('message', (reply: Reply) => {
    pending.get(reply.id)?.resolve(reply);
    pending.delete(reply.id);
  });
  const ask = async (request: Ask) => {
    const id = next++;
    const reply = await new Promise<Reply>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      child.send({ ...request, id });
    });
    if (!reply.ok) throw new Error(reply.error);
    return reply;
  };
  const stop = async () => {
    if (child.exitCode !== null) return;
    child.disconnect();
    await exited;
  };
  try {
    await ask({ type: 'open', urls: [...urls], parallel });
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    pid: child.pid as number,
    async arrivals(query) {
      return (await ask({ type: 'arrivals', ...query })).arrivals as Arrivals;
    },
    stop,
  };
}

/** The `status` events one stream received, by controller: the state each showed and when it arrived. */
type StreamLog = Map<number, { state: string; at: number; derivedAt: number }[]>;

const matches = (awaited: Awaited, state: string) =>
  awaited === 'notOffline' ? state !== 'gatewayOffline' : state === awaited;

function main(): void {
  const logs: StreamLog[] = [];
  const requests: http.ClientRequest[] = [];
  let ended = 0;
  const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });

  /** Opens one stream; resolves once its first event (the snapshot) has arrived. */
  const listen = (url: string) =>
    new Promise<void>((resolve, reject) => {
      const log: StreamLog = new Map();
      logs.push(log);
      let buffer = '';
      const request = http.get(url, { agent }, (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`${url.split('?', 1)[0]} answered ${response.statusCode}`));
          response.resume();
          return;
        }
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          const at = wallClock();
          buffer += chunk;
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            end = buffer.indexOf('\n\n');
            if (block.startsWith('event: snapshot')) resolve();
            if (!block.startsWith('event: status\ndata: ')) continue;
            const { controllerId, status } = JSON.parse(block.slice(block.indexOf('\n') + 7)) as {
              controllerId: number;
              status: { state: string; updatedAt: string | null };
            };
            const events = log.get(controllerId) ?? [];
            if (events.length === 0) log.set(controllerId, events);
            events.push({ state: status.state, at, derivedAt: Date.parse(status.updatedAt ?? '') });
          }
        });
        response.once('close', () => {
          ended++;
          reject(new Error(`${url.split('?', 1)[0]} closed before its snapshot`));
        });
      });
      request.once('error', reject);
      requests.push(request);
    });

  /** Looks every 20 ms until each change has reached each stream, or the timeout. */
  const arrivals = async ({ changes, awaited, timeoutMs }: ArrivalQuery): Promise<Arrivals> => {
    const deadline = wallClock() + timeoutMs;
    for (;;) {
      const latencies: number[] = [];
      const fanOut: number[] = [];
      const states: Record<string, number> = {};
      let missing = 0;
      for (const log of logs) {
        for (const change of changes) {
          const events = (log.get(change.controller) ?? []).filter((event) => event.at >= change.at);
          const arrival = events.find((event) => matches(awaited, event.state));
          if (arrival) {
            latencies.push(arrival.at - change.at);
            if (!Number.isNaN(arrival.derivedAt)) fanOut.push(arrival.at - arrival.derivedAt);
          } else missing++;
          for (const { state } of events) states[state] = (states[state] ?? 0) + 1;
        }
      }
      if (missing === 0 || wallClock() > deadline) return { latencies, fanOut, missing, ended, states };
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  process.on('message', (request: Request) => {
    const answer = async (): Promise<Arrivals | undefined> => {
      if (request.type === 'arrivals') return arrivals(request);
      for (let first = 0; first < request.urls.length; first += request.parallel) {
        await Promise.all(request.urls.slice(first, first + request.parallel).map(listen));
      }
      return undefined;
    };
    answer().then(
      (result) => process.send?.({ id: request.id, ok: true, arrivals: result } satisfies Reply),
      (error: Error) => process.send?.({ id: request.id, ok: false, error: error.message } satisfies Reply),
    );
  });
  // The bench going away (or disconnecting on purpose) ends this process.
  process.once('disconnect', () => {
    for (const request of requests) request.destroy();
    agent.destroy();
    process.exit(0);
  });
}

if (import.meta.main) main();
