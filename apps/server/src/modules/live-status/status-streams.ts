import { MACHINE_STATUS_EVENTS } from '@portal/contract';
import type { FastifyReply } from 'fastify';
import type { Viewer } from '../machine-groups/machine-groups.policy.ts';
import { toMachineStatus } from './live-status.mapper.ts';
import type { VisibleMachineRow } from './live-status.repository.ts';
import type { LiveStatusService } from './live-status.service.ts';
import type { MachineEvents } from './machine-events.ts';

export interface StreamTiming {
  /** A comment line this often keeps proxies from closing a quiet stream. */
  heartbeatMs: number;
  /** The session and the visible machines are checked again this often. */
  refreshMs: number;
  /** A client this far behind is dropped; it reconnects and starts from a fresh snapshot. */
  maxBufferedBytes: number;
}

export interface StatusStreamsDeps {
  service: LiveStatusService;
  events: MachineEvents;
  timing: StreamTiming;
}

const HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-store',
  // Reverse proxies (nginx) would otherwise hold events back.
  'x-accel-buffering': 'no',
};

type VisibleMachines = Map<number, VisibleMachineRow>;
const byController = (rows: readonly VisibleMachineRow[]): VisibleMachines =>
  new Map(rows.map((row) => [row.controllerId, row]));

const sameMachines = (a: VisibleMachines, b: VisibleMachines) =>
  a.size === b.size &&
  [...a].every(([id, row]) => {
    const other = b.get(id);
    return other?.machineGroupId === row.machineGroupId && other.name === row.name;
  });

/**
 * The server-sent event streams of open pages: a snapshot of every visible machine first, then a
 * `status` event per change of one of them. Which machines are visible is kept per stream and checked
 * again, with the session, every `refreshMs`: an event is only ever matched against that set, so
 * another business's machine never reaches the stream.
 */
export class StatusStreams {
  readonly #deps: StatusStreamsDeps;
  readonly #closers = new Set<() => void>();

  constructor(deps: StatusStreamsDeps) {
    this.#deps = deps;
  }

  /** How many streams are open. */
  get open(): number {
    return this.#closers.size;
  }

  /**
   * Answers the request with a stream for `viewer`. `reauthenticate` checks the stream's session again
   * and returns who it acts as now; once it throws (logout, expiry, disabled user) the stream ends.
   */
  async serve(reply: FastifyReply, viewer: Viewer, reauthenticate: () => Promise<Viewer>): Promise<void> {
    const { service, events, timing } = this.#deps;
    // Read before the answer starts, so a failure here is still an ordinary error answer.
    let visible = byController(await service.visibleMachines(viewer));
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, HEADERS);

    let closed = false;
    let refreshTimer: NodeJS.Timeout | undefined;
    const write = (text: string) => {
      if (closed) return;
      if (raw.writableLength > timing.maxBufferedBytes) close();
      else raw.write(text);
    };
    const send = (event: string, data: unknown) =>
      write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    const unsubscribe = events.subscribe((event) => {
      if (event.type !== 'status') return;
      const row = visible.get(event.controllerId);
      if (row) send(MACHINE_STATUS_EVENTS.status, toMachineStatus(row, event.status));
    });
    const heartbeat = setInterval(() => write(': keep-alive\n\n'), timing.heartbeatMs);
    const close = () => {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      clearTimeout(refreshTimer);
      unsubscribe();
      this.#closers.delete(close);
      raw.end();
    };
    const refresh = async () => {
      try {
        const rows = await service.visibleMachines(await reauthenticate());
        const next = byController(rows);
        if (!sameMachines(visible, next)) {
          visible = next;
          send(MACHINE_STATUS_EVENTS.snapshot, service.statusesOf(rows));
        }
      } catch {
        // The session ended (or the check failed): the client reconnects and authenticates again.
        close();
        return;
      }
      if (!closed) refreshTimer = setTimeout(refresh, timing.refreshMs);
    };
    refreshTimer = setTimeout(refresh, timing.refreshMs);
    raw.on('close', close);
    this.#closers.add(close);
    // The client may have left while the machines were read: its 'close' has then come and gone.
    if (raw.destroyed) {
      close();
      return;
    }
    // Events come only from other turns of the event loop: subscribing first loses none and sends none early.
    send(MACHINE_STATUS_EVENTS.snapshot, service.statusesOf([...visible.values()]));
  }

  /** Ends every stream (the server is stopping: open streams would hold its close up). */
  closeAll(): void {
    for (const close of [...this.#closers]) close();
  }
}
