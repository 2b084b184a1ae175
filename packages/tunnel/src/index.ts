export { type HeartbeatOptions, keepAlive } from './heartbeat.ts';
export { acceptServerSession, openClientSession } from './http2-over-websocket.ts';
export * from './protocol.ts';
export { websocketAccept } from './websocket-handshake.ts';
