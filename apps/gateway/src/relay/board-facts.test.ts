import { describe, expect, it } from 'vitest';
import { BoardFacts, firmwareOf } from './board-facts.ts';

const bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));

describe("the board's latency", () => {
  it('is the median of the recent round trips, so one slow file read does not sway it', () => {
    const facts = new BoardFacts();
    expect(facts.latencyMs).toBeNull();
    for (const ms of [10.04, 12, 2_000]) facts.recordRoundTrip(ms);
    expect(facts.latencyMs).toBe(12);
    facts.recordRoundTrip(11);
    expect(facts.latencyMs).toBe(11.5);
  });

  it('forgets the oldest round trips', () => {
    const facts = new BoardFacts();
    for (let i = 0; i < 32; i++) facts.recordRoundTrip(500);
    for (let i = 0; i < 32; i++) facts.recordRoundTrip(5);
    expect(facts.latencyMs).toBe(5);
  });
});

describe("the board's firmware", () => {
  it('is read from RRF main board and from DSF whole model', () => {
    expect(
      firmwareOf(
        'rrf',
        bytes({
          key: 'boards[0]',
          flags: '',
          result: { firmwareName: 'RepRapFirmware', firmwareVersion: '3.5.2', freeRam: 1 },
        }),
      ),
    ).toEqual({ name: 'RepRapFirmware', version: '3.5.2', dsfVersion: null });
    const model = {
      boards: [{ firmwareName: 'RepRapFirmware', firmwareVersion: '3.6.0' }],
      sbc: { dsf: { version: '3.6.1' } },
    };
    expect(firmwareOf('dsf', bytes(model))).toEqual({
      name: 'RepRapFirmware',
      version: '3.6.0',
      dsfVersion: '3.6.1',
    });
    expect(firmwareOf('dsf', bytes({ ...model, sbc: null }))?.dsfVersion).toBeNull();
  });

  it('is unknown when the answer does not say', () => {
    expect(firmwareOf('rrf', bytes({ result: null }))).toBeNull();
    expect(firmwareOf('dsf', bytes({ boards: [] }))).toBeNull();
    expect(firmwareOf('rrf', new TextEncoder().encode('<html>'))).toBeNull();
  });

  it('is news only when it changes', () => {
    const facts = new BoardFacts();
    const heard: string[] = [];
    facts.on('firmware', (firmware) => heard.push(firmware.version));
    const firmware = { name: 'RepRapFirmware', version: '3.5.2', dsfVersion: null };
    facts.setFirmware(firmware);
    facts.setFirmware({ ...firmware });
    facts.setFirmware({ ...firmware, version: '3.6.1' });
    expect(heard).toEqual(['3.5.2', '3.6.1']);
  });
});
