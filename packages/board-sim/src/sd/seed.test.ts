import { describe, expect, it } from 'vitest';
import { createMachine } from '../test/machine-fixture.ts';
import { decodedPngSize } from '../test/png.ts';
import { readSlicedFileInfo } from './gcode-info.ts';
import { rrfThumbnails } from './gcode-thumbnails.ts';
import { seedGcodeFiles } from './seed-gcodes.ts';
import {
  MAINTENANCE_HEADER,
  MAINTENANCE_PATH,
  STATISTICS_HEADER,
  STATISTICS_PATH,
} from './seed-statistics.ts';
import { renderPartPng } from './thumbnail-image.ts';

describe('the seeded card', () => {
  it('holds sliced files from tens of kilobytes to a couple of megabytes whose comments read back', () => {
    const files = seedGcodeFiles();
    const sizes = files.map((file) => file.data.length);
    expect(Math.min(...sizes)).toBeLessThan(100_000);
    expect(Math.max(...sizes)).toBeGreaterThan(1_500_000);
    const cube = files.find((file) => file.path === 'calibration_cube_20mm.gcode');
    const { thumbnails, ...info } = readSlicedFileInfo(cube?.data ?? new Uint8Array());
    expect(info).toEqual({
      height: 20,
      layerHeight: 0.2,
      numLayers: 100,
      printTime: 2290,
      filament: [3105.2],
      generatedBy: 'PrusaSlicer 2.8.1',
    });
    expect(thumbnails.map(({ format, width, height }) => `${format} ${width}x${height}`)).toEqual([
      'png 32x32',
      'png 220x124',
    ]);
  });

  it('gives every sliced file a small and a large PNG thumbnail that decode to their stated size', () => {
    for (const file of seedGcodeFiles()) {
      const { thumbnails } = readSlicedFileInfo(file.data);
      expect(thumbnails, file.path).toHaveLength(2);
      expect(rrfThumbnails(thumbnails), file.path).toHaveLength(2);
      for (const thumbnail of thumbnails) {
        expect(thumbnail.format).toBe('png');
        expect(thumbnail.data).toHaveLength(thumbnail.size);
        expect(decodedPngSize(thumbnail.data ?? '')).toEqual({
          width: thumbnail.width,
          height: thumbnail.height,
        });
      }
      expect(thumbnails[0]).toMatchObject({ width: 32, height: 32 });
      expect(thumbnails[1]?.width).toBeGreaterThanOrEqual(220);
    }
  });

  it('draws each thumbnail the same way every time, one picture per part', () => {
    const look = { shape: 'bracket', colour: [232, 110, 26] } as const;
    expect(renderPartPng(220, 124, look)).toEqual(renderPartPng(220, 124, look));
    const pictures = seedGcodeFiles().map((file) => readSlicedFileInfo(file.data).thumbnails[1]?.data);
    expect(new Set(pictures).size).toBe(pictures.length);
  });

  it('holds the statistics and maintenance logs as comma-separated files with a header row', () => {
    const { sd } = createMachine();
    const statistics = new TextDecoder().decode(sd.read(STATISTICS_PATH)).trimEnd().split('\n');
    expect(statistics[0]).toBe(STATISTICS_HEADER.join(','));
    expect(statistics.length).toBeGreaterThan(20);
    for (const row of statistics.slice(1)) {
      expect(row.split(',')).toHaveLength(STATISTICS_HEADER.length);
      expect(row).toMatch(
        /^\d{4}-\d{2}-\d{2} \d{2}:\d{2},.+\.gcode,(\d+h )?\d+m \d+s,\d+\.\d,(Completata|Annullata|Interrotta)$/,
      );
    }
    const maintenance = new TextDecoder().decode(sd.read(MAINTENANCE_PATH)).trimEnd().split('\n');
    expect(maintenance[0]).toBe(MAINTENANCE_HEADER.join(','));
    for (const row of maintenance.slice(1)) expect(row.split(',')).toHaveLength(MAINTENANCE_HEADER.length);
    const counters = maintenance.slice(1).map((row) => row.split(',').slice(-2).map(Number));
    const overdue = counters.filter(([hours, interval]) => (hours as number) >= (interval as number));
    expect(overdue.length).toBeGreaterThan(0);
    expect(overdue.length).toBeLessThan(counters.length);
  });

  it('holds config.g, macros and the built-in web page', () => {
    const { sd } = createMachine();
    expect(new TextDecoder().decode(sd.read('0:/sys/config.g'))).toContain('M550 P"Test printer"');
    expect(sd.list('0:/macros')?.length).toBeGreaterThan(2);
    expect(new TextDecoder().decode(sd.read('0:/www/index.html'))).toContain('simulated Duet board');
  });
});
