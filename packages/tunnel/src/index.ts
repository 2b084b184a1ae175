export { type HeartbeatOptions, keepAlive } from './heartbeat.ts';
export { acceptServerSession, openClientSession } from './http2-over-websocket.ts';
export * from './pairing.ts';
export * from './protocol.ts';
export {
  type GatewayReport,
  gatewayReportSchema,
  MAX_REPORT_BYTES,
  type ReportReading,
  readReports,
  reportLine,
} from './report.ts';
export {
  acceptDirectUpgrade,
  acceptServerLink,
  openClientLink,
  type TunnelCarrier,
  TunnelLink,
  type TunnelTransport,
} from './tunnel-link.ts';
export { websocketAccept } from './websocket-handshake.ts';
