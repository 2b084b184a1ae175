/**
 * The demo hardware in a process of its own (`npm start` forks it), so the portal's process is the portal alone,
 * as in a deployment: the first message names the gateways and the portal, the answer says how many gateways
 * started. It stops when told to, or by itself when the portal's process is gone (the IPC channel closes).
 */
import type { DemoGateway } from '../apps/server/src/demo/demo-gateways.ts';
import { startDemoHardware } from './demo-hardware.ts';

/** What `npm start` sends the hardware process first. */
export interface DemoHardwareOrder {
  gateways: DemoGateway[];
  portalUrl: string;
}

/** The hardware process's answer once its gateways are started. */
export interface DemoHardwareStarted {
  started: number;
}

if (!process.send) throw new Error('demo-hardware-process.ts runs as a child of npm start (IPC needed)');

process.once('message', async ({ gateways, portalUrl }: DemoHardwareOrder) => {
  const hardware = await startDemoHardware(gateways, portalUrl);
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void hardware.close().then(() => process.exit(0));
  };
  process.on('message', stop);
  process.on('disconnect', stop);
  // Ctrl+C reaches the whole process group: the portal decides when the hardware stops.
  process.on('SIGINT', () => undefined);
  process.on('SIGTERM', stop);
  process.send?.({ started: hardware.gateways } satisfies DemoHardwareStarted);
});
