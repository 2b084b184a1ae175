import type { Redis } from 'ioredis';
import type { Changes } from '../../shared/change-listeners.ts';
import type { ClusterBus } from '../../shared/cluster-bus.ts';
import type { Metrics } from '../../shared/metrics.ts';
import { type ModuleDeps, routesOf } from '../../shared/module.ts';
import { ClusterTunnelRegistry } from './cluster-tunnels.ts';
import { gatewayRoutes } from './gateway.routes.ts';
import {
  type ForwardedStreamsOptions,
  forwardedStreams,
  InstancePeers,
  type Reach,
  type Reauthorise,
} from './instance-link.ts';
import { meteredTunnels } from './metered-tunnels.ts';
import { type InstanceIdentity, TunnelDirectory } from './tunnel-directory.ts';
import type { GatewayContact, GatewayKeyCheck } from './tunnel-endpoint.ts';
import { InProcessTunnelRegistry, type TunnelRegistry } from './tunnel-registry.ts';

/** Several instances (docs/design.md §7): the Redis the directory of tunnels lives in, and this instance. */
export interface ClusterMembership {
  redis: Redis;
  namespace: string;
  self: InstanceIdentity;
  /** The secret every instance of the deployment shares, proving a forwarded request is one of theirs. */
  secret: string;
}

/** The deployment's tunnels as the other modules reach them, and those of this instance. */
export interface Tunnels {
  /** This instance's tunnels: the endpoint fills it, the live status follows the boards it holds. */
  held: InProcessTunnelRegistry;
  /** Every tunnel of the deployment (one instance: its own), each request's wait for its answer measured. */
  deployment: TunnelRegistry;
  /** The same as `held`, measured. */
  heldMetered: TunnelRegistry;
  /**
   * With several instances: the directory of who holds what, the other instances as this one dials them, and where
   * their forwarded requests go on from here.
   */
  cluster?: {
    directory: TunnelDirectory;
    peers: InstancePeers;
    registry: ClusterTunnelRegistry;
    reach: Reach;
    secret: string;
    warn: Warn;
  };
}

/** Says what went wrong in the background (the app's log). */
type Warn = (error: unknown, message: string) => void;

/**
 * The tunnels' registries, made before every module that reads who is connected (controllers) or reaches a board.
 * One instance: its own tunnels are the deployment's. Several: a request for a tunnel held elsewhere is forwarded.
 *
 * Files: the tunnel endpoint (WebSocket upgrades on `/api/v1/gateway/tunnel`) and the `TunnelRegistry` interface
 * with its in-process implementation (the tunnels this instance holds); with several instances (docs/design.md §7)
 * `tunnel-directory.ts` (who holds which tunnel, leases in Redis), `instance-link.ts` (requests forwarded to the
 * holder over HTTP/2 on the instance port, authorised again there) and `cluster-tunnels.ts` (the deployment's
 * tunnels behind the same interface). The proxy, the webcam relay and the live status depend on the interface only.
 */
export function createTunnels(
  metrics: Metrics,
  bus: ClusterBus,
  membership: ClusterMembership | undefined,
  warn: Warn,
): Tunnels {
  const held = new InProcessTunnelRegistry();
  const heldMetered = meteredTunnels(held, metrics);
  if (!membership) return { held, deployment: heldMetered, heldMetered };
  const directory = new TunnelDirectory({ ...membership, bus, warn });
  const peers = new InstancePeers(membership.secret);
  const deployment = new ClusterTunnelRegistry(held, directory, peers, {
    selfAddress: membership.self.address,
    forwarded: (request) => metrics.forwardedRequests.inc({ target: request.target }),
  });
  // Not measured here: the instance that received the request measures its answer, hop included, once.
  const reach: Reach = (controllerId, request, onward) => deployment.reach(controllerId, request, onward);
  return {
    held,
    deployment: meteredTunnels(deployment, metrics),
    heldMetered,
    cluster: { directory, peers, registry: deployment, reach, secret: membership.secret, warn },
  };
}

interface GatewayModuleNeeds {
  tunnels: Tunnels;
  checkKey: GatewayKeyCheck;
  keyChanges: Changes<number>;
  /** Told when a gateway connects (with the version it reports) or leaves. */
  contact: GatewayContact;
  /** Registers what to do when the instance starts draining (the health module's readiness). */
  onDrain: (listener: () => void) => void;
  /** With several instances: whether a user may still reach a machine, asked by the holder of a forwarded request. */
  reauthorise: Reauthorise;
  /** With several instances: another instance's camera stream, fed from this one's upstream (instance-link.ts). */
  cameraFeed: ForwardedStreamsOptions['cameraFeed'];
}

/**
 * The gateways' tunnels: the endpoint they dial, the registries of who is online, `tunnels`, the registry the other
 * modules reach boards through, and with several instances the other instances' forwarded requests.
 */
export function createGatewayModule(
  _deps: ModuleDeps,
  { tunnels, checkKey, keyChanges, contact, onDrain, reauthorise, cameraFeed }: GatewayModuleNeeds,
) {
  const registry = tunnels.held;
  // A replaced or deleted key stops working at once: the tunnel it opened ends.
  keyChanges.subscribe((controllerId) => registry.disconnect(controllerId));
  const cluster = tunnels.cluster;
  // Draining sends every gateway to another instance; their tunnels are handed over meanwhile (cluster-tunnels.ts).
  if (cluster) onDrain(() => cluster.registry.handOver());
  return {
    registry,
    tunnels: tunnels.deployment,
    held: tunnels.heldMetered,
    /** Serves the other instances' forwarded requests (server.ts hands it to the instance port). */
    forwarded: cluster
      ? forwardedStreams({
          secret: cluster.secret,
          held: tunnels.held,
          reach: cluster.reach,
          reauthorise,
          cameraFeed,
          warn: cluster.warn,
        })
      : undefined,
    /** A tunnel's holder died (its lease expired); one instance tells its machine's watchers. Returns the unsubscribe. */
    onHolderLost(listener: (controllerId: number, epoch: number) => void): () => void {
      return cluster?.directory.onExpired(listener) ?? (() => undefined);
    },
    async start() {
      await cluster?.directory.start();
    },
    stop() {
      cluster?.directory.stop();
      cluster?.peers.close();
    },
    publicRoutes: routesOf(gatewayRoutes, { registry, checkKey, contact, onDrain }),
  };
}
