// gateway-relay-knows-no-websocket-client
import WebSocket from 'ws';

export const relay = WebSocket;
