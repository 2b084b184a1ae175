import { ObjectModel } from '@portal/duet';
import { describe, expect, it } from 'vitest';
import { createMachine } from '../test/machine-fixture.ts';
import { diffModel } from './model-patch.ts';

describe('object model patches', () => {
  it('bring a copy of the model up to date through ObjectModel.update, as DSF clients apply them', async () => {
    const { machine } = createMachine('3.6', 'sbc');
    const copy = new ObjectModel();
    copy.update(machine.dsfModel());
    let previous = machine.dsfModel();
    const steps = [
      () => machine.advance(2000),
      () => machine.execute('G28', { logReply: false }),
      () => machine.advance(3000),
      () => machine.execute('M32 "Supporto_sensore.gcode"', { logReply: false }),
      () => machine.advance(700_000),
      () => machine.execute('M25', { logReply: false }),
      () => machine.advance(2000),
      () => machine.execute('M0', { logReply: false }),
      () => machine.advance(2000),
    ];
    for (const step of steps) {
      step();
      const current = machine.dsfModel();
      const patch = diffModel(previous, current, machine.model);
      if (patch !== undefined) copy.update(JSON.parse(JSON.stringify(patch)));
      expect(JSON.parse(JSON.stringify(copy))).toEqual(current);
      previous = current;
    }
    expect(copy.job.lastFileName).toBe('0:/gcodes/Supporto_sensore.gcode');
  });

  it('carry only what changed, and nothing when nothing did', () => {
    const { machine } = createMachine('3.6', 'sbc');
    machine.advance(2000);
    const before = machine.dsfModel();
    expect(diffModel(before, machine.dsfModel(), machine.model)).toBeUndefined();
    void machine.execute('M140 S60', { logReply: false });
    machine.advance(1000);
    const patch = diffModel(before, machine.dsfModel(), machine.model) as Record<string, unknown>;
    expect(patch.heat).toMatchObject({ heaters: [{ active: 60, state: 'active' }, {}] });
    expect(patch).not.toHaveProperty('network');
  });
});
