import type { GatewayAnswer } from '@portal/tunnel';

/** Running counts of what the relays did, for tests, the demo fleet and benchmarks. */
export interface RelayCounters {
  /** Requests written to the board, retries included. */
  boardRequests: number;
  /** Board 503 answers retried by the gateway. */
  boardRetries: number;
  /** Requests that met a 401/403 and were sent again after a fresh login. */
  boardRelogins: number;
  /** Answers the gateway made itself, by kind. */
  gatewayAnswers: Record<GatewayAnswer, number>;
  /** DSF object-model WebSockets open or opening. */
  openBoardWebSockets: number;
  openWebcamStreams: number;
}

export function createRelayCounters(): RelayCounters {
  return {
    boardRequests: 0,
    boardRetries: 0,
    boardRelogins: 0,
    gatewayAnswers: {
      'board-unreachable': 0,
      'board-timeout': 0,
      'deadline-passed': 0,
      'no-webcam': 0,
      'bad-request': 0,
      'gateway-busy': 0,
      'upgrade-refused': 0,
    },
    openBoardWebSockets: 0,
    openWebcamStreams: 0,
  };
}
