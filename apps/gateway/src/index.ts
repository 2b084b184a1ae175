/** The gateway agent as a library: the CLI runs one; tests, the demo fleet and benchmarks run many in one process. */
export type { GatewayConfig } from './config.ts';
export {
  DEFAULT_TUNING,
  type GatewayEvents,
  type GatewayOptions,
  type GatewayStats,
  type GatewayTuning,
  type RunningGateway,
  startGateway,
} from './gateway.ts';
export { type PairedCredentials, type PairingOptions, pairGateway } from './pairing/pairing-client.ts';
export type { BoardKind } from './relay/board-session-states.ts';
export type { RelayCounters } from './relay/relay-stats.ts';
export type { BackoffOptions } from './tunnel/backoff.ts';
