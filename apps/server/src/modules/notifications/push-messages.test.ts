import { describe, expect, it } from 'vitest';
import { machineMessage, ticketMessage } from './push-messages.ts';

describe('push messages', () => {
  it("write a ticket's event in the subscription's language and open the ticket under that prefix", () => {
    const facts = { kind: 'ticketClosed', ticketId: 12, title: 'Ugello intasato' } as const;
    expect(ticketMessage(facts, 'it')).toEqual({
      title: 'Ticket #12 chiuso',
      body: 'Ugello intasato',
      url: '/it/tickets/12',
      tag: 'ticket-12',
      kind: 'ticketClosed',
      ticketId: 12,
    });
    expect(ticketMessage(facts, 'en')).toMatchObject({ title: 'Ticket #12 closed', url: '/en/tickets/12' });
  });

  it("name the machine and the finished job's file, and open the machine", () => {
    const facts = {
      kind: 'jobFinished',
      machineId: 4,
      name: 'Prusa linea 1',
      fileName: 'staffa.gcode',
    } as const;
    expect(machineMessage(facts, 'it')).toEqual({
      title: 'Prusa linea 1',
      body: 'Lavorazione terminata: staffa.gcode',
      url: '/it/machines/4',
      tag: 'machine-4-jobFinished',
      kind: 'jobFinished',
      machineId: 4,
    });
    expect(machineMessage({ ...facts, kind: 'gatewayOffline', fileName: null }, 'en').body).toBe(
      'Gateway offline',
    );
  });

  it("tell a queued copy's start and end in both languages, each replacing the last of its run", () => {
    const facts = {
      kind: 'queueJobStarted',
      machineId: 4,
      name: 'Prusa linea 1',
      fileName: 'staffa.gcode',
      runId: 31,
    } as const;
    const texts = (['queueJobStarted', 'queueJobFinished', 'queueJobFailed'] as const).map((kind) =>
      (['it', 'en'] as const).map((language) => machineMessage({ ...facts, kind }, language).body),
    );
    expect(texts).toEqual([
      ['Lavoro in coda avviato: staffa.gcode', 'Queued job started: staffa.gcode'],
      ['Lavoro in coda terminato: staffa.gcode', 'Queued job finished: staffa.gcode'],
      ['Lavoro in coda non riuscito: staffa.gcode', 'Queued job failed: staffa.gcode'],
    ]);
    expect(machineMessage({ ...facts, kind: 'queueJobFailed' }, 'en')).toMatchObject({
      tag: 'queue-run-31',
      kind: 'queueJobFailed',
      url: '/en/machines/4',
    });
  });
});
