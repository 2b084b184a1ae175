import { once } from 'node:events';
import type http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import { acceptServerSession, openClientSession } from '@portal/tunnel';
import { afterAll } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import type { InProcessTunnelRegistry } from '../modules/gateway/tunnel-registry.ts';
import type { ApiTest } from './api-test.ts';

/** What a fake gateway does with each stream the portal opens: answer it like a board or webcam would. */
export type StreamHandler = (stream: http2.ServerHttp2Stream, headers: http2.IncomingHttpHeaders) => void;

export interface FakeGateway {
  /** Every `:path` the portal sent, in order. */
  readonly paths: string[];
  disconnect(): Promise<void>;
}

/**
 * A gateway's end of a real tunnel (HTTP/2 over a loopback WebSocket), attached to the registry as if the
 * gateway had dialled in: API tests reach "boards" without the gateway process or the simulator.
 */
export async function connectFakeGateway(
  registry: InProcessTunnelRegistry,
  controllerId: number,
  handler: StreamHandler,
): Promise<FakeGateway> {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await once(wss, 'listening');
  const accepted = once(wss, 'connection') as Promise<[WebSocket]>;
  const gatewaySocket = new WebSocket(`ws://127.0.0.1:${(wss.address() as AddressInfo).port}`);
  await once(gatewaySocket, 'open');
  const paths: string[] = [];
  const gatewaySession = acceptServerSession(gatewaySocket);
  gatewaySession.on('stream', (stream, headers) => {
    paths.push(String(headers[':path']));
    stream.on('error', () => undefined);
    handler(stream, headers);
  });
  const [portalSocket] = await accepted;
  const session = openClientSession(portalSocket);
  await once(session, 'remoteSettings');
  registry.attach(controllerId, session);
  portalSocket.once('close', () => registry.detach(controllerId, session));
  return {
    paths,
    async disconnect() {
      // Already closed by the portal (a replaced tunnel): only the gateway's end is left.
      const closed = portalSocket.readyState === WebSocket.CLOSED ? undefined : once(portalSocket, 'close');
      gatewaySocket.terminate();
      await closed;
      wss.close();
    },
  };
}

/** A handler answering every request with JSON, as a board's rr_ calls do. */
export const answerJson =
  (body: unknown, status = 200): StreamHandler =>
  (stream) => {
    stream.respond({ ':status': status, 'content-type': 'application/json' });
    stream.end(JSON.stringify(body));
  };

/** A request as a fake board received it. */
export interface ReceivedRequest {
  method: string;
  path: string;
  body: string;
  contentType: string | undefined;
}

/**
 * A fake board for an API test file, dialled in by `connect` as a controller and disconnected after the file's
 * tests: it answers each request `{"err":0}` once it has read the body (`rr_model`, when `modelStatus` is given:
 * the object model's state with that status), and keeps what it received.
 */
export function useRecordingBoard(
  t: Pick<ApiTest, 'modules'>,
  { modelStatus }: { modelStatus?: string } = {},
) {
  const received: ReceivedRequest[] = [];
  const gateways: FakeGateway[] = [];
  afterAll(async () => {
    await Promise.all(gateways.map((gateway) => gateway.disconnect()));
  });
  const handler: StreamHandler = (stream, headers) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      const path = String(headers[':path']);
      received.push({
        method: String(headers[':method']),
        path,
        body: Buffer.concat(chunks).toString('utf8'),
        contentType: headers['content-type'],
      });
      stream.respond({ ':status': 200, 'content-type': 'application/json' });
      stream.end(
        modelStatus !== undefined && path.includes('rr_model')
          ? JSON.stringify({ key: 'state', result: { status: modelStatus } })
          : '{"err":0}',
      );
    });
  };
  return {
    /** Every request received, in order. */
    received,
    /** Each request received as `METHOD /path`, the path decoded. */
    lines: () => received.map(({ method, path }) => `${method} ${decodeURIComponent(path)}`),
    /** Forgets what was received so far. */
    forget() {
      received.length = 0;
    },
    async connect(controllerId: number) {
      gateways.push(await connectFakeGateway(t.modules.gateway.registry, controllerId, handler));
    },
  };
}
