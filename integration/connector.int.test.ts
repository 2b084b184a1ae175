import { type BaseConnector, DefaultSettings, PollConnector } from '@duet3d/connectors';
import type { RunningBoard } from '@portal/board-sim';
import { boardProxyPath } from '@portal/contract';
import { ObjectModel } from '@portal/duet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installConnectorGlobals } from '../packages/board-sim/src/test/node-xhr.ts';
import { type RunningPortal, startPortal } from '../test-kit/portal.ts';
import { controllerOf, issueGatewayKey, logIn, machineCookie, type Session } from '../test-kit/portal-api.ts';
import { Rig } from './support/rig.ts';

/**
 * Duet's official client (the PollConnector Duet Web Control uses on standalone boards) through the portal:
 * on the machine origin with the panel's cookie, as the framed control page runs, and on the portal's origin with
 * the bearer token, as the portal's own pages may call it.
 */

let portal: RunningPortal;
const rig = new Rig();
let customer: Session;

beforeAll(async () => {
  portal = await startPortal();
  customer = await logIn(portal, 'customer@demo.test');
});

afterAll(async () => {
  await rig.close();
  await portal?.stop();
});

/** A board behind its own gateway for the demo machine group `group` (one customer@ is assigned to). */
async function machine(group: string): Promise<{ controller: number; board: RunningBoard }> {
  const admin = await logIn(portal, 'admin@demo.test');
  const controller = await controllerOf(portal, admin, group);
  const board = await rig.board({ name: group });
  const key = await issueGatewayKey(portal, admin, controller);
  await rig.gateway({ server: portal.url, controller, key, board: board.url });
  return { controller, board };
}

interface Origin {
  /** host:port the connector talks to. */
  host: string;
  /** What the browser would add to every request. */
  headers: Record<string, string>;
}

function describeConnectorThrough(
  title: string,
  group: string,
  origin: (controller: number) => Promise<Origin>,
) {
  describe(title, () => {
    let board: RunningBoard;
    let connector: BaseConnector;
    const model = new ObjectModel();
    const errors: unknown[] = [];

    beforeAll(async () => {
      const target = await machine(group);
      board = target.board;
      const { host, headers } = await origin(target.controller);
      installConnectorGlobals(headers);
      connector = await PollConnector.connect(host, {
        ...DefaultSettings,
        baseURL: boardProxyPath('3.6', 'customer', target.controller),
        // FileReader (for upload CRCs) is a browser API Node lacks.
        crcUploads: false,
        updateInterval: 100,
      });
      connector.setCallbacks({
        onConnectProgress: () => undefined,
        onConnectionError: (_connector, reason) => errors.push(reason),
        onReconnected: () => undefined,
        onUpdate: (_connector, data) => model.update(data),
        onVolumeChanged: () => undefined,
      });
    });
    afterAll(async () => {
      await connector?.disconnect();
    });

    it('connects and follows the object model', async () => {
      await expect.poll(() => model.network.name, { timeout: 5_000 }).toBe(group);
      await expect.poll(() => model.state.status).toBe('idle');
      const { upTime } = model.state;
      await expect.poll(() => model.state.upTime, { timeout: 5_000 }).toBeGreaterThan(upTime);
      expect(errors).toEqual([]);
    });

    it('sends G-code and sees the print it starts', async () => {
      expect(await connector.sendCode('M32 "Supporto_sensore.gcode"', false)).toBe(
        'File 0:/gcodes/Supporto_sensore.gcode selected for printing',
      );
      await expect.poll(() => model.state.status).toBe('processing');
      expect(await connector.sendCode('M25', false)).toBe('');
      board.advance(5_000); // the board finishes the moves it has queued before it pauses
      await expect.poll(() => model.state.status).toBe('paused');
      await connector.sendCode('M0', false);
      board.advance(5_000);
      await expect.poll(() => model.state.status).toBe('idle');
    });

    it('uploads and downloads a file', async () => {
      const text = `; through the portal\n${'G1 X10 Y10\n'.repeat(20_000)}`;
      await connector.upload('0:/gcodes/from-connector.gcode', text);
      expect(new TextDecoder().decode(board.sd.read('0:/gcodes/from-connector.gcode'))).toBe(text);
      expect(await connector.download('0:/gcodes/from-connector.gcode', 'text')).toBe(text);
      const files = await connector.getFileList('0:/gcodes');
      expect(files.map((file) => file.name)).toContain('from-connector.gcode');
      expect(errors).toEqual([]);
    });
  });
}

describeConnectorThrough(
  'PollConnector on the machine origin, with the control panel cookie',
  'Prusa linea 1',
  async (controller) => ({
    host: new URL(portal.machineUrl(controller)).host,
    headers: { Cookie: await machineCookie(portal, customer, controller) },
  }),
);

describeConnectorThrough(
  "PollConnector on the portal's origin, with the bearer token",
  'Prusa linea 2',
  async () => ({ host: new URL(portal.url).host, headers: { Authorization: `Bearer ${customer.token}` } }),
);
