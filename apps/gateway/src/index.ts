export { type CliConfig, ConfigError, type GatewayConfig, gatewayConfigSchema, parseCli } from './config.ts';
export {
  DEFAULT_TUNING,
  type GatewayEvents,
  type GatewayOptions,
  type GatewayStats,
  type GatewayTuning,
  type RunningGateway,
  startGateway,
} from './gateway.ts';
export type { BoardKind } from './relay/board-session.ts';
export { type BackoffOptions, backoffDelay } from './tunnel/backoff.ts';
