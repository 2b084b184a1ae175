/**
 * What the portal and the gateway agree on about the tunnel (docs/design.md §5): the gateway dials out to
 * TUNNEL_PATH with its controller id and key; on that WebSocket the portal is the HTTP/2 client and the
 * gateway the HTTP/2 server. Each proxied request is one HTTP/2 stream whose path says where it goes.
 */
export const TUNNEL_PATH = '/api/v1/gateway/tunnel';

/**
 * The upgrade token of the tunnel's direct transport: a gateway offers it on the same request (path, credentials,
 * headers) as the WebSocket upgrade, and after `101 Switching Protocols` both ends speak HTTP/2 on the connection
 * itself. A portal or a reverse proxy that does not take it answers something else, and the gateway dials the
 * WebSocket instead (docs/design.md §5).
 */
export const DIRECT_UPGRADE = 'portal-tunnel-h2';

/** True when an `Upgrade` header offers the direct transport (tokens are case-insensitive, RFC 9110). */
export function offersDirectTunnel(upgrade: string | undefined): boolean {
  return (upgrade ?? '').split(',').some((token) => token.trim().toLowerCase() === DIRECT_UPGRADE);
}

/** The gateway reports its version on the tunnel's upgrade: administrators see it on the controller's page. */
export const GATEWAY_VERSION_HEADER = 'x-gateway-version';

/**
 * `portal-gateway --check` sends this header (value `1`) on an otherwise ordinary tunnel upgrade: the portal checks
 * the key as for a tunnel, completes the upgrade and closes the WebSocket at once with CLOSE_CODES.checked, so the
 * check proves the whole way (a reverse proxy's upgrade included) without taking the tunnel of a running gateway.
 */
export const GATEWAY_CHECK_HEADER = 'x-gateway-check';

/**
 * The portal opens one stream on this path as each tunnel comes up; the gateway answers it with newline-delimited
 * JSON reports (`report.ts`) at once, every REPORT_INTERVAL_MS and whenever its board's firmware becomes known,
 * and keeps it open for the tunnel's life (docs/design.md §5c).
 */
export const REPORTS_PATH = '/gateway/reports';
export const REPORT_INTERVAL_MS = 60_000;

/**
 * Both ends ping this often and give the tunnel up after this much silence (three pings unanswered). Silence is
 * checked at each ping, so a dead peer is found 15 to 20 s after it fell silent: within the 25 s of
 * docs/design.md §5 even when a busy process runs its timers late.
 */
export const HEARTBEAT_INTERVAL_MS = 5_000;
export const DEAD_AFTER_MS = 15_000;

/** Stream paths on the gateway: `/board/<board path and query>` and `/webcam/<webcam path and query>` (and REPORTS_PATH). */
export const BOARD_PREFIX = '/board';
export const WEBCAM_PREFIX = '/webcam';

/**
 * The portal tells the gateway how long the request may still wait, in milliseconds from its arrival. A request
 * that has not reached the board by then is answered 504 and never sent: a late "start print" must be impossible.
 */
export const DEADLINE_HEADER = 'x-tunnel-wait-ms';

/** The gateway's own answers (not the board's) carry this header, so the portal can tell "board offline" apart. */
export const GATEWAY_ANSWER_HEADER = 'x-gateway-answer';
export type GatewayAnswer =
  | 'board-unreachable' // 503: the board (or, on a /webcam stream, the webcam) refused or dropped the connection
  | 'board-timeout' // 504: the board (or webcam) stayed silent too long
  | 'deadline-passed' // 504: the request waited for a board slot past its deadline and was never sent
  | 'no-webcam' // 404: this gateway has no webcam configured
  | 'bad-request' // 400/411: the request cannot be sent to a board as it is (head too long, upload without length)
  | 'gateway-busy' // 503: too many requests already wait for this board (or webcam); nothing was sent
  | 'upgrade-refused'; // 502: the board answered a WebSocket upgrade with something other than 101

/**
 * Close codes the portal uses to tell a gateway why its tunnel ended (4000-4999 are free for applications): the
 * WebSocket's close code, or on the direct transport the opaque data of an HTTP/2 GOAWAY (`tunnel-link.ts`).
 */
export const CLOSE_CODES = {
  replaced: 4000, // another tunnel for the same controller authenticated: this one is stale
  shuttingDown: 4001, // the portal is stopping: reconnect with jitter
  checked: 4002, // a check's upgrade (GATEWAY_CHECK_HEADER) was accepted: the key is good, no tunnel is opened
  revoked: 4003, // the key no longer matches: retrying will not help soon
} as const;

/** The gateway authenticates with HTTP Basic: user = controller id, password = gateway key. */
export function gatewayAuthorization(controllerId: number, key: string): string {
  return `Basic ${Buffer.from(`${controllerId}:${key}`, 'utf8').toString('base64')}`;
}

export interface GatewayCredentials {
  controllerId: number;
  key: string;
}

export function parseGatewayAuthorization(header: string | undefined): GatewayCredentials | null {
  const match = /^Basic ([A-Za-z0-9+/=]{1,512})$/.exec(header ?? '');
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 1) return null;
  const id = decoded.slice(0, colon);
  if (!/^[1-9][0-9]{0,9}$/.test(id) || Number(id) > 2_147_483_647) return null;
  const key = decoded.slice(colon + 1);
  return key ? { controllerId: Number(id), key } : null;
}
