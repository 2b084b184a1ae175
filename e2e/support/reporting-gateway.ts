import { once } from 'node:events';
import {
  acceptServerSession,
  GATEWAY_VERSION_HEADER,
  type GatewayReport,
  gatewayAuthorization,
  REPORTS_PATH,
  reportLine,
  TUNNEL_PATH,
} from '@portal/tunnel';
import WebSocket from 'ws';

/**
 * A gateway of another release, as far as the portal sees it: it dials the tunnel with its key and version and
 * answers the reports stream with `report`; it has no board (anything else gets 404). The portal's own gateway
 * always reports this repository's version, so this stands in for one installed long ago.
 */
export async function dialReportingGateway(
  portalUrl: string,
  controller: number,
  key: string,
  report: GatewayReport,
): Promise<{ close(): Promise<void> }> {
  const url = new URL(TUNNEL_PATH, portalUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  const socket = new WebSocket(url, {
    headers: {
      authorization: gatewayAuthorization(controller, key),
      [GATEWAY_VERSION_HEADER]: report.version,
    },
  });
  // The HTTP/2 session starts in the 'open' event itself: the portal speaks at once.
  socket.once('open', () => {
    acceptServerSession(socket).on('stream', (stream, headers) => {
      stream.on('error', () => undefined);
      if (headers[':path'] !== REPORTS_PATH) {
        stream.respond({ ':status': 404 }, { endStream: true });
        return;
      }
      stream.respond({ ':status': 200, 'content-type': 'application/x-ndjson' });
      stream.write(reportLine(report));
    });
  });
  await once(socket, 'open');
  return {
    async close() {
      const closed = once(socket, 'close');
      socket.close();
      await closed;
    },
  };
}
