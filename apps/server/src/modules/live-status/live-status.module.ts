import { type ModuleDeps, routesOf } from '../../shared/module.ts';
import type { SessionSubject } from '../../shared/session.ts';
import type { SessionEvents } from '../auth/session-events.ts';
import type { TunnelRegistry } from '../gateway/tunnel-registry.ts';
import { LiveStatusMonitor } from './live-status.monitor.ts';
import { LiveStatusRepository } from './live-status.repository.ts';
import { liveStatusRoutes } from './live-status.routes.ts';
import { LiveStatusService } from './live-status.service.ts';
import { DeploymentMachineEvents } from './machine-events.ts';
import { ReadinessChanges } from './readiness-changes.ts';
import { StatusStreams } from './status-streams.ts';

/** DWC polls every 250 ms; a card needs far less, and a thousand boards stay light. */
const DEFAULT_POLL_MS = 2_000;
/** A status request that has not reached the board in 5 s is stale: the gateway answers 504 unsent. */
const REQUEST = { waitMs: 5_000, timeoutMs: 8_000, maxBytes: 4 * 1024 * 1024 };
const STREAM = { heartbeatMs: 15_000, refreshMs: 30_000, maxBufferedBytes: 1024 * 1024 };

export interface LiveStatusModuleDeps {
  /** The deployment's tunnels: whose gateway is online, and the way to a board for the job thumbnails. */
  tunnels: TunnelRegistry;
  /** The tunnels this instance holds: the monitor follows each one's board, here and only here. */
  held: TunnelRegistry;
  /** The session check of the authenticated scope, for streams that outlive the request that opened them. */
  authenticate(token: string): Promise<SessionSubject>;
  /** Sessions ended or changed: their open streams are checked again at once. */
  sessions: SessionEvents;
  /**
   * Which of the machine groups a person marked ready for the print queue ("bed clear"): the print queue module's,
   * built after this one, so asked only while requests run. The queue tells its changes through `readiness`.
   */
  readyAmong(machineGroupIds: readonly number[]): Promise<ReadonlySet<number>>;
  /** Where background work says what went wrong. */
  warn(error: unknown, message: string): void;
}

/**
 * The live status of docs/design.md §6: a follower per connected board (reading it with the board client's
 * `BoardReader`), the card states (docs/product.md §4) users may see in one call or as server-sent events, with the
 * print queue's readiness of each machine for whoever uses the queue, and the machine events notifications
 * subscribe to.
 */
export function createLiveStatusModule(
  { db, clock, config, bus }: ModuleDeps,
  { tunnels, held, authenticate, sessions, readyAmong, warn }: LiveStatusModuleDeps,
) {
  const repository = new LiveStatusRepository(db);
  const events = new DeploymentMachineEvents(bus);
  const readiness = new ReadinessChanges({ bus, readyAmong, warn });
  const monitor = new LiveStatusMonitor({
    tunnels: held,
    presence: tunnels,
    bus,
    events,
    clock,
    timing: { pollMs: config.liveStatus?.pollMs ?? DEFAULT_POLL_MS, request: REQUEST },
    groupOf: (controllerId) => repository.groupOfController(controllerId),
  });
  const service = new LiveStatusService({ repository, tunnels, events, readiness, request: REQUEST });
  const streams = new StatusStreams({
    service,
    events,
    readiness,
    sessions,
    timing: { ...STREAM, refreshMs: config.liveStatus?.streamRefreshMs ?? STREAM.refreshMs },
  });
  return {
    repository,
    events,
    readiness,
    monitor,
    service,
    streams,
    routes: routesOf(liveStatusRoutes, {
      service,
      streams,
      monitor: config.liveStatus?.follow === false ? null : monitor,
      authenticate,
    }),
  };
}
