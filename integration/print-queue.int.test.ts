import { setTimeout as delay } from 'node:timers/promises';
import type { MachineGroup, Page, QueueJob, QueueJobHistory, QueueReadyAnswer } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningPortal, startPortal } from '../test-kit/portal.ts';
import { api, controllerOf, issueGatewayKey, logIn, type Session } from '../test-kit/portal-api.ts';
import { Rig } from './support/rig.ts';

/**
 * The print queue on real hardware's stand-ins: a real portal process, two gateways and two simulated boards of
 * one machine type. Three copies of one library file run one after the other as a person marks each machine ready,
 * each copy sent through the tunnel, started and finished on its board, and followed by the queue.
 */

/** The simulated boards run a minute's job in a few seconds, so each job spans several of the portal's status reads. */
const TIME_SCALE = 15;
/** Generous: each job takes about four seconds of wall time; the machine running the tests may be busy. */
const WAIT_MS = 60_000;

let portal: RunningPortal;
const rig = new Rig();
let admin: Session;
let manager: Session;
let customer: Session;

beforeAll(async () => {
  portal = await startPortal();
  [admin, manager, customer] = await Promise.all([
    logIn(portal, 'admin@demo.test'),
    logIn(portal, 'manager@demo.test'),
    logIn(portal, 'customer@demo.test'),
  ]);
});

afterAll(async () => {
  await rig.close();
  await portal?.stop();
});

/** A demo machine group behind a fresh idle board and its own gateway. */
async function machine(name: string) {
  const groups = await api<Page<MachineGroup>>(portal, admin, 'GET', '/api/v1/machinegroup?pageSize=200');
  const group = groups.items.find((candidate) => candidate.name === name);
  if (!group) throw new Error(`no demo group ${name}`);
  const controller = await controllerOf(portal, admin, name);
  const board = await rig.board({ name, timeScale: TIME_SCALE });
  await rig.gateway({
    server: portal.url,
    controller,
    key: await issueGatewayKey(portal, admin, controller),
    board: board.url,
  });
  return { group, board };
}

/** Polls `read` until `done` says yes (the portal follows the boards every two seconds). */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await delay(250);
  }
}

async function uploadToLibrary(name: string, body: string): Promise<number> {
  const response = await fetch(`${portal.url}/api/v1/library/files?name=${encodeURIComponent(name)}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${customer.token}`, 'content-type': 'application/octet-stream' },
    body,
  });
  const text = await response.text();
  if (response.status !== 201) throw new Error(`library upload answered ${response.status}: ${text}`);
  return (JSON.parse(text) as { id: number }).id;
}

describe('the print queue on simulated machines', () => {
  it('runs three copies on two machines of one type, one after another as each is marked ready', async () => {
    const [line1, line2] = [await machine('Prusa linea 1'), await machine('Prusa linea 2')];
    const business = line1.group.business;
    for (const { group } of [line1, line2]) {
      await until(
        () =>
          api<{ machine: { state: string } }>(
            portal,
            customer,
            'GET',
            `/api/v1/machinegroup/${group.id}/print-queue`,
          ),
        (answer) => answer.machine.state === 'idle',
        `${group.name} idle`,
      );
    }
    await api(portal, manager, 'PUT', `/api/v1/business/${business}/print-queue/settings`, {
      autoStart: true,
    });
    const file = await uploadToLibrary('supporto.gcode', 'G28\nG1 X10 Y10 F3000\nG1 X20 Y20\n');
    const job = await api<QueueJob>(
      portal,
      customer,
      'POST',
      `/api/v1/business/${business}/print-queue/jobs`,
      {
        file,
        target: { machineType: line1.group.machine },
        copies: 3,
      },
    );
    const history = () => api<QueueJobHistory>(portal, customer, 'GET', `/api/v1/print-queue/jobs/${job.id}`);
    const ready = (groupId: number) =>
      api<QueueReadyAnswer>(portal, customer, 'PUT', `/api/v1/machinegroup/${groupId}/ready`);

    // Copy 1 on line 1 and copy 2 on line 2, each as its machine is marked ready.
    const first = await ready(line1.group.id);
    expect(first.started).toMatchObject({ copy: 1, machineGroup: line1.group.id, automatic: true });
    const second = await ready(line2.group.id);
    expect(second.started).toMatchObject({ copy: 2, machineGroup: line2.group.id });
    const boardFile = `0:/gcodes/queue/supporto.gcode`;
    expect(line1.board.sd.read(boardFile)).toBeTruthy();

    // Line 1 finishes its copy; its bed cleared, it takes the third.
    await until(
      history,
      (value) => value.runs.some((run) => run.machineGroup === line1.group.id && run.state === 'finished'),
      'the first copy finished',
    );
    const third = await ready(line1.group.id);
    expect(third.started).toMatchObject({ copy: 3, machineGroup: line1.group.id });

    const done = await until(history, (value) => value.job.state === 'done', 'every copy finished');
    expect(done.job).toMatchObject({ copies: 3, copiesStarted: 3, copiesFinished: 3 });
    expect(done.runs.map((run) => [run.copy, run.machineGroup, run.state])).toEqual([
      [1, line1.group.id, 'finished'],
      [2, line2.group.id, 'finished'],
      [3, line1.group.id, 'finished'],
    ]);
    // Nothing left to start: a machine marked ready now stays ready.
    expect((await ready(line2.group.id)).started).toBeNull();
  }, 180_000);
});
