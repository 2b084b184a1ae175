import { describe, expect, it } from 'vitest';
import { ARRAY_CHUNK_BYTES, queryModel } from './model-query.ts';

const model = {
  heat: {
    bedHeaters: [0, -1],
    heaters: [
      { current: 20.5, active: 0, state: 'off', max: 120, model: { deadTime: 5 } },
      { current: 200, active: 210, state: 'active', max: 285, model: { deadTime: 3 } },
    ],
  },
  job: { duration: null, file: { fileName: null, size: 0 }, filePosition: 0, lastFileName: 'a.gcode' },
  network: { name: 'Printer' },
  tools: [{ number: 0, active: [210], name: 'Hotend' }],
  long: Array.from({ length: 40 }, (_, index) => ({ index, padding: 'x'.repeat(100) })),
};

describe('rr_model queries', () => {
  it('answers the whole model to depth 1 by default, objects beyond it as {}', () => {
    const answer = queryModel(model, '', '');
    expect(answer).toMatchObject({ key: '', flags: '' });
    expect(answer.result).toMatchObject({ heat: {}, job: {}, network: {}, tools: [{}] });
    expect(answer.next).toBeUndefined();
  });

  it('follows dotted keys with [n] and [] and gives the full depth below a key', () => {
    expect(queryModel(model, 'heat.heaters[1].current', '').result).toBe(200);
    expect(queryModel(model, 'heat.heaters[].state', '').result).toEqual(['off', 'active']);
    expect(queryModel(model, 'heat.heaters[0]', '').result).toEqual(model.heat.heaters[0]);
    expect(queryModel(model, 'heat', 'd1').result).toEqual({ bedHeaters: [0, -1], heaters: [{}, {}] });
    expect(queryModel(model, 'heat', 'd2').result).toMatchObject({
      heaters: [{ current: 20.5, model: {} }, {}],
    });
  });

  it('gives array lengths for #key and null for unknown keys', () => {
    expect(queryModel(model, '#heat.heaters', '').result).toBe(2);
    expect(queryModel(model, 'heat.nothing', '').result).toBeNull();
    expect(queryModel(model, 'nothing[3].x', '').result).toBeNull();
  });

  it('drops null fields unless n is given', () => {
    expect(queryModel(model, 'job', '').result).toEqual({
      file: { size: 0 },
      filePosition: 0,
      lastFileName: 'a.gcode',
    });
    expect(queryModel(model, 'job', 'n').result).toEqual(model.job);
  });

  it('keeps only live fields with f (and only live roots for the whole model)', () => {
    const live = queryModel(model, '', 'd99fn').result as Record<string, unknown>;
    expect(Object.keys(live).sort()).toEqual(['heat', 'job', 'tools']);
    expect(live.heat).toEqual({
      heaters: [
        { current: 20.5, active: 0, state: 'off' },
        { current: 200, active: 210, state: 'active' },
      ],
    });
    expect(live.job).toEqual({ duration: null, filePosition: 0 });
    expect(queryModel(model, 'heat.heaters', 'f').result).toEqual([
      { current: 20.5, active: 0, state: 'off' },
      { current: 200, active: 210, state: 'active' },
    ]);
  });

  it('pages a top-level array with next and a<N>, and only arrays carry next', () => {
    const first = queryModel(model, 'long', 'd99');
    expect(JSON.stringify(first.result).length).toBeLessThanOrEqual(ARRAY_CHUNK_BYTES + 200);
    expect(first.next).toBeGreaterThan(0);
    const collected = [...(first.result as unknown[])];
    let next = first.next as number;
    while (next !== 0) {
      const page = queryModel(model, 'long', `d99a${next}`);
      collected.push(...(page.result as unknown[]));
      next = page.next as number;
    }
    expect(collected).toEqual(model.long);
    expect(queryModel(model, 'tools', 'd99').next).toBe(0);
    expect(queryModel(model, 'job', 'd99').next).toBeUndefined();
  });
});
