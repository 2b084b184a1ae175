import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import type { RunningBoard } from '@portal/board-sim';
import { boardProxyPath } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { counterSum, type Deployment, metricsOf, startDeployment } from '../test-kit/deployment.ts';
import { controllerOf, issueGatewayKey, logIn, machineCookie, type Session } from '../test-kit/portal-api.ts';
import { Rig } from './support/rig.ts';

/**
 * Machines whose tunnels one instance holds, reached through the others (docs/design.md §7): three portal instances
 * behind HAProxy on one PostgreSQL database and one Redis, real gateway agents dialling the first instance, simulated
 * boards behind them; every request is made on another instance, or through HAProxy to whichever it picks.
 */

let deployment: Deployment;
const rig = new Rig();
let admin: Session;
let customer: Session;
let tech: Session;
const id = { prusa: 0, cella: 0 };
let prusaBoard: RunningBoard;
let sbcBoard: RunningBoard;

beforeAll(async () => {
  deployment = await startDeployment({ instances: 3 });
  const holder = deployment.instances[0] as Deployment['instances'][number];
  admin = await logIn(deployment, 'admin@demo.test');
  customer = await logIn(deployment, 'customer@demo.test');
  tech = await logIn(deployment, 'tech@demo.test');
  id.prusa = await controllerOf(deployment, admin, 'Prusa linea 1');
  id.cella = await controllerOf(deployment, admin, 'Cella pallet');
  [prusaBoard, sbcBoard] = await Promise.all([
    rig.board({ name: 'Prusa linea 1' }),
    rig.board({ name: 'Cella pallet', mode: 'sbc' }),
  ]);
  const dial = async (controller: number, board: string) =>
    rig.gateway({
      server: holder.url,
      controller,
      key: await issueGatewayKey(deployment, admin, controller),
      board,
    });
  await Promise.all([dial(id.prusa, prusaBoard.url), dial(id.cella, sbcBoard.url)]);
}, 180_000);

afterAll(async () => {
  await rig.close();
  await deployment?.stop();
}, 60_000);

const others = () => deployment.instances.slice(1);
const get = (origin: string, session: Session, path: string, init: RequestInit = {}) =>
  fetch(`${origin}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${session.token}`, ...init.headers },
  });

describe('a machine whose tunnel another instance holds', () => {
  it("answers its board's object model on every instance, counted as forwarded there", async () => {
    const path = boardProxyPath('3.6', 'customer', id.prusa, 'rr_model?key=network');
    for (const instance of others()) {
      const response = await get(instance.url, customer, path);
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ key: 'network', result: { name: 'Prusa linea 1' } });
      expect(counterSum(await metricsOf(instance), 'portal_forwarded_requests_total')).toBeGreaterThan(0);
    }
    for (let request = 0; request < 6; request++) {
      expect((await get(deployment.url, customer, path)).status).toBe(200);
    }
  });

  it('is online in the live status of every instance', async () => {
    for (const instance of deployment.instances) {
      await expect
        .poll(async () => {
          const statuses = (await (await get(instance.url, customer, '/api/v1/machines/status')).json()) as {
            controllerId: number;
            status: { state: string };
          }[];
          return statuses.find((machine) => machine.controllerId === id.prusa)?.status.state;
        })
        .toBe('idle');
    }
  });

  it('takes an upload and gives it back whole through another instance, streamed both ways', async () => {
    const data = randomBytes(16 * 1024 * 1024);
    const name = `0:/gcodes/cross-${Date.now()}.gcode`;
    const [sender, reader] = others() as [Deployment['instances'][number], Deployment['instances'][number]];
    const uploaded = await get(
      sender.url,
      admin,
      boardProxyPath('3.6', 'admin', id.prusa, `rr_upload?name=${encodeURIComponent(name)}`),
      { method: 'POST', body: data, headers: { 'content-type': 'application/octet-stream' } },
    );
    expect(uploaded.status).toBe(200);
    expect(await uploaded.json()).toEqual({ err: 0 });
    const downloaded = await get(
      reader.url,
      admin,
      boardProxyPath('3.6', 'admin', id.prusa, `rr_download?name=${encodeURIComponent(name)}`),
    );
    expect(downloaded.status).toBe(200);
    const digest = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
    expect(digest(new Uint8Array(await downloaded.arrayBuffer()))).toBe(digest(data));
  });

  it("carries DSF's object-model WebSocket on the machine origin through HAProxy", async () => {
    const cookie = await machineCookie(deployment, tech, id.cella);
    const url = new URL(
      boardProxyPath('3.6', 'customer', id.cella, 'machine'),
      deployment.machineUrl(id.cella),
    );
    url.protocol = 'ws:';
    // Three sockets: round robin puts at least two of them on instances that do not hold the tunnel.
    for (let socketNumber = 0; socketNumber < 3; socketNumber++) {
      const socket = new WebSocket(url, { headers: { cookie } });
      const messages: string[] = [];
      socket.on('message', (message) => messages.push(message.toString()));
      try {
        await once(socket, 'open');
        await expect.poll(() => messages.length).toBe(1);
        expect(JSON.parse(messages[0] as string)).toMatchObject({ network: { name: 'Cella pallet' } });
        await sbcBoard.runGcode(`M117 "socket ${socketNumber}"`);
        socket.send('OK\n');
        await expect.poll(() => messages.slice(1).join('')).toContain(`socket ${socketNumber}`);
      } finally {
        socket.terminate();
      }
    }
  });

  it("is another business's machine on every instance: 404 there too", async () => {
    const customer2 = await logIn(deployment, 'customer2@demo.test');
    for (const instance of others()) {
      const response = await get(
        instance.url,
        customer2,
        boardProxyPath('3.6', 'customer', id.prusa, 'rr_model'),
      );
      expect(response.status).toBe(404);
    }
  });
});
