import { GATEWAY_CHECK_HEADER, GATEWAY_VERSION_HEADER } from '@portal/tunnel';
import WebSocket from 'ws';
import type { CheckResult } from '../check-result.ts';
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
 * Opens the tunnel's WebSocket as the gateway does, marked as a check: the portal checks the key, completes the
 * upgrade and closes it at once (CLOSE_CODES.checked), so a running gateway keeps its tunnel. What the portal
 * answers a wrong controller id or key is 401.
 */
export function checkPortal(options: PortalCheckOptions): Promise<CheckResult> {
  const socket = new WebSocket(tunnelUrl(options.server), {
    headers: {
      authorization: options.authorization,
      [GATEWAY_VERSION_HEADER]: options.version,
      [GATEWAY_CHECK_HEADER]: '1',
    },
    perMessageDeflate: false,
    handshakeTimeout: options.timeoutMs,
  });
  return new Promise<CheckResult>((resolve) => {
    socket.on('open', () => {
      resolve({
        outcome: 'pass',
        summary: `reachable, the key of controller ${options.controller} accepted`,
      });
      socket.close(1000, 'check done');
    });
    socket.on('unexpected-response', (_request, response) => {
      response.resume();
      const status = response.statusCode ?? 0;
      socket.terminate();
      resolve(
        status === 401 || status === 403
          ? {
              outcome: 'fail',
              summary: `refused controller ${options.controller} with this key (${status})`,
              fix: "check --controller, and put the key generated on the controller's page in the portal in PORTAL_GATEWAY_KEY (a new key ends the old one)",
            }
          : {
              outcome: 'fail',
              summary: `answered ${status} instead of opening the tunnel`,
              fix: "check that --server is the portal's address; a reverse proxy in front of it must pass WebSocket upgrades",
            },
      );
    });
    socket.on('error', (error) =>
      resolve({
        outcome: 'fail',
        summary: `cannot be reached (${error.message})`,
        fix: "check --server and this computer's network: DNS, firewall, a proxy",
      }),
    );
  });
}
