/**
 * The demo fleet's simulated hardware (docs/design.md §7): for each demo machine group, a board
 * simulator, a webcam simulator and a real gateway agent dialling the portal through the real tunnel, exactly
 * as an installed gateway would. Boards and gateways that the demo shows offline are simply not started.
 */
import { once } from 'node:events';
import net from 'node:net';
import { setTimeout } from 'node:timers/promises';
import {
  controlPageFiles,
  type RunningBoard,
  type RunningWebcam,
  startBoard,
  startWebcam,
} from '@portal/board-sim';
import { type RunningGateway, startGateway } from '../apps/gateway/src/index.ts';
import type { DemoGateway } from '../apps/server/src/demo/demo-gateways.ts';

export interface DemoHardware {
  /** The gateways started (the demo's gateways shown offline are not). */
  gateways: number;
  close(): Promise<void>;
}

/** A loopback port nothing listens on: a gateway pointed there finds its board offline. */
async function deadPort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** How long the demo hardware waits for its gateways' tunnels before it reports anyway. */
const TUNNELS_UP_WITHIN_MS = 15_000;

export async function startDemoHardware(
  gateways: readonly DemoGateway[],
  portalUrl: string,
): Promise<DemoHardware> {
  const boards: RunningBoard[] = [];
  const webcams: RunningWebcam[] = [];
  const agents: RunningGateway[] = [];
  const www = await controlPageFiles();
  for (const demo of gateways) {
    const { hardware } = demo;
    if (hardware.gateway === 'offline') continue;
    let boardUrl: string;
    if (hardware.board === 'offline') {
      boardUrl = `http://127.0.0.1:${await deadPort()}`;
    } else {
      const board = await startBoard({
        firmware: hardware.firmware,
        mode: hardware.mode,
        name: demo.machine,
        initial: hardware.board,
        // Five times real speed: progress visibly moves, and a print still lasts about an hour.
        timeScale: 5,
        www,
      });
      boards.push(board);
      boardUrl = board.url;
    }
    const webcam = await startWebcam({ label: demo.machine });
    webcams.push(webcam);
    agents.push(
      startGateway({
        server: portalUrl,
        controller: demo.controllerId,
        key: demo.key,
        board: boardUrl,
        webcam: webcam.url,
      }),
    );
  }
  // Back once the tunnels are up (or after a bound), so `npm start` prints its banner after their log lines.
  await Promise.race([
    Promise.all(agents.map((agent) => (agent.connected ? undefined : once(agent, 'connected')))),
    setTimeout(TUNNELS_UP_WITHIN_MS, undefined, { ref: false }),
  ]);
  return {
    gateways: agents.length,
    async close() {
      await Promise.all(agents.map((agent) => agent.close()));
      await Promise.all([...boards, ...webcams].map((device) => device.close()));
    },
  };
}
