import { EventEmitter } from 'node:events';
import type http2 from 'node:http2';
import { BOARD_PREFIX, DEADLINE_HEADER, WEBCAM_PREFIX } from '@portal/tunnel';

/** Where a tunnelled request goes on the gateway's side. */
export type TunnelTarget = 'board' | 'webcam';

/** The user a request is for, so the instance holding the tunnel can authorise it again (instance-link.ts). */
export interface TunnelActor {
  userId: number;
  /** The proxy path the user came by, or `status`: what the machine's live status shows them (a job's thumbnail). */
  path: 'admin' | 'customer' | 'status';
  /** The session the request came with, when it came with one (a slicer's token is no session). */
  sessionId?: string;
}

/**
 * Answers of the instance holding a tunnel rather than of the gateway, on a request another instance forwarded,
 * marked with the gateway's answer header: the tunnel left that instance meanwhile (the gateway is offline until it
 * is back), or the user may no longer reach the machine.
 */
export const HOLDER_ANSWERS = { tunnelLeft: 'tunnel-left', refused: 'refused' } as const;
export type HolderAnswer = (typeof HOLDER_ANSWERS)[keyof typeof HOLDER_ANSWERS];

export interface TunnelRequest {
  method: string;
  target: TunnelTarget;
  /** Path and query as the board or webcam should see them, starting with '/'. */
  path: string;
  headers?: Record<string, string>;
  /** How long the request may still wait before reaching the board; past it the gateway answers 504 unsent. */
  waitMs: number;
  /** 'websocket' opens an extended-CONNECT stream (RFC 8441) carrying a WebSocket's raw frames. */
  protocol?: 'websocket';
  /** Who asked, when a user did: another instance holding the tunnel checks them again. */
  actor?: TunnelActor;
  /** Sent on by an instance that had handed the tunnel over (cluster-tunnels.ts): it goes no further. */
  onward?: boolean;
}

/** Whose gateway is connected now: all the controllers' pages need of the tunnels. */
export interface GatewayPresence {
  isOnline(controllerId: number): boolean;
}

/**
 * Which gateways are connected and a way to reach them. The proxy, the webcam relay and the live status
 * monitor depend on this interface only, so a registry shared by several portal instances (docs/design.md §2:
 * Redis maps each controller to the instance holding its tunnel) can replace the in-process one.
 */
export interface TunnelRegistry extends GatewayPresence {
  onlineControllers(): number[];
  /** One HTTP/2 stream to the controller's gateway, or null when its gateway is offline. */
  open(controllerId: number, request: TunnelRequest): http2.ClientHttp2Stream | null;
  /** Called whenever a controller's gateway comes online or goes offline; returns the unsubscribe. */
  onStatus(listener: (controllerId: number, online: boolean) => void): () => void;
}

/** The tunnels of this process. The gateway module adds and removes sessions as WebSockets come and go. */
export class InProcessTunnelRegistry implements TunnelRegistry {
  readonly #sessions = new Map<number, http2.ClientHttp2Session>();
  /** How each tunnel ends when a newer one elsewhere replaces it. */
  readonly #replacers = new Map<http2.ClientHttp2Session, () => void>();
  readonly #events = new EventEmitter<{ status: [number, boolean] }>();

  constructor() {
    this.#events.setMaxListeners(0);
  }

  isOnline(controllerId: number): boolean {
    return this.#sessions.has(controllerId);
  }

  onlineControllers(): number[] {
    return [...this.#sessions.keys()];
  }

  open(controllerId: number, request: TunnelRequest): http2.ClientHttp2Stream | null {
    const session = this.#sessions.get(controllerId);
    if (!session || session.closed || session.destroyed) return null;
    const prefix = request.target === 'board' ? BOARD_PREFIX : WEBCAM_PREFIX;
    const headers: http2.OutgoingHttpHeaders = {
      ...request.headers,
      ':method': request.method,
      ':path': `${prefix}${request.path}`,
      [DEADLINE_HEADER]: String(Math.max(0, Math.round(request.waitMs))),
    };
    if (request.protocol) headers[':protocol'] = request.protocol;
    return session.request(headers, { endStream: request.method === 'GET' && !request.protocol });
  }

  onStatus(listener: (controllerId: number, online: boolean) => void): () => void {
    this.#events.on('status', listener);
    return () => this.#events.off('status', listener);
  }

  /**
   * A gateway authenticated: its session replaces any earlier one (which the caller closes). `replaced` ends it when
   * a newer tunnel for the controller comes up on another instance.
   */
  attach(controllerId: number, session: http2.ClientHttp2Session, replaced?: () => void): void {
    const wasOnline = this.#sessions.has(controllerId);
    this.#sessions.set(controllerId, session);
    if (replaced) this.#replacers.set(session, replaced);
    if (!wasOnline) this.#events.emit('status', controllerId, true);
  }

  /** Ends a controller's tunnel (its key was replaced): the gateway must authenticate again. */
  disconnect(controllerId: number): void {
    this.#sessions.get(controllerId)?.destroy();
  }

  /** A newer tunnel for the controller came up on another instance: this one ends as replaced. */
  replace(controllerId: number): void {
    const session = this.#sessions.get(controllerId);
    if (!session) return;
    const replaced = this.#replacers.get(session);
    if (replaced) replaced();
    else session.destroy();
  }

  /** A gateway's session ended; a session already replaced by a newer one changes nothing. */
  detach(controllerId: number, session: http2.ClientHttp2Session): void {
    this.#replacers.delete(session);
    if (this.#sessions.get(controllerId) !== session) return;
    this.#sessions.delete(controllerId);
    this.#events.emit('status', controllerId, false);
  }
}
