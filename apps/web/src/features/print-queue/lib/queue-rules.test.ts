import type { QueueJob, QueueMachine } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import {
  addToQueueFormSchema,
  machineTypesOf,
  mayMarkReady,
  mayPrintOn,
  queueJobBodyOf,
  startableMachines,
  stepPosition,
  targetParts,
} from './queue-rules';

const job = (changes: Partial<QueueJob> = {}): QueueJob => ({
  id: 1,
  business: 2,
  file: 10,
  fileName: 'staffa.gcode',
  machineGroup: null,
  machineType: 3,
  location: null,
  copies: 2,
  copiesStarted: 0,
  copiesFinished: 0,
  position: 1,
  state: 'waiting',
  queuedBy: { id: 5, name: 'Carlo', surname: 'Cliente' },
  queuedAt: '2026-11-28T10:00:00.000Z',
  cancelledBy: null,
  cancelledAt: null,
  ...changes,
});

const machine = (changes: Partial<QueueMachine> = {}): QueueMachine => ({
  machineGroup: 7,
  name: 'Prusa linea 1',
  machineType: 3,
  location: 'Reparto stampa',
  state: 'idle',
  ready: true,
  markedBy: null,
  markedAt: null,
  run: null,
  ...changes,
});

describe('mayPrintOn', () => {
  it('takes the one machine group of a job aimed at it', () => {
    expect(mayPrintOn(job({ machineGroup: 7, machineType: null }), machine())).toBe(true);
    expect(mayPrintOn(job({ machineGroup: 8, machineType: null }), machine())).toBe(false);
  });

  it('takes any machine of the type, at the location when the job names one', () => {
    expect(mayPrintOn(job(), machine())).toBe(true);
    expect(mayPrintOn(job({ machineType: 4 }), machine())).toBe(false);
    expect(mayPrintOn(job({ location: 'Reparto stampa' }), machine())).toBe(true);
    expect(mayPrintOn(job({ location: 'Laboratorio' }), machine())).toBe(false);
  });
});

describe('startableMachines', () => {
  it('offers the ready, idle machines the job prints on that run no queued copy', () => {
    const machines = [
      machine(),
      machine({ machineGroup: 8, ready: false }),
      machine({ machineGroup: 9, state: 'processing' }),
      machine({ machineGroup: 10, machineType: 4 }),
      machine({ machineGroup: 11, run: null, state: 'gatewayOffline' }),
    ];
    expect(startableMachines(job(), machines).map((entry) => entry.machineGroup)).toEqual([7]);
  });

  it('offers none for a job with no copy left, no file, or no longer waiting', () => {
    expect(startableMachines(job({ copiesStarted: 2 }), [machine()])).toEqual([]);
    expect(startableMachines(job({ file: null }), [machine()])).toEqual([]);
    expect(startableMachines(job({ state: 'cancelled' }), [machine()])).toEqual([]);
  });
});

describe('mayMarkReady', () => {
  const run = {
    id: 1,
    job: 1,
    machineGroup: 7,
    copy: 1,
    state: 'printing' as const,
    boardFile: '0:/gcodes/queue/staffa.gcode',
    startedBy: null,
    automatic: false,
    startedAt: '2026-11-28T10:00:00.000Z',
    endedAt: null,
    reason: null,
    startError: null,
  };

  it('refuses a machine busy with a queued copy, and takes one without, or idle with a run nobody saw end', () => {
    expect(mayMarkReady(machine({ run, state: 'processing' }))).toBe(false);
    expect(mayMarkReady(machine({ run: null, state: 'processing' }))).toBe(true);
    expect(mayMarkReady(machine({ run, state: 'idle' }))).toBe(true);
  });
});

describe('targetParts', () => {
  const names = (id: number) => (id === 3 ? 'Prusa MK4' : undefined);

  it("names the machine group, or the machine type with the job's location", () => {
    expect(targetParts(job({ machineGroup: 7, machineType: null }), [machine()], names)).toEqual({
      machine: 'Prusa linea 1',
    });
    expect(targetParts(job(), [], names)).toEqual({ machineType: 'Prusa MK4' });
    expect(targetParts(job({ location: 'Laboratorio' }), [], names)).toEqual({
      machineType: 'Prusa MK4',
      location: 'Laboratorio',
    });
  });
});

describe('machineTypesOf', () => {
  it('lists each type once with its locations in order, empty locations left out', () => {
    const types = machineTypesOf([
      machine({ location: 'Reparto stampa' }),
      machine({ machineGroup: 8, location: 'Laboratorio' }),
      machine({ machineGroup: 9, location: 'Laboratorio' }),
      machine({ machineGroup: 10, machineType: 4, location: '' }),
    ]);
    expect([...types.entries()]).toEqual([
      [3, ['Laboratorio', 'Reparto stampa']],
      [4, []],
    ]);
  });
});

describe('stepPosition', () => {
  it('moves one place up or down and stops at either end', () => {
    expect(stepPosition(job({ position: 2 }), 'up', 3)).toBe(1);
    expect(stepPosition(job({ position: 2 }), 'down', 3)).toBe(3);
    expect(stepPosition(job({ position: 1 }), 'up', 3)).toBeNull();
    expect(stepPosition(job({ position: 3 }), 'down', 3)).toBeNull();
    expect(stepPosition(job({ position: null }), 'up', 3)).toBeNull();
  });
});

describe('the add-to-queue form', () => {
  it('asks for the machine or the machine type the chosen target needs', () => {
    const machineMissing = addToQueueFormSchema.safeParse({ kind: 'machine', location: '', copies: 1 });
    expect(machineMissing.error?.issues.map((issue) => issue.path)).toEqual([['machineGroup']]);
    const typeMissing = addToQueueFormSchema.safeParse({ kind: 'type', location: '', copies: 1 });
    expect(typeMissing.error?.issues.map((issue) => issue.path)).toEqual([['machineType']]);
  });

  it('keeps the copies between 1 and 100', () => {
    for (const copies of [0, 101, Number.NaN, 1.5])
      expect(
        addToQueueFormSchema.safeParse({ kind: 'machine', machineGroup: 7, location: '', copies }).success,
      ).toBe(false);
  });

  it('sends the machine group, or the machine type with the location only when one was chosen', () => {
    expect(
      queueJobBodyOf(10, { kind: 'machine', machineGroup: 7, machineType: 3, location: 'X', copies: 2 }),
    ).toEqual({
      file: 10,
      target: { machineGroup: 7 },
      copies: 2,
    });
    expect(queueJobBodyOf(10, { kind: 'type', machineType: 3, location: '', copies: 1 })).toEqual({
      file: 10,
      target: { machineType: 3 },
      copies: 1,
    });
    expect(queueJobBodyOf(10, { kind: 'type', machineType: 3, location: 'Laboratorio', copies: 1 })).toEqual({
      file: 10,
      target: { machineType: 3, location: 'Laboratorio' },
      copies: 1,
    });
  });
});
