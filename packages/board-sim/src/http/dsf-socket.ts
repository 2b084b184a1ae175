import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { DSF_SOCKET_KEY_PARAM, DSF_SOCKET_MESSAGES, DSF_SOCKET_PATH } from '@portal/duet';
import { WebSocketServer } from 'ws';
import { diffModel } from '../machine/model-patch.ts';
import { dsfSession, type SbcContext } from './dsf-server.ts';
import { clientAddress } from './network.ts';

function refuse(socket: Duplex, status: string): void {
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/**
 * DSF's object model WebSocket (`/machine?sessionKey=`): the full model first, then one patch after each
 * `OK\n` as soon as something changed; `PING\n` is answered with `PONG\n`. An open socket keeps its
 * session alive.
 */
export function attachModelSocket(server: Server, context: SbcContext): WebSocketServer {
  const sockets = new WebSocketServer({ noServer: true });
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://board');
    if (url.pathname !== DSF_SOCKET_PATH) {
      refuse(socket, '404 Not Found');
      return;
    }
    const session = dsfSession(
      context,
      clientAddress(request),
      url.searchParams.get(DSF_SOCKET_KEY_PARAM) ?? undefined,
    );
    if (!session) {
      refuse(socket, '401 Unauthorized');
      return;
    }
    sockets.handleUpgrade(request, socket, head, (client) => {
      const release = context.sessions.hold(session);
      const machine = context.machine;
      let sent = machine.dsfModel();
      let acknowledged = false;
      const sendPatch = () => {
        if (!acknowledged) return;
        const current = machine.dsfModel();
        const patch = diffModel(sent, current, machine.model);
        if (patch === undefined) return;
        client.send(JSON.stringify(patch));
        sent = current;
        acknowledged = false;
      };
      const unsubscribe = machine.onChange(sendPatch);
      client.on('message', (data) => {
        const text = data.toString();
        if (text === DSF_SOCKET_MESSAGES.ping) {
          client.send(DSF_SOCKET_MESSAGES.pong);
        } else if (text === DSF_SOCKET_MESSAGES.ack) {
          acknowledged = true;
          sendPatch();
        }
      });
      client.on('close', () => {
        unsubscribe();
        release();
      });
      client.send(JSON.stringify(sent));
    });
  });
  return sockets;
}
