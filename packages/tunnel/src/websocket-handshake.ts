import { createHash } from 'node:crypto';

/**
 * RFC 6455's `Sec-WebSocket-Accept` for a client key. A browser's WebSocket to a board is carried as raw bytes
 * through an extended-CONNECT stream: the portal completes the browser's handshake and the gateway performs its
 * own with the board, so both ends see ordinary masked client frames and unmasked server frames.
 */
const WEBSOCKET_GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';

export function websocketAccept(clientKey: string): string {
  return createHash('sha1').update(`${clientKey}${WEBSOCKET_GUID}`).digest('base64');
}
