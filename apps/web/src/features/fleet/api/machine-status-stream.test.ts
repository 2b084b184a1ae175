import type { MachineCardState, MachineStatus } from '@portal/contract';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { machineStatusesQueryKey } from './fleet-keys';
import { stateChanged, withStatus, writeStatuses } from './machine-status-stream';

const item = (machineGroupId: number, state: MachineStatus['status']['state']): MachineStatus => ({
  machineGroupId,
  controllerId: machineGroupId + 10,
  name: `M${machineGroupId}`,
  license: null,
  status: { state, job: null, heaters: [], boardName: null, firmwareVersion: null, updatedAt: null },
});

describe('withStatus (a status event into the cached list)', () => {
  it("replaces the machine's status in place", () => {
    const list = [item(1, 'idle'), item(2, 'processing')];
    expect(withStatus(list, item(2, 'paused'))?.map((entry) => entry.status.state)).toEqual([
      'idle',
      'paused',
    ]);
    expect(list[1]?.status.state).toBe('processing');
  });

  it('adds a machine the list does not hold yet', () => {
    expect(withStatus([item(1, 'idle')], item(3, 'halted'))?.map((entry) => entry.machineGroupId)).toEqual([
      1, 3,
    ]);
  });

  it('leaves an empty cache for the first call or snapshot to fill', () => {
    expect(withStatus(undefined, item(1, 'idle'))).toBeUndefined();
  });
});

describe('stateChanged (whether a status event moves its machine to another card state)', () => {
  const states = new Map<number, MachineCardState>([
    [1, 'idle'],
    [2, 'processing'],
  ]);

  it('is true for another state, false for the same state with other values', () => {
    expect(stateChanged(states, item(2, 'idle'))).toBe(true);
    expect(stateChanged(states, { ...item(2, 'processing'), name: 'renamed' })).toBe(false);
  });

  it('counts a machine not told of yet as changed, and nothing before the first snapshot', () => {
    expect(stateChanged(states, item(3, 'idle'))).toBe(true);
    expect(stateChanged(null, item(1, 'idle'))).toBe(false);
  });
});

describe('writeStatuses (the stream into the cache while a call for the statuses is under way)', () => {
  /** A call for the statuses whose answer the test gives when it wants. */
  function callUnderWay(client: QueryClient) {
    let answer: (list: MachineStatus[]) => void = () => {};
    const landed = client.fetchQuery({
      queryKey: machineStatusesQueryKey,
      queryFn: () => new Promise<MachineStatus[]>((resolve) => (answer = resolve)),
    });
    return { answer: (list: MachineStatus[]) => answer(list), landed: landed.catch(() => undefined) };
  }
  const states = (client: QueryClient) =>
    client.getQueryData<MachineStatus[]>(machineStatusesQueryKey)?.map((entry) => entry.status.state);

  it('keeps the snapshot when the older answer of the call lands after it', async () => {
    const client = new QueryClient();
    const call = callUnderWay(client);
    writeStatuses(client, () => [item(1, 'idle')]);
    call.answer([item(1, 'waiting')]);
    await call.landed;
    expect(states(client)).toEqual(['idle']);
  });

  it('keeps a status event when an older answer lands after it', async () => {
    const client = new QueryClient();
    client.setQueryData(machineStatusesQueryKey, [item(1, 'waiting')]);
    const call = callUnderWay(client);
    writeStatuses(client, (list) => withStatus(list, item(1, 'processing')));
    call.answer([item(1, 'waiting')]);
    await call.landed;
    expect(states(client)).toEqual(['processing']);
  });

  it('lets the first call land when an event comes before any list (nothing to put it in)', async () => {
    const client = new QueryClient();
    const call = callUnderWay(client);
    writeStatuses(client, (list) => withStatus(list, item(1, 'processing')));
    call.answer([item(1, 'idle')]);
    await call.landed;
    expect(states(client)).toEqual(['idle']);
  });
});
