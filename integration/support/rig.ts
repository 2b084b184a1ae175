import { once } from 'node:events';
import {
  BOOT_MS,
  type BoardOptions,
  type RunningBoard,
  type RunningWebcam,
  startBoard,
  startWebcam,
  type WebcamOptions,
} from '@portal/board-sim';
import {
  type GatewayConfig,
  type GatewayOptions,
  type RunningGateway,
  startGateway,
} from '../../apps/gateway/src/index.ts';
import { type GatewayProcess, spawnGateway } from '../../test-kit/gateway-process.ts';

/** How long a gateway may take to dial in and authenticate. */
const CONNECT_TIMEOUT_MS = 15_000;

/** Resolves once the gateway is connected to the portal (at once if it is already). */
export async function untilConnected(gateway: RunningGateway, timeoutMs = CONNECT_TIMEOUT_MS): Promise<void> {
  if (gateway.connected) return;
  await once(gateway, 'connected', { signal: AbortSignal.timeout(timeoutMs) });
}

/**
 * The hardware of one test file: simulated boards and webcams, and gateways (in this process or as child
 * processes), all closed together at the end.
 */
export class Rig {
  readonly #closers: (() => Promise<unknown>)[] = [];

  /** A booted simulated board. */
  async board(options: BoardOptions = {}): Promise<RunningBoard> {
    const board = await startBoard(options);
    board.advance(BOOT_MS);
    this.#closers.push(() => board.close());
    return board;
  }

  async webcam(options: WebcamOptions = {}): Promise<RunningWebcam> {
    const webcam = await startWebcam(options);
    this.#closers.push(() => webcam.close());
    return webcam;
  }

  /** A gateway agent in this process, once it has connected. */
  async gateway(config: GatewayConfig, options: GatewayOptions = {}): Promise<RunningGateway> {
    const gateway = this.gatewayStarting(config, options);
    await untilConnected(gateway);
    return gateway;
  }

  /** A gateway agent in this process, just started (it may not have connected yet). */
  gatewayStarting(config: GatewayConfig, options: GatewayOptions = {}): RunningGateway {
    const gateway = startGateway(config, options);
    this.#closers.push(() => gateway.close());
    return gateway;
  }

  /** The gateway CLI as its own process, once it has connected. */
  async gatewayProcess(config: GatewayConfig): Promise<GatewayProcess> {
    const gateway = spawnGateway(config);
    this.#closers.push(() => gateway.stop());
    await gateway.untilConnects(1);
    return gateway;
  }

  /** Something else of the test's hardware, closed with the rest. */
  closing(close: () => Promise<unknown>): void {
    this.#closers.push(close);
  }

  async close(): Promise<void> {
    await Promise.all(this.#closers.splice(0).map((close) => close()));
  }
}
