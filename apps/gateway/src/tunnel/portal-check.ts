import { GATEWAY_CHECK_HEADER, GATEWAY_VERSION_HEADER } from '@portal/tunnel';
import type { CheckResult } from '../check-result.ts';
import { type DialOutcome, dialDirect, dialWebSocket, refusesDirectTunnel } from './dial-portal.ts';
import { tunnelUrl } from './tunnel-connection.ts';

export interface PortalCheckOptions {
  server: string;
  controller: number;
  /** The `Authorization` header of the tunnel's upgrade. */
  authorization: string;
  version: string;
  timeoutMs: number;
}

/**
 * Dials the tunnel as the gateway does, marked as a check: the direct upgrade first, the WebSocket when the way
 * refuses it. The portal checks the key, completes the upgrade and closes it at once (CLOSE_CODES.checked), so a
 * running gateway keeps its tunnel. What the portal answers a wrong controller id or key is 401.
 */
export async function checkPortal(options: PortalCheckOptions): Promise<CheckResult> {
  const dial = {
    url: tunnelUrl(options.server),
    headers: {
      authorization: options.authorization,
      [GATEWAY_VERSION_HEADER]: options.version,
      [GATEWAY_CHECK_HEADER]: '1',
    },
    handshakeTimeoutMs: options.timeoutMs,
  };
  const direct = await new Promise<DialOutcome>((settle) => dialDirect(dial, settle));
  if (direct.kind === 'refused' && refusesDirectTunnel(direct.status)) {
    const overWebSocket = await new Promise<DialOutcome>((settle) => dialWebSocket(dial, settle));
    return judge(options, overWebSocket, ' (over a WebSocket: the way refused the direct tunnel)');
  }
  return judge(options, direct, '');
}

function judge(options: PortalCheckOptions, outcome: DialOutcome, transportNote: string): CheckResult {
  switch (outcome.kind) {
    case 'open':
      if ('websocket' in outcome.carrier) outcome.carrier.websocket.close(1000, 'check done');
      else outcome.carrier.socket.destroy();
      return {
        outcome: 'pass',
        summary: `reachable, the key of controller ${options.controller} accepted${transportNote}`,
      };
    case 'refused':
      return outcome.status === 401 || outcome.status === 403
        ? {
            outcome: 'fail',
            summary: `refused controller ${options.controller} with this key (${outcome.status})`,
            fix: "check --controller, and put the key generated on the controller's page in the portal in PORTAL_GATEWAY_KEY (a new key ends the old one)",
          }
        : {
            outcome: 'fail',
            summary: `answered ${outcome.status} instead of opening the tunnel`,
            fix: "check that --server is the portal's address; a reverse proxy in front of it must pass the tunnel's upgrade (portal-tunnel-h2, or at least WebSocket)",
          };
    case 'failed':
      return {
        outcome: 'fail',
        summary: `cannot be reached (${outcome.reason})`,
        fix: "check --server and this computer's network: DNS, firewall, a proxy",
      };
  }
}
