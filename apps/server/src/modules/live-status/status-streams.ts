import { MACHINE_STATUS_EVENTS, type QueueChangeEvent } from '@portal/contract';
import type { FastifyReply } from 'fastify';
import { AppError } from '../../shared/app-error.ts';
import type { SessionSubject } from '../../shared/session.ts';
import { type SessionEvents, touches } from '../auth/session-events.ts';
import { toMachineStatus, type ViewedMachine } from './live-status.mapper.ts';
import { usesQueueOf } from './live-status.policy.ts';
import type { LiveStatusService } from './live-status.service.ts';
import type { MachineEvents } from './machine-events.ts';
import type { ReadinessChanges } from './readiness-changes.ts';

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
  /** The print queue's marks changed: the machine's status is sent again with its readiness. */
  readiness: ReadinessChanges;
  /** Sessions ended or changed: the streams they hold are checked again at once. */
  sessions: SessionEvents;
  timing: StreamTiming;
}

/**
 * Open streams per user. A page holds one (the signed-in shell's), so this covers a person with many tabs on
 * several devices, and connections a vanished client left behind until their next write fails; beyond it one
 * account could pin an unbounded number of sockets and timers.
 */
export const MAX_STREAMS_PER_USER = 16;

interface OpenStream {
  viewer: SessionSubject;
  /** Checks the stream's session now (it ends when the check fails). */
  recheck(): void;
}

const HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-store',
  // Reverse proxies (nginx) would otherwise hold events back.
  'x-accel-buffering': 'no',
};

type VisibleMachines = Map<number, ViewedMachine>;
const byController = (rows: readonly ViewedMachine[]): VisibleMachines =>
  new Map(rows.map((row) => [row.controllerId, row]));

const sameMachines = (a: VisibleMachines, b: VisibleMachines) =>
  a.size === b.size &&
  [...a].every(([id, row]) => {
    const other = b.get(id);
    return (
      other?.machineGroupId === row.machineGroupId &&
      other.name === row.name &&
      other.licenseActivation === row.licenseActivation &&
      other.licenseExpiryMs === row.licenseExpiryMs &&
      other.ready === row.ready
    );
  });

/**
 * The server-sent event streams of open pages: a snapshot of every visible machine first, then a
 * `status` event per change of one of them, or of its readiness for the print queue when the viewer may see it,
 * and a `queue` event per change of a print queue the viewer may use. Which machines are visible, and their
 * readiness, are kept per stream and checked again, with the session, every `refreshMs` (a changed readiness the
 * bus lost is caught up then), and at once when the session is ended or changed (a logout, a
 * new password, a suspended business): an event is only ever matched against that set, so another business's
 * machine never reaches the stream.
 */
export class StatusStreams {
  readonly #deps: StatusStreamsDeps;
  readonly #streams = new Map<() => void, OpenStream>();
  /** Streams per user, counted from the request on, so that concurrent requests cannot pass the cap together. */
  readonly #perUser = new Map<number, number>();

  constructor(deps: StatusStreamsDeps) {
    this.#deps = deps;
    deps.sessions.subscribe((change) => {
      for (const stream of this.#streams.values()) if (touches(change, stream.viewer)) stream.recheck();
    });
  }

  /** How many streams are open. */
  get open(): number {
    return this.#streams.size;
  }

  /**
   * Answers the request with a stream for `viewer`. `reauthenticate` checks the stream's session again
   * and returns who it acts as now; once it throws (logout, expiry, disabled user) the stream ends.
   */
  async serve(
    reply: FastifyReply,
    viewer: SessionSubject,
    reauthenticate: () => Promise<SessionSubject>,
  ): Promise<void> {
    const { service, events, readiness, timing } = this.#deps;
    const userId = viewer.id;
    const count = this.#perUser.get(userId) ?? 0;
    if (count >= MAX_STREAMS_PER_USER) {
      throw new AppError('TOO_MANY_REQUESTS', `At most ${MAX_STREAMS_PER_USER} status streams per user`);
    }
    this.#perUser.set(userId, count + 1);
    let counted = true;
    const uncount = () => {
      if (!counted) return;
      counted = false;
      const left = (this.#perUser.get(userId) ?? 1) - 1;
      if (left > 0) this.#perUser.set(userId, left);
      else this.#perUser.delete(userId);
    };
    // Read before the answer starts, so a failure here is still an ordinary error answer.
    let visible: VisibleMachines;
    try {
      visible = byController(await service.visibleMachines(viewer));
    } catch (error) {
      uncount();
      throw error;
    }
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, HEADERS);

    let closed = false;
    let current = viewer;
    let refreshTimer: NodeJS.Timeout | undefined;
    let checking = false;
    let checkAgain = false;
    const write = (text: string) => {
      if (closed) return;
      if (raw.writableLength > timing.maxBufferedBytes) close();
      else raw.write(text);
    };
    const send = (event: string, data: unknown) =>
      write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    const unsubscribe = events.subscribe((event) => {
      if (event.type === 'queue') {
        if (usesQueueOf(current, event.businessId))
          send(MACHINE_STATUS_EVENTS.queue, { business: event.businessId } satisfies QueueChangeEvent);
        return;
      }
      if (event.type !== 'status') return;
      const row = visible.get(event.controllerId);
      if (row) send(MACHINE_STATUS_EVENTS.status, toMachineStatus(row, event.status));
    });
    // A mark read before this subscription and changed since is caught up by the next check.
    const unsubscribeReadiness = readiness.subscribe(({ machineGroupId, ready }) => {
      const machine = [...visible.values()].find((candidate) => candidate.machineGroupId === machineGroupId);
      // Undefined: the viewer may not see this machine's readiness.
      if (!machine || machine.ready === undefined || machine.ready === ready) return;
      machine.ready = ready;
      send(MACHINE_STATUS_EVENTS.status, toMachineStatus(machine, service.statusOf(machine.controllerId)));
    });
    const heartbeat = setInterval(() => write(': keep-alive\n\n'), timing.heartbeatMs);
    const close = () => {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      clearTimeout(refreshTimer);
      unsubscribe();
      unsubscribeReadiness();
      this.#streams.delete(close);
      uncount();
      raw.end();
    };
    // One check at a time: a session change during a check asks for another right after it.
    const refresh = async () => {
      if (checking) {
        checkAgain = true;
        return;
      }
      checking = true;
      clearTimeout(refreshTimer);
      try {
        current = await reauthenticate();
        const rows = await service.visibleMachines(current);
        const next = byController(rows);
        if (!sameMachines(visible, next)) {
          visible = next;
          send(MACHINE_STATUS_EVENTS.snapshot, service.statusesOf(rows));
        }
      } catch {
        // The session ended (or the check failed): the client reconnects and authenticates again.
        close();
        return;
      } finally {
        checking = false;
      }
      if (closed) return;
      if (checkAgain) {
        checkAgain = false;
        void refresh();
      } else {
        refreshTimer = setTimeout(refresh, timing.refreshMs);
      }
    };
    refreshTimer = setTimeout(refresh, timing.refreshMs);
    raw.on('close', close);
    this.#streams.set(close, {
      get viewer() {
        return current;
      },
      recheck: () => void refresh(),
    });
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
    for (const close of [...this.#streams.keys()]) close();
  }
}
