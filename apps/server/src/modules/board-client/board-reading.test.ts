import { describe, expect, it } from 'vitest';
import { heatersOf, thumbnailOf } from './board-reading.ts';

const heater = (current: number, state: string, active = 0, standby = 0) => ({
  current,
  active,
  standby,
  state,
});

describe("a board's heaters as a person reads them", () => {
  it('puts the bed first, then the chamber and the tools, numbered within each kind', () => {
    const heaters = heatersOf(
      {
        heaters: [
          heater(205.04, 'active', 210, 150),
          heater(59.96, 'active', 60),
          null,
          heater(35, 'off'),
          heater(21, 'standby', 200, 170),
        ],
      },
      { bedHeaters: [1, -1], chamberHeaters: [3] },
    );
    expect(heaters).toEqual([
      { kind: 'bed', number: 1, current: 60, target: 60, state: 'active' },
      { kind: 'chamber', number: 1, current: 35, target: null, state: 'off' },
      { kind: 'tool', number: 1, current: 205, target: 210, state: 'active' },
      { kind: 'tool', number: 2, current: 21, target: 170, state: 'standby' },
    ]);
  });

  it('reads every heater as a tool before the roles are known, and none without a reading', () => {
    expect(heatersOf({ heaters: [heater(20, 'off')] }, undefined)).toEqual([
      { kind: 'tool', number: 1, current: 20, target: null, state: 'off' },
    ]);
    expect(heatersOf(undefined, undefined)).toEqual([]);
  });
});

describe("a file's thumbnail", () => {
  const thumb = (format: string, width: number, height: number) => ({
    format,
    width,
    height,
    offset: 100,
    size: 10,
    data: null,
  });

  it('is the largest PNG, since browsers show no QOI', () => {
    expect(thumbnailOf([thumb('png', 32, 32), thumb('qoi', 400, 400), thumb('png', 220, 124)])).toMatchObject(
      {
        width: 220,
        height: 124,
      },
    );
    expect(thumbnailOf([thumb('qoi', 32, 32)])).toBeNull();
    expect(thumbnailOf(undefined)).toBeNull();
  });
});
